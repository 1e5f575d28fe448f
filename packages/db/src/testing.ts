import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DbHandle } from './create-db.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when
 * DATABASE_URL is set, a new database `medida_test_<random>` on that server, dropped on close.
 */
export async function createFreshTestDb(env: { DATABASE_URL?: string } = { DATABASE_URL: readDatabaseUrl() }): Promise<DbHandle> {
  const serverUrl = env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await createDb({ pglite: {} });
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = `medida_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ postgres: { connectionString: url.toString(), max: 5 } });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Test-only: the one place outside config.ts that reads the environment (test tier selection). */
function readDatabaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
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
