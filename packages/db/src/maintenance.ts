import { sql, type Kysely } from 'kysely';
import type { Database } from './database.ts';

/**
 * The statements of the server's own care of the planner's statistics (apps/server/src/lib/database-maintenance.ts
 * schedules them):
 *  - on both databases, a table that has doubled since its statistics were taken (or grows from "empty") is
 *    analyzed at once (decision 173): plans kept from while it was small would otherwise stay until an ANALYZE that
 *    may be far off (autovacuum waits for its thresholds and its next round, and may be off);
 *  - on PGlite, which has no autovacuum launcher, what autovacuum would do, while the server is quiet (decision 166):
 *    without it, its tables' statistics and visibility maps are never refreshed.
 */

/**
 * The tables autovacuum would pick, with PostgreSQL's default thresholds (`autovacuum_*_threshold` and
 * `*_scale_factor`): changed rows from the cumulative statistics, plus what those statistics cannot see once
 * lost (PGlite does not keep them across restarts): a table with pages that was never analyzed, one grown 20 % past
 * the size its last VACUUM recorded, or one whose pages are mostly not marked all-visible (a bulk load never
 * vacuumed: its index-only scans still read the table). Smallest first, so a pass interrupted by traffic has done
 * the most tables.
 */
export async function tablesNeedingMaintenance(db: Kysely<Database>): Promise<string[]> {
  // The session's own counts reach the statistics at most once a second: flush them now, or rows written just
  // before a pass would be counted again after its ANALYZE and pick the table a second time.
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ relname: string }>`
    SELECT c.relname
      FROM pg_class c
      JOIN pg_stat_user_tables s ON s.relid = c.oid
     WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
       AND (   (c.reltuples < 0 AND pg_relation_size(c.oid) > 0)
            OR s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
            OR s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
            OR s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
            OR pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8
            OR (c.relpages > 8 AND c.relallvisible < c.relpages / 2))
     ORDER BY pg_relation_size(c.oid), c.relname`.execute(db);
  return rows.map((row) => row.relname);
}

/**
 * Tables that have outgrown their statistics: more than twice the pages the statistics recorded (any pages at all
 * for a table they say is empty, as every table of a new PGlite database is, and any after an ANALYZE while it was
 * empty). A plan made while such a table was that small, a prepared statement's or one a PL/pgSQL function keeps,
 * reads all of it and sorts it, and is kept until the table's next ANALYZE (decision 173): on a new database under
 * steady traffic, audit_append_many's chain-end read went from an index probe to a scan of the whole trail, and its
 * cost grew with every event. Doubling bounds the work: a table is analyzed again only after it has doubled, and one
 * left with dead rows only (its pages as recorded) is not picked again and again.
 */
export async function tablesOutgrowingTheirStatistics(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ relname: string }>`
    SELECT c.relname
      FROM pg_class c
     WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
       AND pg_relation_size(c.oid) > 2 * c.relpages::bigint * current_setting('block_size')::int
     ORDER BY c.relname`.execute(db);
  return rows.map((row) => row.relname);
}

/**
 * ANALYZE, one statement per table, of the tables that have outgrown their statistics; it also makes the plans kept
 * for them be made again. Not held back by traffic: an ANALYZE reads a sample of at most 30,000 rows, while a stale
 * plan costs more with every request.
 */
export async function analyzeTablesOutgrowingTheirStatistics(db: Kysely<Database>): Promise<string[]> {
  const tables = await tablesOutgrowingTheirStatistics(db);
  for (const table of tables) await sql`ANALYZE ${sql.id(table)}`.execute(db);
  return tables;
}

export interface MaintenancePass {
  tables: Array<{ table: string; ms: number }>;
  /** Tables left for the next pass because traffic came back or the server is stopping. */
  deferred: number;
}

/**
 * One pass: VACUUM then ANALYZE, table by table, each its own statement, so the one embedded session is lent back
 * to requests between statements and a request waits at most one table's VACUUM or ANALYZE. `proceed` is asked
 * before each table.
 */
export async function runMaintenancePass(
  db: Kysely<Database>,
  proceed: () => boolean,
  /** The tables to do instead of those that need it (benches). */
  only?: string[],
): Promise<MaintenancePass> {
  const pending = only ?? (await tablesNeedingMaintenance(db));
  const tables: MaintenancePass['tables'] = [];
  for (const table of pending) {
    if (!proceed()) break;
    const started = performance.now();
    // Two statements, not VACUUM (ANALYZE): a request waiting for the session waits for half as long.
    await sql`VACUUM ${sql.id(table)}`.execute(db);
    await sql`ANALYZE ${sql.id(table)}`.execute(db);
    tables.push({ table, ms: Math.round(performance.now() - started) });
  }
  return { tables, deferred: pending.length - tables.length };
}
