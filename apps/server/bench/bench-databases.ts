/**
 * One bench against the compiled server on each database: PGlite (a fresh data directory, as `npm start` keeps
 * it) and, when DATABASE_URL is set, a fresh PostgreSQL database. The data is seeded before the server opens it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, migrateToLatest, type DbHandle } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { startServer, type ServerProcess } from './server-process.ts';

export interface BenchOnDatabase<Fixture> {
  /** Names the temporary PGlite directory. */
  name: string;
  seed(handle: DbHandle): Promise<Fixture>;
  /** Server variables the bench needs besides the database (e.g. limits it raises for itself). */
  serverEnv?: Record<string, string>;
  measure(label: string, server: ServerProcess, fixture: Fixture): Promise<void>;
  /** 'pglite' or 'postgres' runs that half alone. */
  only?: string | undefined;
}

export async function onBenchDatabases<Fixture>(bench: BenchOnDatabase<Fixture>): Promise<void> {
  const serverEnv = bench.serverEnv ?? {};
  if (bench.only !== 'postgres') {
    const dataDir = await mkdtemp(path.join(tmpdir(), `medida-${bench.name}-`));
    try {
      const handle = await createDb({ pglite: { dataDir: path.join(dataDir, 'pgdata') } });
      let fixture: Fixture;
      try {
        await migrateToLatest(handle.db);
        fixture = await bench.seed(handle);
      } finally {
        await handle.close();
      }
      const server = await startServer({ ...serverEnv, DATA_DIR: dataDir, DATABASE_URL: '' });
      try {
        await bench.measure('PGlite (data directory)', server, fixture);
      } finally {
        await server.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (bench.only === 'pglite') return;
  if (!databaseUrl) {
    console.log('\nDATABASE_URL not set: PostgreSQL skipped.');
    return;
  }
  const handle = await createFreshTestDb({ DATABASE_URL: databaseUrl });
  try {
    const fixture = await bench.seed(handle);
    const server = await startServer({ ...serverEnv, DATABASE_URL: handle.connectionString! });
    try {
      await bench.measure(`PostgreSQL (${new URL(databaseUrl).host})`, server, fixture);
    } finally {
      await server.stop();
    }
  } finally {
    await handle.close();
  }
}
