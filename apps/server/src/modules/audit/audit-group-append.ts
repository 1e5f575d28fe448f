import type { Database, Kysely } from '@medida/db';
import { appendAuditEvent, appendAuditEvents, type PendingAuditEvent } from './audit.repository.ts';

/** How many batches may be on their way at once, and how many events one batch carries at most. */
export interface GroupAppendLimits {
  inFlight: number;
  batch: number;
}

/**
 * One batch on its way at a time: measured, two in flight made smaller batches and fewer requests per second on both
 * databases (docs/quality.md). PGlite runs one statement at a time anyway; on PostgreSQL the batches of one account
 * would wait on its chain lock one after the other.
 */
export const GROUP_APPEND_LIMITS: GroupAppendLimits = { inFlight: 1, batch: 100 };

/**
 * Group commit for the events appended on their own (reads and denials; decision 170). An event that finds a free
 * slot goes at once, alone, as before; events that arrive while the slots are taken wait and then go together in
 * one statement. Each caller's promise settles only when its own event is committed (or failed), so a response
 * still leaves after its event is stored. If a batch fails, its events are appended one by one, so one bad event
 * (or a lock cycle with another instance's batch) fails only its own request.
 */
export function createGroupAppend(db: Kysely<Database>, limits: GroupAppendLimits = GROUP_APPEND_LIMITS) {
  type Waiting = PendingAuditEvent & { resolve: (appended: boolean) => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  let inFlight = 0;

  async function appendAlone(w: Waiting) {
    try {
      w.resolve(await appendAuditEvent(db, w.target, w.event));
    } catch (error) {
      w.reject(error);
    }
  }

  /** Settles every event of the batch; never rejects. */
  async function flush(batch: Waiting[]) {
    if (batch.length === 1) return appendAlone(batch[0]!);
    let written: boolean[];
    try {
      written = await appendAuditEvents(db, batch);
    } catch {
      await Promise.all(batch.map(appendAlone));
      return;
    }
    batch.forEach((w, i) => w.resolve(written[i] === true));
  }

  function pump() {
    while (inFlight < limits.inFlight && queue.length > 0) {
      inFlight += 1;
      void flush(queue.splice(0, limits.batch)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return (target: PendingAuditEvent['target'], event: PendingAuditEvent['event']): Promise<boolean> =>
    new Promise<boolean>((resolve, reject) => {
      queue.push({ target, event, resolve, reject });
      pump();
    });
}
