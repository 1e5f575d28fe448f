import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { createRequire } from 'node:module';
import { planResultTypeChanged } from './pg-prepared.ts';
import type { PgliteQueryResult } from './pglite-protocol.ts';

/**
 * pg's own parameter serialization (Date, Buffer, arrays, JSON objects), so both drivers send the same text. Its
 * utils module alone: all of pg would cost this thread ~10 MB more.
 */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue(value: unknown): string | Buffer | null;
};

/** Statements kept prepared in the embedded session; the least recently used is closed beyond this. */
const PREPARED_STATEMENT_LIMIT = 100;

/** Names unique in the process, so two sets of queries on one session never collide. */
let nextName = 1;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A query on the embedded session as one protocol message (Parse only the first time, Bind, Describe,
 * Execute, Sync) on a named statement, instead of `PGlite.query`'s six trips into WebAssembly that parse,
 * analyse and plan every statement again (decision 106). The session keeps at most
 * `PREPARED_STATEMENT_LIMIT` statements (Kysely's `IN (…)` lists make an open-ended set of SQL texts): the
 * least recently used is closed, in the same message as the next query.
 */
export function createPreparedQueries(pglite: PGlite, limit = PREPARED_STATEMENT_LIMIT) {
  /** SQL text → statement name, in order of last use (a Map iterates in insertion order). */
  const prepared = new Map<string, string>();
  /** Statements to close with the next message: evicted, or possibly left behind by a failed Parse. */
  let toClose: string[] = [];

  async function run(sql: string, params: unknown[]): Promise<PgliteQueryResult> {
    let name = prepared.get(sql);
    const isNew = name === undefined;
    if (name === undefined) name = `medida_${nextName++}`;
    else prepared.delete(sql); // re-inserted below as the most recently used
    const parts: Uint8Array[] = toClose.map((old) => protocol.serialize.close({ type: 'S', name: old }));
    toClose = [];
    if (isNew) parts.push(protocol.serialize.parse({ name, text: sql }));
    parts.push(
      protocol.serialize.bind({ statement: name, values: params as never[], valueMapper: (v) => prepareValue(v) }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    );
    try {
      const { messages } = await pglite.execProtocol(concat(parts));
      prepared.set(sql, name);
      if (prepared.size > limit) {
        const [oldestSql, oldestName] = prepared.entries().next().value!;
        prepared.delete(oldestSql);
        toClose.push(oldestName);
      }
      const [result] = parse.parseResults(messages, pglite.parsers);
      return {
        rows: result!.rows,
        command: result!.command,
        rowCount: result!.rowCount,
        affectedRows: result!.affectedRows,
      };
    } catch (error) {
      // The statement may exist (Parse passed, Bind or Execute failed) or not: close it either way.
      toClose.push(name);
      throw error;
    }
  }

  async function runOnce(sql: string, params: unknown[]) {
    try {
      return await run(sql, params);
    } catch (error) {
      // A migration changed a table under a kept statement: it was closed above; prepare it anew once.
      if (planResultTypeChanged(error)) return await run(sql, params);
      throw error;
    }
  }

  return {
    query: (sql: string, params: unknown[]) => pglite.runExclusive(() => runOnce(sql, params)),
    /** BEGIN and then the statement, nothing between them; the statement only if BEGIN worked. */
    queryAfterBegin: (sql: string, params: unknown[]) =>
      pglite.runExclusive(async () => {
        await run('BEGIN', []);
        return runOnce(sql, params);
      }),
  };
}
