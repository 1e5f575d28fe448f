// Child process for crash-recovery.int.test.ts: opens the PGlite database in argv[2] and inserts
// rows forever, printing each id only after its INSERT has committed ("acknowledged").
import { sql } from 'kysely';
import { createDb } from '../create-db.ts';
import { migrateToLatest } from '../migrate.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: crash-writer <dataDir>');
const handle = await createDb({ pglite: { dataDir } });
await migrateToLatest(handle.db);
process.stdout.write('ready\n');
for (let i = 1; ; i++) {
  const { rows } = await sql<{ id: number }>`INSERT INTO companies (name) VALUES (${`crash-${i}`}) RETURNING id`.execute(handle.db);
  process.stdout.write(`ack ${rows[0]!.id}\n`);
}
