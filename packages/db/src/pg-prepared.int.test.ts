import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './create-db.ts';
import { createFreshTestDb } from './testing.ts';

// PostgreSQL's named statements per connection (decision 106); the embedded session's are in pglite-prepared.
describe.skipIf(!process.env.DATABASE_URL)('prepared statements on PostgreSQL connections', () => {
  let handle: DbHandle;
  const keptOnThisConnection = () =>
    sql<{ n: number }>`SELECT count(*)::int8 AS n FROM pg_prepared_statements WHERE name LIKE 'medida\\_%'`;

  beforeAll(async () => {
    handle = await createFreshTestDb();
  });
  afterAll(() => handle?.close());

  it('prepares each statement once per connection and keeps it', async () => {
    await handle.db.connection().execute(async (db) => {
      for (let n = 0; n < 5; n++) await sql`SELECT ${n}::int4 AS n`.execute(db);
      const kept = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements
        WHERE statement LIKE 'SELECT $1::int4%'`.execute(db);
      expect(kept.rows).toHaveLength(1);
    });
  });

  it('keeps at most 100 statements per connection', async () => {
    await handle.db.connection().execute(async (db) => {
      for (let n = 0; n < 130; n++) await sql.raw(`SELECT ${n}::int4 AS n`).execute(db);
      const { rows } = await keptOnThisConnection().execute(db);
      // The counting statement itself is one of them.
      expect(rows[0]!.n).toBeLessThanOrEqual(100);
      expect((await sql.raw<{ n: number }>('SELECT 129::int4 AS n').execute(db)).rows).toEqual([{ n: 129 }]);
      expect((await sql.raw<{ n: number }>('SELECT 0::int4 AS n').execute(db)).rows).toEqual([{ n: 0 }]);
    });
  });

  it('evicts a statement whose Parse failed without aborting the transaction it is evicted in', async () => {
    await handle.db.connection().execute(async (db) => {
      await expect(sql`SELECT name FROM no_such_table`.execute(db)).rejects.toMatchObject({ code: '42P01' });
      await sql`BEGIN`.execute(db);
      // Enough new statements to push the failed one out of the connection's 100.
      for (let n = 0; n < 110; n++) await sql.raw(`SELECT ${n}::int4 AS evicting`).execute(db);
      await sql`CREATE TABLE evicted_in_transaction (a int4)`.execute(db);
      await sql`COMMIT`.execute(db);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int4 AS n FROM evicted_in_transaction`.execute(db);
      expect(rows).toEqual([{ n: 0 }]);
    });
  });

  it('reports errors and goes on; prepares again a statement whose table changed its columns', async () => {
    await handle.db.connection().execute(async (db) => {
      await expect(sql`SELECT nope FROM users`.execute(db)).rejects.toMatchObject({ code: '42703' });
      await sql`CREATE TABLE changing (a int4)`.execute(db);
      await sql`INSERT INTO changing VALUES (1)`.execute(db);
      expect((await sql`SELECT * FROM changing`.execute(db)).rows).toEqual([{ a: 1 }]);
      await sql`ALTER TABLE changing ADD COLUMN b text`.execute(db);
      expect((await sql`SELECT * FROM changing`.execute(db)).rows).toEqual([{ a: 1, b: null }]);
    });
  });
});
