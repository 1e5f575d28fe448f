import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledQueries } from './compiled-queries.ts';
import type { DbHandle } from './create-db.ts';
import { createFreshTestDb } from './testing.ts';

// Queries built once per shape (issue 11): each call still gets its own values, on both drivers.
describe('compiled queries', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createFreshTestDb();
    await sql`CREATE TABLE numbers AS SELECT n FROM generate_series(1, 9) AS n`.execute(handle.db);
  });
  afterAll(() => handle?.close());

  type Params = { from: number; to: number; limit: number; word: string };
  const numbers = (queries: ReturnType<typeof compiledQueries<Params>>, withWord: boolean, params: Params) =>
    queries.execute(handle.db, JSON.stringify({ withWord }), params, (p) =>
      handle.db
        .selectFrom(sql<{ n: number }>`numbers`.as('s'))
        .select(['s.n', sql<string>`${withWord ? p.word : sql.lit('-')}::text`.as('word')])
        .where('s.n', '>=', p.from)
        .where('s.n', '<=', p.to)
        .orderBy('s.n')
        .limit(p.limit),
    );

  it('runs one compiled statement with each call’s values, and one statement per shape', async () => {
    const queries = compiledQueries<Params>();
    expect(await numbers(queries, true, { from: 1, to: 9, limit: 2, word: 'a' })).toEqual([
      { n: 1, word: 'a' },
      { n: 2, word: 'a' },
    ]);
    expect(await numbers(queries, true, { from: 5, to: 6, limit: 10, word: "o'b" })).toEqual([
      { n: 5, word: "o'b" },
      { n: 6, word: "o'b" },
    ]);
    expect(await numbers(queries, false, { from: 7, to: 7, limit: 1, word: 'unused' })).toEqual([{ n: 7, word: '-' }]);
  });

  it('refuses to run without a value for a parameter the statement uses', async () => {
    const queries = compiledQueries<Params>();
    await expect(numbers(queries, true, { from: 1, to: 2, limit: 1 } as Params)).rejects.toThrow(
      "No value for the query parameter 'word'",
    );
  });
});
