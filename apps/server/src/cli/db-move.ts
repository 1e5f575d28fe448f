// `npm run db:move -- --to postgres://…`: the embedded installation into PostgreSQL, checked there (decision 225).
import { loadConfig } from '../config.ts';
import { MOVE_USAGE, parseMoveArgs, runMove } from './backup-cli.ts';
import { consoleOutput, runCli } from './run-cli.ts';

const io = consoleOutput;

async function main(): Promise<number> {
  const args = parseMoveArgs(process.argv.slice(2));
  if (!args.ok) {
    io.err(`${args.message}\n\n${MOVE_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  // The same settings with the target's database and file store; the key stays the embedded one's (DATA_DIR).
  const target = loadConfig({ ...process.env, DATABASE_URL: args.value.to, BLOB_STORAGE: args.value.files });
  return runMove(config, target, io);
}

runCli(main);
