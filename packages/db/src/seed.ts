import { USER_TYPE } from '@medida/contracts';
import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

/** Demo login printed on the console at start (SEED_DEMO=true). Not a secret: it is demo data. */
export const DEMO_ACCOUNT = { email: 'demo@medida.app', password: 'Medida-Demo-2026' } as const;

export interface SeedOptions {
  hashPassword(password: string): Promise<string>;
  now(): Date;
}

/**
 * Inserts the demo data only into an empty database (no users at all), so it never touches
 * real accounts. Returns whether it seeded.
 */
export async function seedDemoData(db: Kysely<Database>, options: SeedOptions): Promise<boolean> {
  // Every start on an existing database comes here: answer before paying for a password hash (argon2 takes
  // hundreds of milliseconds and tens of MB), then check again inside the transaction.
  if (await anyUser(db)) return false;
  const passwordHash = await options.hashPassword(DEMO_ACCOUNT.password);
  return db.transaction().execute(async (trx) => {
    if (await anyUser(trx)) return false;
    const chile = await trx.selectFrom('countries').select('id').where('iso2', '=', 'CL').executeTakeFirst();
    await trx
      .insertInto('users')
      .values({
        type: USER_TYPE.professional,
        email: DEMO_ACCOUNT.email,
        password_hash: passwordHash,
        cambia_pass: 0,
        nombre: 'Demo',
        apellido: 'Medida',
        creditos: 100,
        lang: 'es',
        account_level: 'professional',
        especialidad: 'Nutricionista',
        trabajo: 'Independiente',
        pais_id: chile?.id ?? null,
        registration_variant: 'seed',
        terms_accepted_at: options.now(),
        email_verified_at: options.now(),
      })
      .execute();
    return true;
  });
}

export async function demoAccountExists(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ACCOUNT.email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

async function anyUser(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}
