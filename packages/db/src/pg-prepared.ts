import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** Statements kept prepared per connection; the least recently used is deallocated beyond this. */
const PREPARED_STATEMENTS_PER_CONNECTION = 100;

/** A table under a kept statement changed its columns (a migration, maybe by another instance). */
export const planResultTypeChanged = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  /cached plan must not change result type/.test((error as Error).message);

/** pg's record of what a connection has parsed (it skips Parse for a known name). */
const parsedStatements = (client: pg.PoolClient) =>
  // pg's types: they leave out the client's `connection` and its `parsedStatements`.
  (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;

/** 'I' idle, 'T' in a transaction, 'E' in a failed one (pg ≥ 8.17). */
const transactionStatus = (client: pg.PoolClient) => client.getTransactionStatus();

/** The same SQL text gets the same name on every connection; 42 characters, under PostgreSQL's 63. */
const statementName = (sql: string) => `medida_${createHash('sha1').update(sql).digest('hex')}`;

/**
 * A pg pool whose connections run every statement as a named prepared statement (decision 106): PostgreSQL then
 * parses and analyses a statement once per connection and, once it judges a generic plan good enough, stops
 * planning it too. Kysely's `IN (…)` lists make an open-ended set of SQL texts, so each connection keeps at most
 * `limit` statements and deallocates the least recently used.
 */
export function withPreparedStatements(pool: pg.Pool, limit = PREPARED_STATEMENTS_PER_CONNECTION): PostgresPool {
  /** Per connection: SQL text → name, in order of last use. */
  const kept = new WeakMap<pg.PoolClient, Map<string, string>>();

  const forget = async (client: pg.PoolClient, name: string) => {
    const parsed = parsedStatements(client);
    // A statement whose Parse failed was never prepared: a DEALLOCATE of it would fail, and inside a transaction
    // that failure aborts the transaction (a migration's).
    if (!(name in parsed)) return;
    delete parsed[name];
    await client.query(`DEALLOCATE ${name}`).catch(() => undefined);
  };

  const run = async (client: pg.PoolClient, sql: string, values: unknown[]) => {
    let statements = kept.get(client);
    if (!statements) kept.set(client, (statements = new Map()));
    const name = statements.get(sql) ?? statementName(sql);
    statements.delete(sql);
    statements.set(sql, name); // the most recently used
    if (statements.size > limit) {
      const [oldestSql, oldestName] = statements.entries().next().value!;
      statements.delete(oldestSql);
      await forget(client, oldestName);
    }
    try {
      return await client.query({ name, text: sql, values });
    } catch (error) {
      if (!planResultTypeChanged(error)) throw error;
      // Outside a transaction the statement is prepared anew once; inside one the transaction is already aborted.
      statements.delete(sql);
      await forget(client, name);
      if (transactionStatus(client) !== 'I') throw error;
      return await client.query({ name, text: sql, values });
    }
  };

  return {
    connect: async () => {
      const client = await pool.connect();
      const wrapped: PostgresPoolClient = {
        query: ((sql: string, parameters: ReadonlyArray<unknown>) =>
          run(client, sql, [...parameters]) as Promise<PostgresQueryResult<unknown>>) as PostgresPoolClient['query'],
        release: () => client.release(),
      };
      return wrapped;
    },
    end: () => pool.end(),
  };
}
