import { setTimeout as sleep } from 'node:timers/promises';
import {
  runMaintenancePass,
  sql,
  tablesNeedingMaintenance,
  tablesOutgrowingTheirStatistics,
  type DbHandle,
} from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleDatabaseMaintenance } from './database-maintenance.ts';

const silent = { info: () => {}, warn: () => {} };

async function vacuumedTables(handle: DbHandle): Promise<string[]> {
  const { rows } = await sql<{ relname: string }>`
    SELECT relname FROM pg_stat_user_tables WHERE last_vacuum IS NOT NULL OR last_analyze IS NOT NULL
  `.execute(handle.db);
  return rows.map((row) => row.relname);
}

async function addCompanies(handle: DbHandle, count: number) {
  await sql`INSERT INTO companies (name) SELECT 'maintenance ' || n FROM generate_series(1, ${count}::int) AS n`.execute(
    handle.db,
  );
}

describe('database maintenance (decisions 166 and 173)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createFreshTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it.runIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '')(
    'on PGlite a pass vacuums and analyzes the tables that changed, one by one, and then has nothing left',
    async () => {
      await addCompanies(handle, 2_000);
      expect(await tablesNeedingMaintenance(handle.db)).toContain('companies');

      const pass = await runMaintenancePass(handle.db, () => true);
      expect(pass.deferred).toBe(0);
      expect(pass.tables.map((t) => t.table)).toContain('companies');
      expect(await vacuumedTables(handle)).toContain('companies');
      const { rows } = await sql<{ reltuples: number }>`
        SELECT reltuples FROM pg_class WHERE relname = 'companies'
      `.execute(handle.db);
      expect(rows[0]!.reltuples).toBeGreaterThanOrEqual(2_000);
      expect(await tablesNeedingMaintenance(handle.db)).not.toContain('companies');
    },
  );

  it.runIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '')(
    'on PGlite a pass stops between tables when traffic comes back, leaving the rest for later',
    async () => {
      await addCompanies(handle, 2_000);
      await sql`INSERT INTO login_failures (account_key, failed_at)
                SELECT 'maintenance ' || n, now() FROM generate_series(1, 2000) AS n`.execute(handle.db);
      const pending = await tablesNeedingMaintenance(handle.db);
      expect(pending).toEqual(expect.arrayContaining(['companies', 'login_failures']));
      let asked = 0;
      const pass = await runMaintenancePass(handle.db, () => asked++ === 0);
      expect(pass.tables).toHaveLength(1);
      expect(pass.deferred).toBe(pending.length - 1);
    },
  );

  it.runIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '')(
    'on PGlite the schedule runs when quiet, not while requests come, and stop() waits for it',
    async () => {
      await addCompanies(handle, 2_000);
      let quietFor = 0;
      const busy = scheduleDatabaseMaintenance({ handle, log: silent, quietFor: () => quietFor, checkMs: 5 });
      await sleep(100);
      await busy.stop();
      expect(await tablesNeedingMaintenance(handle.db)).toContain('companies');

      quietFor = Number.POSITIVE_INFINITY;
      const logged: unknown[] = [];
      const quiet = scheduleDatabaseMaintenance({
        handle,
        log: { info: (obj: unknown) => logged.push(obj), warn: () => {} },
        quietFor: () => quietFor,
        checkMs: 5,
      });
      for (let i = 0; i < 200 && logged.length === 0; i++) await sleep(25);
      await quiet.stop();
      expect(logged.length).toBeGreaterThan(0);
      expect(await tablesNeedingMaintenance(handle.db)).not.toContain('companies');
    },
  );

  it('a table analyzed while empty is analyzed once it grows, under traffic, and its kept plan is made again', async () => {
    // Emptied, vacuumed and analyzed: the statistics of a new database's tables after an ANALYZE (no rows).
    await sql`DELETE FROM login_failures`.execute(handle.db);
    await sql`VACUUM login_failures`.execute(handle.db);
    await sql`ANALYZE login_failures`.execute(handle.db);
    expect(await tablesOutgrowingTheirStatistics(handle.db)).not.toContain('login_failures');

    // A statement prepared while the table is empty keeps a plan made for no rows (decision 173). PostgreSQL: on one
    // connection of the pool. PGlite has one session: holding it would keep the maintenance's ANALYZE waiting.
    const onOneConnection = (work: (connection: typeof handle.db) => Promise<void>) =>
      handle.driver === 'pglite' ? work(handle.db) : handle.db.connection().execute(work);
    await onOneConnection(async (connection) => {
      await sql
        .raw(
          `PREPARE latest_failure(text) AS
             SELECT failed_at FROM login_failures WHERE account_key = $1 ORDER BY failed_at DESC LIMIT 1`,
        )
        .execute(connection);
      // After five executions the plan cache settles on a generic plan, the one kept from then on.
      for (let i = 0; i < 6; i++) await sql.raw(`EXECUTE latest_failure('k')`).execute(connection);
      const plan = async () =>
        (await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE latest_failure('k')`).execute(connection)).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      await sql`INSERT INTO login_failures (account_key, failed_at)
                SELECT 'key ' || n, now() FROM generate_series(1, 5000) AS n`.execute(connection);
      expect(await tablesOutgrowingTheirStatistics(connection)).toContain('login_failures');
      expect(await plan()).toContain('Seq Scan on login_failures');

      // Requests keep coming (never quiet): the check still runs.
      const logged: unknown[] = [];
      const busy = scheduleDatabaseMaintenance({
        handle,
        log: { info: (obj: unknown) => logged.push(obj), warn: () => {} },
        quietFor: () => 0,
        outgrownStatisticsCheckMs: 5,
      });
      for (let i = 0; i < 200 && logged.length === 0; i++) await sleep(25);
      await busy.stop();
      expect(logged).toContainEqual({ tables: expect.arrayContaining(['login_failures']), ms: expect.any(Number) });
      expect(await tablesOutgrowingTheirStatistics(connection)).not.toContain('login_failures');
      expect(await plan()).not.toContain('Seq Scan');
      expect(await plan()).toMatch(/Index (Only )?Scan/);
      await sql.raw('DEALLOCATE latest_failure').execute(connection);
    });

    // Only dead rows left: analyzed once (no more pages than its statistics say), not again at every check.
    await sql`DELETE FROM login_failures`.execute(handle.db);
    await sql`ANALYZE login_failures`.execute(handle.db);
    expect(await tablesOutgrowingTheirStatistics(handle.db)).not.toContain('login_failures');
  });

  it('a table analyzed while small is picked again once it has doubled, not before', async () => {
    const addFailures = (count: number) =>
      sql`INSERT INTO login_failures (account_key, failed_at)
          SELECT 'small ' || n, now() FROM generate_series(1, ${count}::int) AS n`.execute(handle.db);
    await sql`DELETE FROM login_failures`.execute(handle.db);
    await sql`VACUUM login_failures`.execute(handle.db);
    await addFailures(10);
    await sql`ANALYZE login_failures`.execute(handle.db); // one page: a scan and a sort beat the index
    await addFailures(10);
    expect(await tablesOutgrowingTheirStatistics(handle.db)).not.toContain('login_failures');
    await addFailures(1_000);
    expect(await tablesOutgrowingTheirStatistics(handle.db)).toContain('login_failures');
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'on PostgreSQL no VACUUM pass is scheduled: autovacuum does it',
    async () => {
      await addCompanies(handle, 2_000);
      const maintenance = scheduleDatabaseMaintenance({
        handle,
        log: silent,
        quietFor: () => Number.POSITIVE_INFINITY,
        checkMs: 1,
        outgrownStatisticsCheckMs: 60_000,
      });
      await sleep(100);
      await maintenance.stop();
      const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_user_tables
       WHERE relname = 'companies' AND (last_vacuum IS NOT NULL OR last_analyze IS NOT NULL)
    `.execute(handle.db);
      expect(rows[0]!.n).toBe(0);
    },
  );
});
