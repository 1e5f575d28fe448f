import { sql, type Database, type DbHandle, type Transaction } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupedTransaction } from './grouped-transactions.ts';

describe('groupedTransaction: one writer’s writes of the moment share a commit (decision 233)', () => {
  let handle: DbHandle;
  let n = 0;
  beforeAll(async () => {
    handle = await createFreshTestDb();
  });
  afterAll(() => handle?.close());

  const email = () => `grouped${++n}@example.test`;
  const stored = async (address: string) =>
    (await handle.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst()) !== undefined;
  /** Inserts a user and answers the id of the transaction it ran in. */
  const insertAndTell = async (trx: Transaction<Database>, address: string) => {
    await trx.insertInto('users').values({ type: 1, email: address, nombre: 'G', apellido: 'T' }).execute();
    const { rows } = await sql<{ txid: string }>`SELECT txid_current()::text AS txid`.execute(trx);
    return rows[0]!.txid;
  };

  it('runs the writes one writer makes together in one transaction, each answered with its own value', async () => {
    const addresses = Array.from({ length: 5 }, email);
    const txids = await Promise.all(
      addresses.map((address) => groupedTransaction(handle.db, 1, (trx) => insertAndTell(trx, address))),
    );
    expect(new Set(txids).size).toBe(1);
    for (const address of addresses) expect(await stored(address)).toBe(true);
  });

  it('keeps different writers apart', async () => {
    const txids = await Promise.all(
      [1, 2].map((writer) => groupedTransaction(handle.db, writer, (trx) => insertAndTell(trx, email()))),
    );
    expect(txids[0]).not.toBe(txids[1]);
  });

  it('fails a failed write alone: its writes are undone, the others are stored and answered', async () => {
    const [before, failing, after] = [email(), email(), email()];
    const results = await Promise.allSettled([
      groupedTransaction(handle.db, 3, (trx) => insertAndTell(trx, before)),
      groupedTransaction(handle.db, 3, async (trx) => {
        await insertAndTell(trx, failing);
        // The same e-mail again: a database error that aborts the shared transaction.
        await insertAndTell(trx, before.toUpperCase());
      }),
      groupedTransaction(handle.db, 3, (trx) => insertAndTell(trx, after)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    expect([await stored(before), await stored(failing), await stored(after)]).toEqual([true, false, true]);
  });

  it('fails a write that throws after its statements alone, without its writes', async () => {
    const [kept, thrown] = [email(), email()];
    const results = await Promise.allSettled([
      groupedTransaction(handle.db, 4, async (trx) => {
        await insertAndTell(trx, thrown);
        throw new Error('refused after writing');
      }),
      groupedTransaction(handle.db, 4, (trx) => insertAndTell(trx, kept)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect([await stored(thrown), await stored(kept)]).toEqual([false, true]);
  });

  it('inside a caller’s transaction is a savepoint of it, as inTransaction', async () => {
    const [failed, later] = [email(), email()];
    await handle.db.transaction().execute(async (trx) => {
      await expect(
        groupedTransaction(trx, 5, async (t) => {
          await insertAndTell(t, failed);
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      await groupedTransaction(trx, 5, (t) => insertAndTell(t, later));
    });
    expect([await stored(failed), await stored(later)]).toEqual([false, true]);
  });
});
