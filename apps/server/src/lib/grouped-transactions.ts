import { inTransaction, type Database, type Kysely, type Transaction } from '@medida/db';
import { batched, keyedBatches, type BatchLimits } from './batched.ts';
import { withCommitTail } from './commit-tail.ts';

type Work = (trx: Transaction<Database>) => Promise<unknown>;
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * One transaction on its way per writer: the writes that arrive meanwhile wait for it and then share the next one.
 * 25 keeps a batch's locks held for a few milliseconds at most.
 */
const GROUP_LIMITS: BatchLimits = { inFlight: 1, batch: 25 };

async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error };
  }
}

function createGroup(db: Kysely<Database>) {
  return batched<Work, Outcome>(
    {
      one: (work) => outcomeOf(() => db.transaction().execute((trx) => withCommitTail(trx, work))),
      // One after the other: a write may read what it locked and then compute from it, which within one
      // transaction holds only while no other write of it runs meanwhile. Without savepoints (two statements more
      // per write): a write that fails rolls the batch back, and batched then runs each write alone, so the failure
      // stays its own.
      many: (works) =>
        db.transaction().execute((trx) =>
          withCommitTail(trx, async () => {
            const outcomes: Outcome[] = [];
            for (const work of works) outcomes.push({ ok: true, value: await work(trx) });
            return outcomes;
          }),
        ),
    },
    GROUP_LIMITS,
  );
}

const groupsOf = new WeakMap<Kysely<Database>, (writer: number, work: Work) => Promise<Outcome>>();

/**
 * Group commit for one writer's writes (decision 233). One writer's writes queue on the same locks until their
 * commit (its account's audit chain, its balance, its account's data version), so a commit at a time is the most
 * it gets. The writes of `writer` that arrive while its transaction is on its way run together in the next one,
 * one after the other: each caller gets its own answer, only after the shared commit. If any write or the commit
 * fails, the shared transaction rolls back and each write runs again alone, so an error is only its own caller's.
 * The writes' `atCommit` rows go in the commit tail, one statement per kind for the whole batch (decision 240).
 * Inside a caller's transaction (an import's batch) it is that transaction's savepoint, as `inTransaction`.
 */
export async function groupedTransaction<T>(
  db: Kysely<Database>,
  writer: number,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return inTransaction(db, work);
  let groups = groupsOf.get(db);
  if (!groups) groupsOf.set(db, (groups = keyedBatches(() => createGroup(db))));
  const outcome = await groups(writer, work);
  if (!outcome.ok) throw outcome.error;
  return outcome.value as T;
}
