import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 33 item 3, decision 247: an evaluation's version stores its inputs and its results
// (about 13 kB of JSON), which PostgreSQL compresses as it stores them. With its default method (pglz) 2,000 such
// inserts took 829 ms on PostgreSQL 15; with lz4 225 ms, for the same size on disk. New values use lz4 where the
// server was built with it (PostgreSQL's packages are); PGlite was not, and keeps pglz. Stored values stay as they
// are: both methods read back the same.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DO $$
    BEGIN
      EXECUTE 'ALTER TABLE evaluation_versions ALTER COLUMN results SET COMPRESSION lz4, '
        'ALTER COLUMN inputs SET COMPRESSION lz4';
    EXCEPTION WHEN feature_not_supported THEN
      NULL; -- built without lz4 (PGlite): pglz, as before
    END
  $$`.execute(db);
}
