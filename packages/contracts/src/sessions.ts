import { z } from 'zod';

// GET /web/sessions — the signed-in user's live sessions (security.md R12, ASVS V7.5.2).
export const activeSessionSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** What its sign-in proved besides the password (decision 206); null = the password alone. */
  second_factor: z.enum(['totp', 'recovery', 'passkey']).nullable(),
  /** The session making this request. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(activeSessionSchema) });

// DELETE /web/sessions/:id — ends one of one's own sessions (the current one too: that is a logout).
export const sessionParamsSchema = z.strictObject({ id: z.uuid({ error: 'validation.invalid' }) });

// DELETE /web/sessions — ends every other session; the current one stays.
export const endOtherSessionsResponseSchema = z.object({ ended: z.number().int() });
