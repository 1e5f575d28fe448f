import { parseArgs } from 'node:util';
import { LANGUAGES } from '@medida/contracts';
import type { Database, Kysely } from '@medida/db';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import type { PasswordHasher } from '../lib/passwords.ts';
import { generateToken } from '../lib/tokens.ts';
import { createOperatorUser } from '../modules/operator/operator.service.ts';
import type { CliOutput } from './credits-cli.ts';

export const OPERATOR_USAGE = `Usage: npm run operator -- create --email <email> --name "<first> <last>" [--lang es|en|pt]

  Makes one of the team's operators (decision 229): the only way one is made. It gets a temporary password,
  printed once: at its first sign-in it chooses its own and enrols an authenticator app before the console
  answers. The server's configuration applies (DATABASE_URL, or the embedded database under DATA_DIR).`;

export interface CreateArgs {
  email: string;
  nombre: string;
  apellido: string;
  lang: string;
}
type Parsed = ({ ok: true } & CreateArgs) | { ok: false; message: string };

/** The command line, validated before anything touches the database. */
export function parseOperatorArgs(argv: string[]): Parsed {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: 'string' }, name: { type: 'string' }, lang: { type: 'string' } },
    });
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const [command, ...extra] = parsed.positionals;
  if (command !== 'create') return { ok: false, message: `Unknown command ${JSON.stringify(command ?? '')}.` };
  if (extra.length > 0) return { ok: false, message: `Unexpected arguments: ${extra.join(' ')}` };
  const email = parsed.values.email?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
    return { ok: false, message: 'Give the operator e-mail with --email.' };
  const [nombre = '', ...rest] = (parsed.values.name ?? '').trim().split(/\s+/);
  if (!nombre || nombre.length > 80) return { ok: false, message: 'Give the operator name with --name "First Last".' };
  const lang = parsed.values.lang ?? 'es';
  if (!(LANGUAGES as readonly string[]).includes(lang))
    return { ok: false, message: `--lang is one of ${LANGUAGES.join(', ')}.` };
  return { ok: true, email, nombre, apellido: rest.join(' ').slice(0, 80), lang };
}

/** Runs a parsed create against an open database; returns the process exit code. */
export async function runCreate(
  args: CreateArgs,
  deps: { db: Kysely<Database>; clock: Clock; hasher: PasswordHasher },
  io: CliOutput,
) {
  const password = generateToken().slice(0, 20);
  try {
    const { id } = await createOperatorUser(deps, {
      ...args,
      passwordHash: await deps.hasher.hash(password),
    });
    io.out(`Operator ${args.email} created (user ${id}). Temporary password, shown once: ${password}`);
    io.out('At the first sign-in it chooses its own password and enrols an authenticator app.');
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) {
      io.err(`A user with the e-mail ${args.email} exists already. Nothing was changed.`);
      return 1;
    }
    throw error;
  }
}
