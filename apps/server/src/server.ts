// Process entry: configuration and the database's start first, so that the database thread opens while the rest of
// the server's modules load (issue 33 item 6): everything else is imported once this is on its way.
import { DataDirLockedError, migrateToLatest, type DbHandle } from '@medida/db';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { failStart } from './lib/fail-start.ts';
import { openDatabase } from './lib/open-database.ts';
import { isNewEmbeddedDatabase, prepareNewDataDir } from './lib/prepare-data-dir.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) failStart(error.message);
    throw error;
  }

  // A new embedded database is created in a child process, whose memory goes back when it exits (decision 237).
  const created = isNewEmbeddedDatabase(config);
  // The database starts in its own thread (PGlite, decision 101) while this one loads the rest of the server's
  // modules: on two cores the two halves of the start overlap (issue 11 item 6, decision 244).
  const opening = (created ? prepareNewDataDir() : Promise.resolve()).then(() => openDatabase(config));
  const serving = import('./serve.ts');
  let db: DbHandle;
  try {
    db = await opening;
    await migrateToLatest(db.db);
  } catch (error) {
    if (error instanceof DataDirLockedError) failStart(`Cannot start: ${error.message}`);
    throw error;
  }

  const { serve } = await serving;
  await serve(config, db, created);
}

main().catch((error: unknown) => {
  process.stderr.write(`Fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
