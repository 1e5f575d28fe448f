import { parseArgs } from 'node:util';
import { MAX_GRANT } from '@medida/contracts';
import type { Database, Kysely } from '@medida/db';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { createCreditsService } from '../modules/credits/credits.service.ts';

export const CREDITS_USAGE = `Usage: npm run credits -- grant <email> <credits> --note "why"

  Grants whole credits (1 to ${MAX_GRANT}) to the account with that e-mail, as a ledger entry with the note.
  The server's configuration applies (DATABASE_URL, or the embedded database under DATA_DIR: stop the
  server first, the embedded database has one process at a time).`;

export interface CliOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface GrantArgs {
  email: string;
  amount: number;
  note: string;
}
type Parsed = ({ ok: true } & GrantArgs) | { ok: false; message: string };

/** The operator's command line, validated before anything touches the database. */
export function parseCreditsArgs(argv: string[]): Parsed {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { note: { type: 'string' } } });
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const [command, email, credits, ...extra] = parsed.positionals;
  if (command !== 'grant') return { ok: false, message: `Unknown command ${JSON.stringify(command ?? '')}.` };
  if (!email || !email.includes('@')) return { ok: false, message: 'Give the account e-mail.' };
  if (extra.length > 0) return { ok: false, message: `Unexpected arguments: ${extra.join(' ')}` };
  const amount = Number(credits);
  if (!/^\d+$/.test(credits ?? '') || amount < 1 || amount > MAX_GRANT)
    return {
      ok: false,
      message: `Credits must be a whole number from 1 to ${MAX_GRANT} (got ${credits ?? 'nothing'}).`,
    };
  const note = parsed.values.note?.trim() ?? '';
  if (!note) return { ok: false, message: 'Say why with --note "…" (it is kept in the ledger).' };
  if (note.length > 500) return { ok: false, message: 'The note is longer than 500 characters.' };
  return { ok: true, email, amount, note };
}

/** Runs a parsed grant against an open database; returns the process exit code. */
export async function runGrant(args: GrantArgs, deps: { db: Kysely<Database>; clock: Clock }, io: CliOutput) {
  try {
    const result = await createCreditsService(deps).grantByEmail(args);
    io.out(`Granted ${args.amount} credits to ${args.email} (user ${result.userId}); balance now ${result.creditos}.`);
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) {
      io.err(`No active account has the e-mail ${args.email}. Nothing was changed.`);
      return 1;
    }
    throw error;
  }
}
