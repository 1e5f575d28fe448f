// `npm run restore -- FILE`: an archive of npm run backup into an empty installation, then verified (decision 225).
import { loadConfig } from '../config.ts';
import { RESTORE_USAGE, parseRestoreArgs, runRestore } from './backup-cli.ts';
import { consoleOutput, runCli } from './run-cli.ts';

const io = consoleOutput;

async function main(): Promise<number> {
  const config = loadConfig();
  const args = parseRestoreArgs(process.argv.slice(2), config.initCwd);
  if (!args.ok) {
    io.err(`${args.message}\n\n${RESTORE_USAGE}`);
    return 2;
  }
  return runRestore(args.value, config, io);
}

runCli(main);
