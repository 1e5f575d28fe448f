import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreparedQueries } from './pglite-prepared.ts';
import { textParsers } from './type-parsers.ts';

// The embedded session's named statements (decision 106): kept, bounded, and recovered after a change of table.
// The embedded database only: `npm test` runs it; the PostgreSQL pass (DATABASE_URL) would repeat it as it is.
describe.skipIf(Boolean(process.env.DATABASE_URL))('prepared statements on the embedded session', () => {
  let pglite: PGlite;
  const preparedNames = async () =>
    (await pglite.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map(
      (r) => r.name,
    );

  beforeAll(async () => {
    pglite = await PGlite.create({ parsers: textParsers });
    await pglite.exec(`CREATE TABLE t (id serial PRIMARY KEY, email text UNIQUE, at timestamptz, born date,
      doc jsonb, tags text[], bytes bytea)`);
  });
  afterAll(() => pglite?.close());

  it('prepares a statement once and runs it again with other parameters', async () => {
    const queries = createPreparedQueries(pglite);
    const insert = 'INSERT INTO t (email, at, born, doc, tags, bytes) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id';
    const at = new Date('2026-03-04T05:06:07.123Z');
    const first = await queries.query(insert, [
      'a@x',
      at,
      '2000-01-31',
      { a: [1, 'b'] },
      ['x', 'y,z'],
      Buffer.from([0, 255]),
    ]);
    const second = await queries.query(insert, ['b@x', null, null, null, null, null]);
    expect(first).toMatchObject({ command: 'INSERT', rowCount: 1, affectedRows: 1 });
    expect(second.rows).toEqual([{ id: 2 }]);
    const read = await queries.query('SELECT at, born, doc, tags, bytes FROM t WHERE email = $1', ['a@x']);
    expect(read.rows).toEqual([
      { at, born: '2000-01-31', doc: { a: [1, 'b'] }, tags: ['x', 'y,z'], bytes: new Uint8Array([0, 255]) },
    ]);
    expect((await preparedNames()).length).toBe(2);
  });

  it('reports a database error with its code and goes on; the failed statement is not kept', async () => {
    const queries = createPreparedQueries(pglite);
    const before = await preparedNames();
    await expect(queries.query('INSERT INTO t (email) VALUES ($1)', ['a@x'])).rejects.toMatchObject({ code: '23505' });
    await expect(queries.query('SELECT nope FROM t', [])).rejects.toMatchObject({ code: '42703' });
    expect((await queries.query('SELECT count(*)::int8 AS n FROM t', [])).rows).toEqual([{ n: 2 }]);
    expect(await preparedNames()).toHaveLength(before.length + 1);
  });

  it('keeps at most the limit of statements, closing the least recently used', async () => {
    const queries = createPreparedQueries(pglite, 3);
    const before = (await preparedNames()).length;
    for (let n = 1; n <= 10; n++) await queries.query(`SELECT ${n}::int4 AS n`, []);
    // The limit, plus the last one evicted: its close travels with the next query.
    expect((await preparedNames()).length - before).toBe(4);
    await queries.query('SELECT 9::int4 AS n', []);
    expect((await preparedNames()).length - before).toBe(3);
    expect((await queries.query('SELECT 10::int4 AS n', [])).rows).toEqual([{ n: 10 }]);
  });

  it('prepares again a statement whose table changed its columns', async () => {
    const queries = createPreparedQueries(pglite);
    await queries.query('CREATE TABLE changing (a int4)', []);
    await queries.query('INSERT INTO changing VALUES ($1)', [1]);
    expect((await queries.query('SELECT * FROM changing', [])).rows).toEqual([{ a: 1 }]);
    await queries.query('ALTER TABLE changing ADD COLUMN b text', []);
    expect((await queries.query('SELECT * FROM changing', [])).rows).toEqual([{ a: 1, b: null }]);
  });
  it('opens a transaction with its first statement, and runs the statement only if BEGIN worked (decision 254)', async () => {
    const queries = createPreparedQueries(pglite);
    const count = async () =>
      Number((await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]!.n);
    const before = await count();
    const insert = 'INSERT INTO t (email) VALUES ($1)';
    expect(await queries.queryAfterBegin(insert, ['begun@x'])).toMatchObject({ command: 'INSERT', rowCount: 1 });
    // Inside the transaction: a second BEGIN only warns, and a ROLLBACK undoes the insert.
    await queries.query('ROLLBACK', []);
    expect(await count()).toBe(before);
    // In a failed transaction BEGIN fails too: the statement never runs.
    await queries.query('BEGIN', []);
    await expect(queries.query('SELECT 1 / 0', [])).rejects.toThrow(/division by zero/);
    await expect(queries.queryAfterBegin(insert, ['never@x'])).rejects.toThrow(/current transaction is aborted/);
    await queries.query('ROLLBACK', []);
    expect(await count()).toBe(before);
  });
});
