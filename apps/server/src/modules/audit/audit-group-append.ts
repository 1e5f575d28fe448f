import type { Database, Kysely } from '@medida/db';
import { batched, type BatchLimits } from '../../lib/batched.ts';
import { appendAuditEvent, appendAuditEvents, type PendingAuditEvent } from './audit.repository.ts';

/**
 * One batch on its way at a time: measured, two in flight made smaller batches and fewer requests per second on both
 * databases (docs/quality-history.md). PGlite runs one statement at a time anyway; on PostgreSQL the batches of one account
 * would wait on its chain lock one after the other.
 */
const GROUP_APPEND_LIMITS: BatchLimits = { inFlight: 1, batch: 100 };

/**
 * Group commit for the events appended on their own (reads and denials; decision 170): the events that arrive while
 * an append is on its way go together in one `audit_append_many` statement. Each caller's promise settles only when
 * its own event is committed, so a response still leaves after its event is stored.
 */
export function createGroupAppend(db: Kysely<Database>, limits: BatchLimits = GROUP_APPEND_LIMITS) {
  const append = batched<PendingAuditEvent, boolean>(
    {
      one: (w) => appendAuditEvent(db, w.target, w.event),
      many: (batch) => appendAuditEvents(db, batch),
    },
    limits,
  );
  return (target: PendingAuditEvent['target'], event: PendingAuditEvent['event']) => append({ target, event });
}
