import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import { listenOnChannel, type Listener, type ListenHandlers } from './pg-listener.ts';
import { createPglitePool } from './pglite-pool.ts';

export type DbOptions =
  | {
      pglite: {
        /** Omit for an in-memory database (tests). */
        dataDir?: string;
        /** Start from a `dumpDataDir` tarball instead of an empty cluster (test templates). */
        loadDataDir?: Blob;
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

const OID = { int8: 20, numeric: 1700, date: 1082 } as const;

/** int8 (count(*), sums) as a JS number while exact; beyond 2^53 we fail loudly rather than round. */
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} exceeds Number.MAX_SAFE_INTEGER`);
  return n;
}

/**
 * Type parsing is chosen deliberately and is the same for both drivers:
 * int8 → number (checked), numeric → string (exact decimals), date → 'YYYY-MM-DD' string
 * (a JS Date would shift calendar dates across time zones), timestamptz → Date.
 */
const textParsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: parseInt8,
  [OID.numeric]: (value) => value,
  [OID.date]: (value) => value,
};

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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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
    const pglite = await PGlite.create({ dataDir, loadDataDir, parsers: textParsers });
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
