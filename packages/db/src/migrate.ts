import { Migrator, type Kysely } from 'kysely';
import type { Database } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Applies every pending migration; throws (with the failing migration's name) if one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
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
