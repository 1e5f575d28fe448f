import type { Transaction, Database } from '@medida/db';
import { USER_TYPE, type AuditEvent } from '@medida/contracts';
import type { AuditEventInput } from '../../lib/audit-route.ts';
import type { AppDeps } from '../../types.ts';
import { auditFieldsOf } from './audit-batch-item.ts';
import { createGroupAppend } from './audit-group-append.ts';
import {
  appendAuditEvent,
  appendAuditEvents,
  createAuditRepository,
  lockAuditChains,
  type PendingAuditEvent,
} from './audit.repository.ts';
import { atCommit, type TailWriter } from '../../lib/commit-tail.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';

/** A transaction's events in one statement, in the order recorded (one alone as audit_append, as before). */
const appendInTail: TailWriter<PendingAuditEvent> = (trx, events) =>
  events.length === 1 ? appendAuditEvent(trx, events[0]!.target, events[0]!.event) : appendAuditEvents(trx, events);

type TrailRow = Awaited<ReturnType<ReturnType<typeof createAuditRepository>['listForClient']>>[number];

/** One event as its viewer sees it: the client itself does not see its professionals' addresses. */
function toAuditEvent(row: TrailRow, viewer: { id: number; isClient: boolean }): AuditEvent {
  return {
    id: row.id,
    occurred_at: row.occurred_at.toISOString(),
    actor:
      row.actor_id === null
        ? null
        : { id: row.actor_id, nombre: row.actor_nombre ?? '', apellido: row.actor_apellido ?? '' },
    actor_role:
      row.actor_type === USER_TYPE.professional
        ? 'professional'
        : row.actor_type === USER_TYPE.client
          ? 'client'
          : null,
    is_self: row.actor_id === viewer.id,
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    action: row.action,
    result: row.result === 'denied' ? 'denied' : 'success',
    // Professionals' addresses are theirs, not the client's business.
    ip: viewer.isClient ? null : row.ip,
  };
}

export function createAuditService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = createAuditRepository(deps.db);
  const groupAppend = createGroupAppend(deps.db);
  const users = createUserRecordsService(deps.db);
  return {
    /** A page of a visible client's trail, newest first (GET /web/clients/:id/audit). */
    async page(viewerId: number, clientId: number, page: { limit: number; offset: number }) {
      const client = await users.findVisibleClient(viewerId, clientId);
      const viewer = { id: viewerId, isClient: client.isSelf };
      const [rows, total] = await Promise.all([repo.listForClient(client.id, page), repo.countForClient(client.id)]);
      return { events: rows.map((row) => toAuditEvent(row, viewer)), total };
    },

    /** All of a visible client's trail, oldest first (the data export). */
    async all(viewerId: number, clientId: number) {
      const client = await users.findVisibleClient(viewerId, clientId);
      const viewer = { id: viewerId, isClient: client.isSelf };
      return (await repo.listForClient(client.id)).map((row) => toAuditEvent(row, viewer));
    },

    /**
     * Appends the event to the chain of the client's account, in a statement of its own shared with the events that
     * arrive meanwhile (decision 170); objects that lead to no client are not client data.
     */
    record: (event: AuditEventInput): Promise<boolean> =>
      groupAppend(event.target, auditFieldsOf(event, deps.clock.now())),
    /**
     * The same inside the caller's transaction: the event stands or falls with the change it records. Stamped now,
     * appended with the transaction's other events just before its commit when it has a commit tail (decision 240).
     */
    recordInTransaction: (trx: Transaction<Database>, event: AuditEventInput): Promise<void> =>
      atCommit(trx, appendInTail, { target: event.target, event: auditFieldsOf(event, deps.clock.now()) }),
    /** Before appending to several accounts' chains in one transaction (see lockAuditChains). */
    lockChains: lockAuditChains,
  };
}
