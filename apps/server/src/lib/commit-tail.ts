import type { Database, Transaction } from '@medida/db';

/** Writes one kind of row for many deferred items, in one statement, inside the transaction. */
export type TailWriter<T> = (trx: Transaction<Database>, items: T[]) => Promise<unknown>;

type Tail = Map<TailWriter<never>, unknown[]>;

const tails = new WeakMap<Transaction<Database>, Tail>();

/**
 * Runs `work` in `trx` and then, still before the commit, the writes it deferred with `atCommit` (decision 240): each
 * kind's rows of every write the transaction carries in one statement, kinds in the order first deferred. A failing
 * tail fails the transaction as a failing write would. Only for a transaction of its own, not a savepoint: a write
 * deferred inside a savepoint that rolls back would still be written.
 */
export async function withCommitTail<T>(
  trx: Transaction<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const tail: Tail = new Map();
  tails.set(trx, tail);
  try {
    const value = await work(trx);
    for (const [write, items] of tail) await write(trx, items as never[]);
    return value;
  } finally {
    tails.delete(trx);
  }
}

/**
 * A write nobody reads back before the commit (a ledger entry, an audit event, a consent record): inside
 * `withCommitTail`, queued for the commit tail and resolved at once; in any other transaction, written now.
 */
export async function atCommit<T>(trx: Transaction<Database>, write: TailWriter<T>, item: T): Promise<void> {
  const tail = tails.get(trx);
  if (!tail) {
    await write(trx, [item]);
    return;
  }
  let items = tail.get(write as TailWriter<never>);
  if (!items) tail.set(write as TailWriter<never>, (items = []));
  items.push(item);
}
