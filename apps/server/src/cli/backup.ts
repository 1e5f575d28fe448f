// `npm run backup -- --out FILE`: one archive of the installation, database and files, while it runs (decision 225).
import { DataDirLockedError } from '@medida/db';
import { ConfigError, loadConfig } from '../config.ts';
import { BACKUP_USAGE, parseBackupArgs, runBackup } from './backup-cli.ts';

const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };

async function main(): Promise<number> {
  const config = loadConfig();
  const args = parseBackupArgs(process.argv.slice(2), config.initCwd);
  if (!args.ok) {
    io.err(`${args.message}\n\n${BACKUP_USAGE}`);
    return 2;
  }
  return runBackup(args.value.out, config, io);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
