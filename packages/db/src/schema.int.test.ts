import { USER_TYPE } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from './create-db.ts';
import { databaseColumns } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { createFreshTestDb } from './testing.ts';

describe('migrated schema', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createFreshTestDb();
  });
  afterAll(() => handle?.close());

  it('matches the Database interface column map exactly (tables, columns, types, nullability)', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
      SELECT table_name, column_name, data_type, is_nullable
      FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%'
      ORDER BY table_name, column_name`.execute(handle.db);
    const actual: Record<string, Record<string, { type: string; nullable: boolean }>> = {};
    for (const row of rows) {
      (actual[row.table_name] ??= {})[row.column_name] = { type: row.data_type, nullable: row.is_nullable === 'YES' };
    }
    const expected = JSON.parse(JSON.stringify(databaseColumns)) as typeof actual;
    expect(actual).toEqual(expected);
  });

  it('is idempotent: a second migrateToLatest applies nothing', async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it('refuses to start on a database that records a migration this code does not know (a newer version’s)', async () => {
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_a_newer_version', now()::text)`.execute(
      handle.db,
    );
    try {
      await expect(migrateToLatest(handle.db)).rejects.toThrow(/9999_from_a_newer_version/);
    } finally {
      await sql`DELETE FROM kysely_migration WHERE name = '9999_from_a_newer_version'`.execute(handle.db);
    }
  });

  it('still applies a migration the database has no record of (the quick check at start only skips a full set)', async () => {
    await sql`DROP INDEX client_consents_client_idx`.execute(handle.db);
    await sql`DELETE FROM kysely_migration WHERE name = '0041_client_consents_by_client'`.execute(handle.db);
    expect(await migrateToLatest(handle.db)).toEqual(['0041_client_consents_by_client']);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'client_consents_client_idx'`.execute(handle.db);
    expect(rows[0]?.n).toBe(1);
  });

  it("compresses an evaluation's documents with lz4 where the server has it (migration 0042)", async () => {
    const { rows } = await sql<{ attname: string; method: string }>`
      SELECT attname, attcompression AS method FROM pg_attribute
      WHERE attrelid = 'evaluation_versions'::regclass AND attname IN ('inputs', 'results') ORDER BY attname`.execute(
      handle.db,
    );
    // The methods this server was built with.
    const lz4 = await sql<{ supported: boolean }>`
      SELECT 'lz4' = ANY (enumvals) AS supported FROM pg_settings WHERE name = 'default_toast_compression'`.execute(
      handle.db,
    );
    const expected = lz4.rows[0]!.supported ? 'l' : '';
    expect(rows).toEqual([
      { attname: 'inputs', method: expected },
      { attname: 'results', method: expected },
    ]);
  });

  it('seeds countries from the dataset and the default company 9', async () => {
    const countries = await handle.db.selectFrom('countries').selectAll().execute();
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries.find((c) => c.iso2 === 'CL')).toMatchObject({ name: 'Chile', phonecode: '56' });
    expect(countries.find((c) => c.iso2 === 'BR')).toMatchObject({ name: 'Brazil', phonecode: '55' });
    const company = await handle.db.selectFrom('companies').selectAll().where('id', '=', 9).executeTakeFirst();
    expect(company?.name).toBe('Medida');
    const next = await handle.db
      .insertInto('companies')
      .values({ name: 'Next' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(9);
  });

  it('parses int8 as number and date as a calendar string on this driver', async () => {
    const { rows } = await sql<{
      n: number;
      d: string;
    }>`SELECT count(*) AS n, DATE '2001-02-03' AS d FROM countries`.execute(handle.db);
    expect(typeof rows[0]!.n).toBe('number');
    expect(rows[0]!.d).toBe('2001-02-03');
  });

  it('enforces case-insensitive unique e-mails and non-negative credits', async () => {
    const base = { type: USER_TYPE.professional, nombre: 'N', apellido: 'A' };
    await handle.db
      .insertInto('users')
      .values({ ...base, email: 'Case@Example.com' })
      .execute();
    await expect(
      handle.db
        .insertInto('users')
        .values({ ...base, email: 'case@example.COM' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insertInto('users')
        .values({ ...base, email: 'neg@example.com', creditos: -1 })
        .execute(),
    ).rejects.toThrow();
  });
});
