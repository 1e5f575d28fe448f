import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './create-db.ts';
import { inTransaction } from './nested-transaction.ts';
import { createFreshTestDb } from './testing.ts';

describe('inTransaction: a transaction, or a savepoint of the caller’s', () => {
  let handle: DbHandle;
  let n = 0;
  beforeAll(async () => {
    handle = await createFreshTestDb();
  });
  afterAll(() => handle?.close());

  const email = () => `nested${++n}@example.test`;
  const stored = async (address: string) =>
    (await handle.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst()) !== undefined;

  it('inside a transaction, a failed unit leaves out its writes alone and the transaction commits the rest', async () => {
    const [kept, failed, later] = [email(), email(), email()];
    await handle.db.transaction().execute(async (trx) => {
      await inTransaction(trx, (t) =>
        t.insertInto('users').values({ type: 1, email: kept, nombre: 'K', apellido: 'A' }).execute(),
      );
      await expect(
        inTransaction(trx, async (t) => {
          await t.insertInto('users').values({ type: 1, email: failed, nombre: 'F', apellido: 'A' }).execute();
          // The same e-mail again: a database error that aborts the unit (unique index on lower(email)).
          await t
            .insertInto('users')
            .values({ type: 1, email: kept.toUpperCase(), nombre: 'D', apellido: 'A' })
            .execute();
        }),
      ).rejects.toMatchObject({ code: '23505' });
      // The transaction is usable after the failed unit.
      await inTransaction(trx, (t) =>
        t.insertInto('users').values({ type: 1, email: later, nombre: 'L', apellido: 'A' }).execute(),
      );
    });
    expect([await stored(kept), await stored(failed), await stored(later)]).toEqual([true, false, true]);
  });

  it('on the database, a unit is its own transaction', async () => {
    const address = email();
    await expect(
      inTransaction(handle.db, async (t) => {
        await t.insertInto('users').values({ type: 1, email: address, nombre: 'O', apellido: 'A' }).execute();
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await stored(address)).toBe(false);
  });
});
