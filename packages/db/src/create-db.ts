import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import { listenOnChannel, type Listener, type ListenHandlers } from './pg-listener.ts';
import { withPreparedStatements } from './pg-prepared.ts';
import { createPglitePool } from './pglite-pool.ts';
import { openPgliteThread } from './pglite-thread.ts';
import { textParsers } from './type-parsers.ts';

export type DbOptions =
  | {
      pglite: {
        /** Omit for an in-memory database (tests). */
        dataDir?: string;
        /** Start from a `dumpDataDir` tarball instead of an empty cluster (test templates). */
        loadDataDir?: Uint8Array;
      };
    }
  | { postgres: { connectionString: string; max?: number } };

export interface DbHandle {
  db: Kysely<Database>;
  driver: 'pglite' | 'postgres';
  /**
   * PostgreSQL only: LISTEN on a channel over a dedicated connection, so several server instances
   * sharing the database hear each other's NOTIFY. PGlite has one process, so it needs none.
   */
  listen?: (channel: string, handlers: ListenHandlers) => Promise<Listener>;
  close(): Promise<void>;
}

/** The parsers both drivers use; exported for code that opens PGlite directly (test templates). */
export const pgliteParsers = textParsers;

export async function createDb(options: DbOptions): Promise<DbHandle> {
  if ('postgres' in options) {
    const pool = new pg.Pool({
      connectionString: options.postgres.connectionString,
      max: options.postgres.max ?? 10,
      // Our queries are short index walks; a bad row estimate (recursive CTEs) would otherwise switch on the
      // JIT compiler, which costs tens of milliseconds per query (decision 100).
      options: '-c jit=off',
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          textParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle pooled connection can be ended by the server (restart, failover, DROP DATABASE … FORCE).
    // pg then emits 'error' on the pool, which would crash the process without a listener; the pool
    // already discards that client and opens a new one on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
    const { connectionString } = options.postgres;
    return {
      db,
      driver: 'postgres',
      listen: (channel, handlers) => listenOnChannel(connectionString, channel, handlers),
      close: () => db.destroy(),
    };
  }

  const { dataDir, loadDataDir } = options.pglite;
  let lock: ReturnType<typeof acquireDataDirLock> | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
  }
  try {
    // PGlite runs in its own thread (pglite-thread.ts): HTTP stays responsive while a query works.
    const pglite = await openPgliteThread({ dataDir, loadDataDir });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPglitePool(pglite) }) });
    // Kysely initialises the driver lazily; touch it so close() always reaches pglite.close().
    await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    let closed = false;
    return {
      db,
      driver: 'pglite',
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await db.destroy();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
