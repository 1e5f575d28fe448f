// `npm run restore -- FILE`: an archive of npm run backup into an empty installation, then verified (decision 225).
import { DataDirLockedError } from '@medida/db';
import { ConfigError, loadConfig } from '../config.ts';
import { RESTORE_USAGE, parseRestoreArgs, runRestore } from './backup-cli.ts';

const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };

async function main(): Promise<number> {
  const config = loadConfig();
  const args = parseRestoreArgs(process.argv.slice(2), config.initCwd);
  if (!args.ok) {
    io.err(`${args.message}\n\n${RESTORE_USAGE}`);
    return 2;
  }
  return runRestore(args.value, config, io);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
