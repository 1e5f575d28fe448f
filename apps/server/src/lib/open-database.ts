import path from 'node:path';
import { createDb, type DbHandle } from '@medida/db';
import type { Config } from '../config.ts';

/** The configured database: a PostgreSQL server when DATABASE_URL is set, else the embedded PGlite under DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<DbHandle> {
  if (config.databaseUrl) return createDb({ postgres: { connectionString: config.databaseUrl } });
  return createDb({ pglite: { dataDir: path.join(config.dataDir, 'pgdata') } });
}
