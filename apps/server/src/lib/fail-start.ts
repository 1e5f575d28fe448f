/** A start that cannot go on (bad configuration, a data directory in use): the reason, and exit code 1. */
export function failStart(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}
