// `npm run backup -- --out FILE`: one archive of the installation, database and files, while it runs (decision 225).
import { loadConfig } from '../config.ts';
import { BACKUP_USAGE, parseBackupArgs, runBackup } from './backup-cli.ts';
import { consoleOutput, runCli } from './run-cli.ts';

const io = consoleOutput;

async function main(): Promise<number> {
  const config = loadConfig();
  const args = parseBackupArgs(process.argv.slice(2), config.initCwd);
  if (!args.ok) {
    io.err(`${args.message}\n\n${BACKUP_USAGE}`);
    return 2;
  }
  return runBackup(args.value.out, config, io);
}

runCli(main);
