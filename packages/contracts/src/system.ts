import { z } from 'zod';

// GET /web/health (public)
export const healthResponseSchema = z.object({ status: z.literal('ok') });
