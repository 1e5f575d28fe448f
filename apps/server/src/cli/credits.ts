// `npm run credits -- grant <email> <n> --note "…"`: the operator's way to give credits to a top-level
// account, on the same service and ledger as the API (decision 130).
import { migrateToLatest } from '@medida/db';
import { loadConfig } from '../config.ts';
import { systemClock } from '../lib/clock.ts';
import { openDatabase } from '../lib/open-database.ts';
import { CREDITS_USAGE, parseCreditsArgs, runGrant } from './credits-cli.ts';
import { consoleOutput, runCli } from './run-cli.ts';

const io = consoleOutput;

async function main(): Promise<number> {
  // Wrong arguments are answered before the database is opened.
  const args = parseCreditsArgs(process.argv.slice(2));
  if (!args.ok) {
    io.err(`${args.message}\n\n${CREDITS_USAGE}`);
    return 2;
  }
  const handle = await openDatabase(loadConfig());
  try {
    await migrateToLatest(handle.db);
    return await runGrant(args, { db: handle.db, clock: systemClock }, io);
  } finally {
    await handle.close();
  }
}

runCli(main);
