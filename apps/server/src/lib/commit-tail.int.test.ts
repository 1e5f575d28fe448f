import type { Database, DbHandle, Transaction } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atCommit, withCommitTail, type TailWriter } from './commit-tail.ts';
import { groupedTransaction } from './grouped-transactions.ts';

describe('commit tail: deferred writes of a transaction, one statement per kind before its commit (decision 240)', () => {
  let handle: DbHandle;
  let n = 0;
  beforeAll(async () => {
    handle = await createFreshTestDb();
  });
  afterAll(() => handle?.close());

  const email = () => `tail${++n}@example.test`;
  /** Each call of the writer: the e-mails it was given, in order. */
  const calls: string[][] = [];
  const insertUsers: TailWriter<string> = async (trx, emails) => {
    calls.push(emails);
    await trx
      .insertInto('users')
      .values(emails.map((address) => ({ type: 1, email: address, nombre: 'T', apellido: 'C' })))
      .execute();
  };
  const stored = async (db: Transaction<Database> | DbHandle['db'], address: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst()) !== undefined;

  it('writes at once in a transaction without a tail', async () => {
    const address = email();
    await handle.db.transaction().execute(async (trx) => {
      await atCommit(trx, insertUsers, address);
      expect(await stored(trx, address)).toBe(true);
    });
  });

  it('defers the writes to the end of the work: one call per kind, items and kinds in the order deferred', async () => {
    calls.length = 0;
    const [a, b, c] = [email(), email(), email()];
    const order: string[] = [];
    const other: TailWriter<string> = async (_trx, items) => {
      order.push(`other:${items.join(',')}`);
    };
    await handle.db.transaction().execute((trx) =>
      withCommitTail(trx, async () => {
        await atCommit(trx, insertUsers, a);
        await atCommit(trx, other, 'x');
        await atCommit(trx, insertUsers, b);
        await atCommit(trx, insertUsers, c);
        // Not written yet: nothing reads a deferred row back before the commit.
        expect(await stored(trx, a)).toBe(false);
        order.push('work done');
      }),
    );
    expect(calls).toEqual([[a, b, c]]);
    expect(order).toEqual(['work done', 'other:x']);
    for (const address of [a, b, c]) expect(await stored(handle.db, address)).toBe(true);
  });

  it('shares one tail among the writes of a grouped transaction; a failing tail fails only its own write', async () => {
    calls.length = 0;
    const [first, taken, last] = [email(), email(), email()];
    await handle.db.insertInto('users').values({ type: 1, email: taken, nombre: 'T', apellido: 'C' }).execute();
    const results = await Promise.allSettled(
      [first, taken, last].map((address) =>
        groupedTransaction(handle.db, 7, (trx) => atCommit(trx, insertUsers, address)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    // The shared tail (all three in one statement) failed on the taken e-mail; then each write ran alone.
    expect(calls).toContainEqual([first, taken, last]);
    expect(calls.slice(-3)).toEqual([[first], [taken], [last]]);
    expect([await stored(handle.db, first), await stored(handle.db, last)]).toEqual([true, true]);
  });
});
