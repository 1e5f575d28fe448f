import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database.ts';
import type { DbHandle } from './create-db.ts';
import { createFreshTestDb } from './testing.ts';

describe('account data versions (migrations 0023 and 0033; decisions 160, 218 and 219)', () => {
  let handle: DbHandle;
  let n = 0;
  beforeAll(async () => {
    handle = await createFreshTestDb();
  });
  afterAll(() => handle?.close());

  const user = async (type: 1 | 2, parent: number | null) =>
    (
      await handle.db
        .insertInto('users')
        .values({ type, email: `ver${++n}@example.test`, nombre: 'N', apellido: 'A', parent_user_id: parent })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const version = async (account: number) =>
    (
      await handle.db
        .selectFrom('account_data_versions')
        .select('version')
        .where('account_root_id', '=', account)
        .executeTakeFirst()
    )?.version ?? 0;

  it('raises the account of every tracked write, once per statement, and leaves other accounts alone', async () => {
    const root = await user(1, null);
    const other = await user(1, null);
    const client = await user(2, root);
    const start = await version(root);
    const otherStart = await version(other);

    // 50 evaluations in one statement: one bump, not 50.
    const ids = await handle.db
      .insertInto('evaluations')
      .values(
        Array.from({ length: 50 }, () => ({
          client_id: client,
          evaluator_id: root,
          evaluation_type: 1,
          evaluated_on: '2026-01-01',
        })),
      )
      .returning('id')
      .execute();
    expect(await version(root)).toBe(start + 1);

    await handle.db
      .insertInto('evaluation_versions')
      .values(
        ids.map(({ id }) => ({
          evaluation_id: id,
          version: 1,
          evaluation_type: 1,
          inputs: '{}',
          results: '{}',
          engine_version: 't',
          created_by: root,
          created_at: new Date(),
        })),
      )
      .execute();
    expect(await version(root)).toBe(start + 2);

    await handle.db
      .insertInto('evaluation_emails')
      .values({
        evaluation_id: ids[0]!.id,
        version: 1,
        sent_by: root,
        recipient: 'x@example.test',
        lang: 'es',
        created_at: new Date(),
      })
      .execute();
    expect(await version(root)).toBe(start + 3);

    await handle.db.updateTable('users').set({ nombre: 'M' }).where('id', '=', client).execute();
    await handle.db
      .updateTable('evaluations')
      .set({ evaluated_on: '2026-01-02' })
      .where('client_id', '=', client)
      .execute();
    expect(await version(root)).toBe(start + 5);

    // A statement that changes nothing bumps nothing.
    await handle.db.updateTable('users').set({ nombre: 'X' }).where('id', '=', -1).execute();
    expect(await version(root)).toBe(start + 5);
    expect(await version(other)).toBe(otherStart);
  });

  it("bumps both accounts when a company changes owner, and a rolled-back write doesn't bump", async () => {
    const a = await user(1, null);
    const b = await user(1, null);
    const company = await handle.db
      .insertInto('companies')
      .values({ name: 'Co', owner_id: a })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [va, vb] = [await version(a), await version(b)];
    await handle.db.updateTable('companies').set({ owner_id: b }).where('id', '=', company.id).execute();
    expect([await version(a), await version(b)]).toEqual([va + 1, vb + 1]);

    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ nombre: 'Rolled back' }).where('id', '=', a).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await version(a)).toBe(va + 1);
  });

  it('bumps the accounts at both ends of a credit movement (migration 0033, decision 218), a grant only its receiver', async () => {
    const a = await user(1, null);
    const b = await user(1, null);
    const other = await user(1, null);
    const [va, vb, vo] = [await version(a), await version(b), await version(other)];
    // The ledger row alone, without the balance update that comes with it in the product: the dashboard reads it.
    await handle.db
      .insertInto('credit_ledger')
      .values({ actor_id: a, from_user_id: a, to_user_id: b, amount: 3 })
      .execute();
    expect([await version(a), await version(b), await version(other)]).toEqual([va + 1, vb + 1, vo]);
    await handle.db
      .insertInto('credit_ledger')
      .values({ actor_id: null, from_user_id: null, to_user_id: b, amount: 5, note: 'grant' })
      .execute();
    expect([await version(a), await version(b), await version(other)]).toEqual([va + 1, vb + 2, vo]);
  });

  it('is raised as the writer commits (migration 0033, decision 219): once per account and transaction', async () => {
    const a = await user(1, null);
    const client = await user(2, a);
    const before = await version(a);
    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ apellido: 'B' }).where('id', '=', a).execute();
      await trx
        .insertInto('evaluations')
        .values({ client_id: client, evaluator_id: a, evaluation_type: 1, evaluated_on: '2026-01-01' })
        .execute();
      await trx.updateTable('users').set({ apellido: 'C' }).where('id', '=', client).execute();
      // Not before the commit: the version row is locked for the commit alone, not for the whole write.
      const inside = await sql<{ version: number | null }>`SELECT (SELECT version FROM account_data_versions
        WHERE account_root_id = ${a}) AS version`.execute(trx);
      expect(Number(inside.rows[0]!.version ?? 0)).toBe(before);
    });
    expect(await version(a)).toBe(before + 1);
    // The next transaction bumps again: the memory of what was bumped ends with its transaction.
    await handle.db.updateTable('users').set({ apellido: 'D' }).where('id', '=', a).execute();
    expect(await version(a)).toBe(before + 2);
  });

  it('bumps once per account and transaction across savepoints (migration 0033): a rolled-back savepoint takes its own bump with it', async () => {
    const a = await user(1, null);
    const b = await user(1, null);
    const client = await user(2, a);
    const rename = (q: Kysely<Database> | Transaction<Database>, id: number) =>
      q
        .updateTable('users')
        .set({ apellido: `R${++n}` })
        .where('id', '=', id)
        .execute();
    const [va, vb] = [await version(a), await version(b)];

    // The savepoint's write queued A's bump and is undone: the write after it must queue it again.
    await handle.db.transaction().execute(async (trx) => {
      await sql`SAVEPOINT s`.execute(trx);
      await trx
        .insertInto('evaluations')
        .values({ client_id: client, evaluator_id: a, evaluation_type: 1, evaluated_on: '2026-01-01' })
        .execute();
      await sql`ROLLBACK TO SAVEPOINT s`.execute(trx);
      await rename(trx, client);
    });
    expect(await version(a)).toBe(va + 1);

    // Queued before the savepoint: undoing the savepoint's later write of the same account keeps the bump.
    await handle.db.transaction().execute(async (trx) => {
      await rename(trx, a);
      await sql`SAVEPOINT s`.execute(trx);
      await rename(trx, client);
      await sql`ROLLBACK TO SAVEPOINT s`.execute(trx);
    });
    expect(await version(a)).toBe(va + 2);

    // Queued inside a released savepoint; then a movement to B after many rows of A: B is queued on its own.
    await handle.db.transaction().execute(async (trx) => {
      await sql`SAVEPOINT s`.execute(trx);
      await rename(trx, a);
      await sql`RELEASE SAVEPOINT s`.execute(trx);
      for (let i = 0; i < 5; i++) await rename(trx, client);
      await trx
        .insertInto('credit_ledger')
        .values({ actor_id: a, from_user_id: a, to_user_id: b, amount: 1 })
        .execute();
    });
    expect([await version(a), await version(b)]).toEqual([va + 3, vb + 1]);

    // A whole transaction rolled back queues nothing for the next one.
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await rename(trx, b);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await rename(handle.db, b);
    expect(await version(b)).toBe(vb + 2);
  });
});
