import { z } from 'zod';
import { digitsSchema, documentedInteger } from './common.ts';

// GET /web/clients/:id/audit?limit=&skip= — who did what with a client's record, newest first
// (security.md F1). The professional sees addresses; the client sees who and what (decision 142).
export const auditTrailQuerySchema = z.strictObject({
  limit: digitsSchema().pipe(z.number().min(1).max(100)).meta(documentedInteger(1, 100)).default(50),
  skip: digitsSchema().default(0),
});
export const auditEventSchema = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  actor: z.object({ id: z.number().int(), nombre: z.string(), apellido: z.string() }).nullable(),
  actor_role: z.enum(['professional', 'client']).nullable(),
  /** The viewer did this. */
  is_self: z.boolean(),
  resource_type: z.string(),
  resource_id: z.string().nullable(),
  action: z.string(),
  result: z.enum(['success', 'denied']),
  ip: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditTrailResponseSchema = z.object({ events: z.array(auditEventSchema), total: z.number().int() });
