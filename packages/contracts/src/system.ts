import { z } from 'zod';

// GET /web/health (public)
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/** What GET /web/ready checks (decision 222); each is `ok` in a 200 answer. A 503 names the failed ones. */
export const READY_CHECKS = ['database', 'storage', 'queue'] as const;
export type ReadyCheck = (typeof READY_CHECKS)[number];

// GET /web/ready (public): 200 when this instance should get traffic; 503 (the error envelope) otherwise.
export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  checks: z.object({ database: z.literal('ok'), storage: z.literal('ok'), queue: z.literal('ok') }),
});
