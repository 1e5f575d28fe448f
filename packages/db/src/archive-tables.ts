import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database.ts';

/**
 * The statements of a backup and a restore (issue 34 items 4 and 5, decision 225): every table of the schema as
 * JSON rows, read in one snapshot, and written back into an empty database of the same migrations. They work on any
 * table, so a table a later migration adds is in the next backup without a change here.
 */

/**
 * Not in the table section of an archive:
 *  - the migration lock is not data;
 *  - the files' own tables (decision 221) travel as files, written back through whichever file store the restored
 *    installation uses;
 *  - the running instances and their open chat sockets (decision 222) describe processes, not the practice: restored
 *    elsewhere they would be sockets nobody holds;
 *  - export jobs (decision 224) live for hours and their ZIPs are not kept: the owner asks again.
 */
export const TABLES_NOT_ARCHIVED: readonly string[] = [
  'kysely_migration_lock',
  'blobs',
  'blob_chunks',
  'server_instances',
  'chat_sockets',
  'export_jobs',
];

export interface ArchivedTable {
  name: string;
  /** The columns a restore writes: every one but the generated ones, which the database computes again. */
  columns: string[];
  /** Has a GENERATED ALWAYS identity column: its values are written with OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

export interface SequenceValue {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** The schema's tables, by name, with the columns a restore writes. */
export async function archivedTables(db: Kysely<Database>): Promise<ArchivedTable[]> {
  const { rows } = await sql<{ name: string; columns: string[]; identity_always: boolean }>`
    SELECT c.relname AS name,
           array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '') AS columns,
           bool_or(a.attidentity = 'a') AS identity_always
      FROM pg_class c
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
     GROUP BY c.relname
     ORDER BY c.relname`.execute(db);
  return rows
    .filter((row) => !TABLES_NOT_ARCHIVED.includes(row.name))
    .map((row) => ({ name: row.name, columns: row.columns, identityAlways: row.identity_always }));
}

const ident = (name: string) => sql.id(name);

/**
 * A table's rows as JSON texts, `blocks` heap pages at a time in physical order: each page of rows is a TID range
 * scan of its blocks, without a sort or an index (a keyset on ctid with ORDER BY sorted the rest of the table for
 * every page). Call it inside a REPEATABLE READ transaction so every table is read in one snapshot: a row the
 * snapshot sees keeps its place while the snapshot lasts, so the table's size read at any moment covers it.
 */
export async function* tableRows(db: Kysely<Database>, table: string, blocks = 64): AsyncGenerator<string[]> {
  const { rows: size } = await sql<{ blocks: string }>`
    SELECT (pg_relation_size(${`public.${table}`}::regclass) / current_setting('block_size')::int)::text AS blocks`.execute(
    db,
  );
  const total = Number(size[0]!.blocks);
  for (let from = 0; from < total; from += blocks) {
    const { rows } = await sql<{ row: string }>`
      SELECT to_jsonb(t)::text AS row FROM ONLY ${ident(table)} t
       WHERE t.ctid >= ${`(${from},0)`}::tid AND t.ctid < ${`(${from + blocks},0)`}::tid`.execute(db);
    if (rows.length > 0) yield rows.map((r) => r.row);
  }
}

/** Every sequence's position, so a restored installation never hands out an id it had handed out before. */
export async function sequenceValues(db: Kysely<Database>): Promise<SequenceValue[]> {
  const { rows } = await sql<{ name: string; last_value: string | null }>`
    SELECT s.relname AS name, ps.last_value::text AS last_value
      FROM pg_class s
      JOIN pg_sequences ps ON ps.schemaname = 'public' AND ps.sequencename = s.relname
     WHERE s.relkind = 'S' AND s.relnamespace = 'public'::regnamespace
     ORDER BY s.relname`.execute(db);
  // pg_sequences shows NULL for a sequence never used: it restores as never used.
  return rows.map((r) => ({ name: r.name, lastValue: r.last_value ?? '1', isCalled: r.last_value !== null }));
}

/** The rows of each table, counted inside the caller's snapshot or transaction. */
export async function tableCounts(db: Kysely<Database>, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ONLY ${ident(table)}`.execute(db);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

/**
 * Prepares a restore's transaction: triggers off for it alone (the append-only audit triggers, the data-version
 * triggers and the foreign keys' checks would refuse or rewrite rows that are copies; `session_replication_role`
 * needs a superuser or, from PostgreSQL 15, `GRANT SET ON PARAMETER`), then the rows the migrations seeded removed,
 * so the archive's rows are the only ones.
 */
export async function beginTableRestore(trx: Transaction<Database>, tables: string[]): Promise<void> {
  await sql`SET LOCAL session_replication_role = replica`.execute(trx);
  // CASCADE: tables left out of archives (export jobs, chat sockets) reference these; they are empty in a new target.
  if (tables.length > 0) await sql`TRUNCATE ${sql.join(tables.map(ident))} CASCADE`.execute(trx);
}

/** Writes one page of a table's archived rows (JSON texts, as `tableRows` read them). */
export async function insertArchivedRows(trx: Transaction<Database>, table: ArchivedTable, rows: string[]) {
  if (rows.length === 0) return;
  const columns = sql.join(table.columns.map(ident));
  const overriding = table.identityAlways ? sql`OVERRIDING SYSTEM VALUE` : sql``;
  await sql`INSERT INTO ${ident(table.name)} (${columns}) ${overriding}
    SELECT ${columns} FROM jsonb_populate_recordset(NULL::${ident(table.name)}, ${`[${rows.join(',')}]`}::jsonb)`.execute(
    trx,
  );
}

/** Puts every sequence back where the archive found it. */
export async function restoreSequences(trx: Transaction<Database>, sequences: SequenceValue[]) {
  for (const s of sequences)
    await sql`SELECT setval(${`public.${s.name}`}::regclass, ${s.lastValue}::bigint, ${s.isCalled})`.execute(trx);
}

/** Makes the caller's REPEATABLE READ transaction read only: a backup's snapshot never writes. */
export async function readOnlySnapshot(trx: Transaction<Database>): Promise<void> {
  await sql`SET TRANSACTION READ ONLY`.execute(trx);
}

/** The migrations the database has applied, by name (oldest first); none when it has no schema yet. */
export async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  if (!(await tableExists(db, 'kysely_migration'))) return [];
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.map((r) => r.name);
}

async function tableExists(db: Kysely<Database>, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`SELECT to_regclass(${`public.${table}`})::text AS found`.execute(
    db,
  );
  return rows[0]!.found !== null;
}

/**
 * Whether a restore or a move may write into the database: no schema yet, or a schema without a single user (a
 * new database, or one a failed restore left with its migrations and no rows).
 */
export async function holdsNoData(db: Kysely<Database>): Promise<boolean> {
  if (!(await tableExists(db, 'users'))) return true;
  const found = await sql`SELECT 1 FROM users LIMIT 1`.execute(db);
  return found.rows.length === 0;
}
