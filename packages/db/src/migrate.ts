import { Migrator, sql, type Kysely } from 'kysely';
import type { Database } from './database.ts';
import { migrations } from './migrations/index.ts';

/** The names of every migration this code has, oldest first. */
export const knownMigrations = (): string[] => Object.keys(migrations).sort();

/**
 * Whether the database records exactly this code's migrations: two short reads of Kysely's own table, where the
 * Migrator would first look the schema up in the catalogs (about half a second of a start on the embedded database,
 * issue 33 item 6). No table, a migration missing, or one this code does not know (a newer version's, which the
 * Migrator refuses to start on) answers false.
 */
async function allApplied(db: Kysely<Database>): Promise<boolean> {
  // Looked up first rather than read and caught: a failed statement would be an error in the server's log at every
  // start of a new database.
  const { rows: found } = await sql<{ present: boolean }>`
    SELECT to_regclass('kysely_migration') IS NOT NULL AS present`.execute(db);
  if (!found[0]?.present) return false;
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  const applied = rows.map((row) => row.name).sort();
  return applied.join('\n') === knownMigrations().join('\n');
}

/** Applies every pending migration; throws (with the failing migration's name) if one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (await allApplied(db)) return [];
  // Numbers are handed out per piece of work and land in any order (0007 before 0006): a database that
  // already has a later one still takes an earlier one that lands after it.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Applies the migrations up to and including `name` (a restore first builds the schema its archive was made on, then
 * loads the rows, then migrates to the latest); throws if one fails.
 */
export async function migrateUpTo(db: Kysely<Database>, name: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw new Error(`Database migration up to ${name} failed: ${String(error)}`, { cause: error });
}
