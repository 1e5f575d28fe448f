import type { Transaction, Database } from '@medida/db';
import type { AuditEventInput } from '../../lib/audit-route.ts';
import type { AppDeps } from '../../types.ts';
import { appendAuditEvent, createAuditRepository, lockAuditChains } from './audit.repository.ts';

const fieldsOf = (event: AuditEventInput, occurredAt: Date) => ({
  occurred_at: occurredAt,
  actor_id: event.actorId,
  actor_type: event.actorType,
  resource_type: event.resourceType,
  resource_id: String(event.target.id),
  action: event.action,
  result: event.result,
  request_id: event.requestId,
  ip: event.ip,
});

export function createAuditService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = createAuditRepository(deps.db);
  return {
    /** Appends the event to the chain of the client's account; objects that lead to no client are not client data. */
    record: (event: AuditEventInput): Promise<boolean> => repo.append(event.target, fieldsOf(event, deps.clock.now())),
    /** The same inside the caller's transaction: the event stands or falls with the change it records. */
    recordInTransaction: (trx: Transaction<Database>, event: AuditEventInput): Promise<boolean> =>
      appendAuditEvent(trx, event.target, fieldsOf(event, deps.clock.now())),
    /** Before appending to several accounts' chains in one transaction (see lockAuditChains). */
    lockChains: lockAuditChains,
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
