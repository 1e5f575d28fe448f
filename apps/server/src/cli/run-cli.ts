import { DataDirLockedError } from '@medida/db';
import { ConfigError } from '../config.ts';
import type { CliOutput } from './credits-cli.ts';

/** An operator command's output: its lines on the console. */
export const consoleOutput: CliOutput = {
  out: (line: string) => console.log(line),
  err: (line: string) => console.error(line),
};

/**
 * Runs an operator command's `main` and exits with its code; a wrong configuration or a data directory held by a
 * running server is said in one line, anything else with its stack.
 */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
      else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}
