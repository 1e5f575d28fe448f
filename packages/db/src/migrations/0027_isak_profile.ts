import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 31, decision 199: the ISAK profile is evaluation type 5.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['evaluations', 'evaluation_versions']) {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.ref(`${table}_evaluation_type_check`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(`${table}_evaluation_type_check`)}
      CHECK (evaluation_type IN (1, 2, 3, 4, 5))`.execute(db);
  }
}
