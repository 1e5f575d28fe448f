// `npm run blobs:move -- --to disk|postgres|s3`: copies every stored file to another store (decision 221). The
// source is the store the configuration names now; the target's settings come from the same environment.
import { migrateToLatest } from '@medida/db';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../lib/open-database.ts';
import { createBlobStorage } from '../modules/blobs/blobs.service.ts';
import { BLOBS_MOVE_USAGE, parseBlobsMoveArgs, runBlobsMove } from './blobs-move-cli.ts';
import { consoleOutput, runCli } from './run-cli.ts';

const io = consoleOutput;

async function main(): Promise<number> {
  const args = parseBlobsMoveArgs(process.argv.slice(2));
  if (!args.ok) {
    io.err(`${args.message}\n\n${BLOBS_MOVE_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const target = loadConfig({ ...process.env, BLOB_STORAGE: args.to }).blobs;
  const handle = await openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    const stores = {
      from: await createBlobStorage(config.blobs, handle.db),
      to: await createBlobStorage(target, handle.db),
    };
    return await runBlobsMove({ from: config.blobs, to: target, db: handle.db, stores }, io);
  } finally {
    await handle.close();
  }
}

runCli(main);
