import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createDb, pgliteParsers, type DbHandle } from './create-db.ts';
import { USER_TYPE } from '@medida/contracts';
import type { Database, NewUser } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { createPglitePool } from './pglite-pool.ts';

/** The one users-row factory of the test suites and the e2e fixtures: a professional, Ana Pérez, unless `columns` say otherwise. */
export async function insertTestUser(
  db: Kysely<Database>,
  columns: Partial<NewUser> & Pick<NewUser, 'email' | 'password_hash'>,
): Promise<number> {
  // An undefined column means "the default" here, not "the database default".
  const given = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  const row: NewUser = {
    type: USER_TYPE.professional,
    nombre: 'Ana',
    apellido: 'Pérez',
    nacimiento: '1990-05-17',
    sexo: 'Femenino',
    lang: 'es',
    // Like every account older than e-mail verification (migration 0004); tests of the unverified state say so.
    email_verified_at: new Date(),
    ...given,
    email: columns.email,
  };
  const { id } = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when
 * DATABASE_URL is set, a new database `medida_test_<random>` on that server, dropped on close.
 * Migrating (with its reference-data seeds) is slow, so both drivers start from a template that is
 * migrated once per migration set: a PGlite dump file in the temp directory, or a PostgreSQL
 * template database `medida_tpl_<fingerprint>`.
 */
export async function createFreshTestDb(
  env: { DATABASE_URL?: string } = { DATABASE_URL: readDatabaseUrl() },
): Promise<DbHandle & { connectionString?: string }> {
  const serverUrl = env.DATABASE_URL;
  if (!serverUrl) return createMigratedPglite();
  return postgresTestDb(serverUrl, `TEMPLATE ${await postgresTemplate(serverUrl)}`);
}

/**
 * A migrated embedded database opened from the template: in memory, or in `dataDir` (the browser tests' lanes are
 * seeded there without running every migration and its seeds again).
 */
export async function createMigratedPglite(dataDir?: string): Promise<DbHandle> {
  const handle = await createDb({ pglite: { dataDir, loadDataDir: await (template ??= pgliteTemplate()) } });
  await migrateToLatest(handle.db); // a no-op unless the template is stale
  return handle;
}

/** A new database `medida_test_<random>` on the server (`options`: what CREATE DATABASE adds), dropped on close. */
async function postgresTestDb(serverUrl: string, options = ''): Promise<DbHandle & { connectionString: string }> {
  const name = `medida_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name} ${options}`));
  const connectionString = databaseUrl(serverUrl, name);
  const handle = await createDb({ postgres: { connectionString, max: 5 } });
  return {
    ...handle,
    connectionString,
    close: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * An empty database without a schema (a restore's or a move's target): in-memory PGlite, or a new database on the
 * DATABASE_URL server, dropped on close.
 */
export async function createEmptyTestDb(
  env: { DATABASE_URL?: string } = { DATABASE_URL: readDatabaseUrl() },
): Promise<DbHandle & { connectionString?: string }> {
  const serverUrl = env.DATABASE_URL;
  return serverUrl ? postgresTestDb(serverUrl) : createDb({ pglite: {} });
}

/** Test-only: the one place outside config.ts that reads the environment (test tier selection). */
function readDatabaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/** Changes whenever a migration or a seed dataset file changes. */
function migrationsFingerprint(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const hash = createHash('sha256');
  const migrationsDir = path.join(here, 'migrations');
  for (const file of readdirSync(migrationsDir).sort())
    hash.update(file).update(readFileSync(path.join(migrationsDir, file)));
  for (const file of readdirSync(here)
    .filter((f) => f.endsWith('-dataset.ts'))
    .sort())
    hash.update(file).update(readFileSync(path.join(here, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The template's bytes, read once per process (each test file of a worker opens its database from them). */
let template: Promise<Uint8Array> | undefined;

async function pgliteTemplate(): Promise<Uint8Array> {
  const file = path.join(tmpdir(), `medida-pglite-template-${migrationsFingerprint()}-checkpointed.tar`);
  try {
    return await readFile(file);
  } catch {
    // not built yet
  }
  // Without recycling, the checkpoint below deletes the WAL segments before it instead of keeping them for reuse:
  // 16 MB less in the template that every test database copies.
  const pglite = await PGlite.create({
    parsers: pgliteParsers,
    startParams: [...PGlite.defaultStartParams, '-c', 'wal_recycle=off'],
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPglitePool(pglite) }) });
  await migrateToLatest(db);
  // A checkpoint first: the dump then holds no WAL to replay, and each test database starts without crash recovery
  // (without it every open replayed the migrations' and seeds' WAL: seconds of CPU per test file).
  await pglite.exec('CHECKPOINT');
  // Uncompressed: 70 MB in the temp directory, but each test database loads in about half the time (no gunzip).
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  // Write then rename: a concurrent worker reads either nothing or the whole file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const bytes = new Uint8Array(await dump.arrayBuffer());
  await writeFile(partial, bytes);
  await rename(partial, file);
  return bytes;
}

async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `medida_tpl_${migrationsFingerprint()}`;
  await withAdminClient(serverUrl, async (client) => {
    // One builder at a time across test workers; the others wait, then find it built.
    await client.query('SELECT pg_advisory_lock(48151623)');
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const handle = await createDb({ postgres: { connectionString: databaseUrl(serverUrl, building), max: 1 } });
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(48151623)');
    }
  });
  return name;
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
