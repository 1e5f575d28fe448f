import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { PgliteSession } from './pglite-thread.ts';

/** Kysely opens a transaction with `begin` and ends it with `commit` or `rollback` (savepoints name one: not an end). */
const OPENS_TRANSACTION = /^\s*(begin|start\s+transaction)\b/i;
const ENDS_TRANSACTION = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;
/** Kysely's plain BEGIN (no isolation level or access mode), which can wait for the transaction's first statement. */
const PLAIN_BEGIN = /^\s*begin\s*;?\s*$/i;

/**
 * A `pg`-Pool look-alike over one PGlite session (the database thread, or an in-process PGlite), for
 * Kysely's PostgresDialect.
 *
 * PGlite has a single session and runs its statements in the order they are sent. A transaction (BEGIN …
 * COMMIT) must own that session: from its BEGIN to its COMMIT or ROLLBACK, every other borrower's statements wait
 * in a FIFO queue, and go in order once the end is sent. Statements outside a transaction are sent at once, without
 * waiting for the ones before them to answer (decision 220): the session runs them back to back, where lending it to
 * one borrower at a time left it idle for a round trip between threads after every statement. The session's order
 * is what keeps them apart: a BEGIN sent after them runs after them, and one sent before them holds them back.
 *
 * A query issued on `db` from inside a transaction callback would therefore wait forever: always use `trx`. And
 * `db.connection()` does not pin the session here: only a transaction keeps statements together.
 */
export function createPglitePool(pglite: PgliteSession): PostgresPool {
  /** Statements of other borrowers waiting for the open transaction to end, in the order they were issued. */
  const held: Array<() => void> = [];
  /** The borrower whose transaction owns the session. */
  let owner: object | null = null;

  const endTransaction = () => {
    owner = null;
    // A held BEGIN takes the session again and stops the flush: what follows it waits for its end.
    while (owner === null && held.length > 0) held.shift()!();
  };

  const toResult = (result: Awaited<ReturnType<PgliteSession['query']>>) => ({
    command: (result.command ?? 'SELECT') as PostgresQueryResult<unknown>['command'],
    rowCount: result.rowCount ?? result.affectedRows ?? 0,
    rows: result.rows,
  });

  return {
    connect: async () => {
      /** `beginPending`: its plain BEGIN was answered here and goes with its next statement (decision 254). */
      const borrower = { beginPending: false };
      const client: PostgresPoolClient = {
        // Kysely streams only when a cursor class is configured, which we never do.
        query: ((sqlText: string, parameters: ReadonlyArray<unknown>) =>
          new Promise<PostgresQueryResult<unknown>>((resolve, reject) => {
            // Sent synchronously once the session is free, so statements reach it in the order they were let go.
            const send = () => {
              if (owner !== borrower && OPENS_TRANSACTION.test(sqlText)) owner = borrower;
              // A plain BEGIN waits for the next statement and goes in the same trip to the database thread, which
              // runs that statement only if BEGIN worked: one round trip less per transaction.
              if (owner === borrower && pglite.queryAfterBegin && PLAIN_BEGIN.test(sqlText)) {
                borrower.beginPending = true;
                return resolve(toResult({ command: 'BEGIN', rows: [] }));
              }
              const sent =
                borrower.beginPending && pglite.queryAfterBegin
                  ? pglite.queryAfterBegin(sqlText, [...parameters])
                  : pglite.query(sqlText, [...parameters]);
              borrower.beginPending = false;
              sent.then((result) => resolve(toResult(result)), reject);
              // The session runs what comes after the end only after it: the next borrowers may go now.
              if (owner === borrower && ENDS_TRANSACTION.test(sqlText)) endTransaction();
            };
            if (owner === null || owner === borrower) send();
            else held.push(send);
          })) as PostgresPoolClient['query'],
        // A borrower that leaves without ending its transaction (it cannot: Kysely always ends it) frees the rest.
        release: () => {
          if (owner === borrower) endTransaction();
        },
      };
      return client;
    },
    end: async () => {
      await pglite.close();
    },
  };
}
