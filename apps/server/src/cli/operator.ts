// `npm run operator -- create --email … --name "…"`: makes one of the team's operators (decision 229).
import { migrateToLatest } from '@medida/db';
import { loadConfig } from '../config.ts';
import { systemClock } from '../lib/clock.ts';
import { openDatabase } from '../lib/open-database.ts';
import { createPasswordHasher } from '../lib/passwords.ts';
import { OPERATOR_USAGE, parseOperatorArgs, runCreate } from './operator-cli.ts';
import { consoleOutput, runCli } from './run-cli.ts';

const io = consoleOutput;

async function main(): Promise<number> {
  const args = parseOperatorArgs(process.argv.slice(2));
  if (!args.ok) {
    io.err(`${args.message}\n\n${OPERATOR_USAGE}`);
    return 2;
  }
  const handle = await openDatabase(loadConfig());
  try {
    await migrateToLatest(handle.db);
    return await runCreate(args, { db: handle.db, clock: systemClock, hasher: createPasswordHasher() }, io);
  } finally {
    await handle.close();
  }
}

runCli(main);
