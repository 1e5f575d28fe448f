import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { PgliteSession } from './pglite-thread.ts';

/**
 * A `pg`-Pool look-alike over one PGlite session (the database thread, or an in-process PGlite), for
 * Kysely's PostgresDialect.
 * PGlite has a single session, so a transaction (BEGIN … COMMIT on one connection) must own it
 * exclusively: the session is lent to one borrower at a time and the others wait in a FIFO queue.
 * A query issued on `db` from inside a transaction callback would therefore wait forever: always use `trx`.
 */
export function createPglitePool(pglite: PgliteSession): PostgresPool {
  const waiting: Array<() => void> = [];
  let busy = false;

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };

  const client: PostgresPoolClient = {
    // Kysely streams only when a cursor class is configured, which we never do.
    query: (async (sqlText: string, parameters: ReadonlyArray<unknown>) => {
      const result = await pglite.query(sqlText, [...parameters]);
      return {
        command: (result.command ?? 'SELECT') as PostgresQueryResult<unknown>['command'],
        rowCount: result.rowCount ?? result.affectedRows ?? 0,
        rows: result.rows,
      };
    }) as PostgresPoolClient['query'],
    release,
  };

  return {
    connect: () =>
      new Promise<PostgresPoolClient>((resolve) => {
        if (!busy) {
          busy = true;
          resolve(client);
        } else {
          waiting.push(() => resolve(client));
        }
      }),
    end: async () => {
      await pglite.close();
    },
  };
}
