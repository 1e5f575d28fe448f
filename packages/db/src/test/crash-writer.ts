// Child process for crash-recovery.int.test.ts: opens the PGlite database in argv[2] and inserts
// rows forever, printing each id only after its INSERT has committed ("acknowledged").
import { sql } from 'kysely';
import { createDb } from '../create-db.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: crash-writer <dataDir>');
const handle = await createDb({ pglite: { dataDir } });
// Its own table, not the migrations: this is about PGlite's files, and a first migration is slow.
await sql`CREATE TABLE IF NOT EXISTS crash_log (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, label text NOT NULL)`.execute(
  handle.db,
);
process.stdout.write('ready\n');
for (let i = 1; ; i++) {
  const { rows } = await sql<{
    id: number;
  }>`INSERT INTO crash_log (label) VALUES (${`crash-${i}`}) RETURNING id`.execute(handle.db);
  process.stdout.write(`ack ${rows[0]!.id}\n`);
}
