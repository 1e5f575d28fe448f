import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Generated } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglitePool } from './pglite-pool.ts';

interface LogDb {
  log: { id: Generated<number>; who: string; step: string };
}

// The embedded database only: `npm test` runs it; the PostgreSQL pass (DATABASE_URL) would repeat it as it is.
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite pool adapter', () => {
  let db: Kysely<LogDb>;

  beforeAll(async () => {
    db = new Kysely<LogDb>({ dialect: new PostgresDialect({ pool: createPglitePool(await PGlite.create()) }) });
    await sql`CREATE TABLE log (id serial PRIMARY KEY, who text NOT NULL, step text NOT NULL)`.execute(db);
  });
  afterAll(() => db?.destroy());

  it('lends the single session to one transaction at a time, so concurrent transactions never interleave', async () => {
    const work = (who: string) =>
      db.transaction().execute(async (trx) => {
        for (const step of ['begin', 'middle', 'end']) {
          await trx.insertInto('log').values({ who, step }).execute();
          await sleep(5); // give the others every chance to cut in
        }
      });
    await Promise.all(['a', 'b', 'c', 'd'].map(work));

    const rows = await db.selectFrom('log').select(['who', 'step']).orderBy('id').execute();
    expect(rows).toHaveLength(12);
    for (let i = 0; i < rows.length; i += 3) {
      const block = rows.slice(i, i + 3);
      expect(new Set(block.map((r) => r.who)).size).toBe(1);
      expect(block.map((r) => r.step)).toEqual(['begin', 'middle', 'end']);
    }
  });

  it('rolls back a failed transaction and hands the session on to the next borrower', async () => {
    await sql`TRUNCATE log`.execute(db);
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('log').values({ who: 'failing', step: 'begin' }).execute();
      await sleep(5);
      throw new Error('boom');
    });
    const plain = db.insertInto('log').values({ who: 'plain', step: 'only' }).execute();
    await expect(failing).rejects.toThrow('boom');
    await plain;
    const rows = await db.selectFrom('log').select('who').execute();
    expect(rows.map((r) => r.who)).toEqual(['plain']);
  });

  it('sends statements outside a transaction without waiting, in the order they were issued (decision 220)', async () => {
    await sql`TRUNCATE log`.execute(db);
    // A transaction opens between plain statements: those after its BEGIN wait for its end and are not rolled back.
    const plain = (i: number) =>
      db
        .insertInto('log')
        .values({ who: 'plain', step: String(i) })
        .execute();
    const before = Array.from({ length: 20 }, (_, i) => plain(i));
    const rolledBack = db.transaction().execute(async (trx) => {
      await trx.insertInto('log').values({ who: 'tx', step: 'inside' }).execute();
      await sleep(5);
      throw new Error('undone');
    });
    await sleep(0);
    const after = Array.from({ length: 20 }, (_, i) => plain(20 + i));
    await Promise.all([...before, ...after]);
    await expect(rolledBack).rejects.toThrow('undone');
    const rows = await db.selectFrom('log').select(['who', 'step']).orderBy('id').execute();
    expect(rows.map((r) => r.who)).toEqual(Array(40).fill('plain'));
    expect(rows.map((r) => Number(r.step))).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it("has several plain statements on their way at once, a transaction's alone", async () => {
    const pglite = await PGlite.create();
    let inFlight = 0;
    let most = 0;
    const counting = {
      query: async (text: string, params: unknown[]) => {
        most = Math.max(most, ++inFlight);
        try {
          return await pglite.query(text, params);
        } finally {
          inFlight--;
        }
      },
      close: () => pglite.close(),
    };
    const counted = new Kysely<LogDb>({ dialect: new PostgresDialect({ pool: createPglitePool(counting) }) });
    try {
      await Promise.all(Array.from({ length: 10 }, () => sql`SELECT pg_sleep(0.005)`.execute(counted)));
      expect(most).toBeGreaterThan(1);
      most = 0;
      await counted.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        await sql`SELECT 2`.execute(trx);
      });
      expect(most).toBe(1);
    } finally {
      await counted.destroy();
    }
  });

  it('reports affected rows for updates and deletes', async () => {
    await sql`TRUNCATE log`.execute(db);
    await db
      .insertInto('log')
      .values([
        { who: 'x', step: '1' },
        { who: 'x', step: '2' },
      ])
      .execute();
    const updated = await db.updateTable('log').set({ step: 'z' }).where('who', '=', 'x').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('log').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(2n);
  });
  it("sends a plain BEGIN with the transaction's first statement where the session can (decision 254)", async () => {
    const pglite = await PGlite.create();
    const trips: string[] = [];
    // The database thread's two ways in, over an in-process PGlite: each call is one trip.
    const session = {
      query: (text: string, params: unknown[]) => {
        trips.push(text);
        return pglite.query(text, params);
      },
      queryAfterBegin: (text: string, params: unknown[]) => {
        trips.push(`BEGIN + ${text}`);
        return pglite.query('BEGIN').then(() => pglite.query(text, params));
      },
      close: () => pglite.close(),
    };
    const counted = new Kysely<LogDb>({ dialect: new PostgresDialect({ pool: createPglitePool(session) }) });
    try {
      await sql`CREATE TABLE log (id serial PRIMARY KEY, who text NOT NULL, step text NOT NULL)`.execute(counted);
      trips.length = 0;
      await counted.transaction().execute(async (trx) => {
        await trx.insertInto('log').values({ who: 'a', step: '1' }).execute();
        await trx.insertInto('log').values({ who: 'a', step: '2' }).execute();
      });
      expect(trips).toEqual([
        'BEGIN + insert into "log" ("who", "step") values ($1, $2)',
        'insert into "log" ("who", "step") values ($1, $2)',
        'commit',
      ]);
      // A transaction that fails before any statement sends its BEGIN with the ROLLBACK; nothing is left open.
      trips.length = 0;
      await expect(
        counted.transaction().execute(async () => {
          throw new Error('nothing done');
        }),
      ).rejects.toThrow('nothing done');
      expect(trips).toEqual(['BEGIN + rollback']);
      const rows = await counted.selectFrom('log').select('step').orderBy('id').execute();
      expect(rows.map((r) => r.step)).toEqual(['1', '2']);
    } finally {
      await counted.destroy();
    }
  });
});
