// Child process entry (lib/prepare-data-dir.ts): a new embedded database created, migrated and seeded, then exit.
import { migrateToLatest, seedDemoData } from '@medida/db';
import { loadConfig } from '../config.ts';
import { systemClock } from './clock.ts';
import { openDatabase } from './open-database.ts';
import { createPasswordHasher } from './passwords.ts';

const config = loadConfig();
const db = await openDatabase(config);
try {
  await migrateToLatest(db.db);
  if (config.seedDemo) await seedDemoData(db.db, { hashPassword: createPasswordHasher().hash, now: systemClock.now });
} finally {
  await db.close();
}
process.exit(0);
