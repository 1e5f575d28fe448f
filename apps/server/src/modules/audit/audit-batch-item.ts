import type { AuditEventInput, AuditTarget } from '../../lib/audit-route.ts';
import { canonicalAround, type ChainedFields } from './audit-chain.ts';

/** What the server decides of an event; the chain's end decides the rest (account, seq, client, hashes). */
export type AuditEventFields = Omit<ChainedFields, 'seq' | 'prev_hash' | 'account_id' | 'client_id'>;

/** The stored fields of an access, as of `occurredAt`. */
export function auditFieldsOf(event: AuditEventInput, occurredAt: Date): AuditEventFields {
  return {
    occurred_at: occurredAt,
    actor_id: event.actorId,
    actor_type: event.actorType,
    resource_type: event.resourceType,
    resource_id: String(event.target.id),
    action: event.action,
    result: event.result,
    request_id: event.requestId,
    ip: event.ip,
  };
}

/**
 * One element of the JSON array that `audit_append_many` (migration 0025) takes: the target, the fields and the
 * canonical text around what the chain decides. Also what a session check carries for a held read (decision 172).
 */
export function appendManyItem(target: AuditTarget, event: AuditEventFields) {
  return {
    kind: target.kind,
    id: target.id,
    ...event,
    occurred_at: event.occurred_at.toISOString(),
    ...canonicalAround(event),
  };
}
