import { spawn } from 'node:child_process';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './create-db.ts';
import { isUniqueViolation } from './errors.ts';

// PGlite-specific on purpose (like the pool adapter's test): the embedded database's thread.
// The embedded database only: `npm test` runs it; the PostgreSQL pass (DATABASE_URL) would repeat it as it is.
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite in its worker thread', () => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await createDb({ pglite: {} });
    await sql`CREATE TABLE t (id serial PRIMARY KEY, email text UNIQUE, at timestamptz, born date,
      amount numeric, big int8, doc jsonb, bytes bytea)`.execute(handle.db);
  });
  afterAll(() => handle?.close());

  it('keeps the event loop free while a long query runs', async () => {
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    histogram.enable();
    const start = performance.now();
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM generate_series(1, 1000000) g
      WHERE md5(g::text) LIKE 'a%'`.execute(handle.db);
    const queryMs = performance.now() - start;
    histogram.disable();
    const maxDelayMs = histogram.max / 1e6;
    expect(rows[0]!.n).toBeGreaterThan(0);
    // On the calling thread the loop would stall for the whole query; here it only waits for messages.
    expect(queryMs).toBeGreaterThan(200);
    expect(maxDelayMs).toBeLessThan(queryMs / 2);
  });

  it('parses types as the PostgreSQL driver does and round-trips parameters', async () => {
    const at = new Date('2026-03-04T05:06:07.123Z');
    const bytes = Buffer.from([0, 1, 2, 254, 255]);
    await handle.db
      .insertInto('t' as never)
      .values({
        email: 'a@x.test',
        at,
        born: '1990-12-31',
        amount: '12.345',
        big: 9007199254740991,
        doc: JSON.stringify({ a: [1, 'dos'] }),
        bytes,
      } as never)
      .execute();
    const { rows } = await sql<{
      at: Date;
      born: string;
      amount: string;
      big: number;
      doc: unknown;
      bytes: Uint8Array;
    }>`SELECT at, born, amount, big, doc, bytes FROM t WHERE email = ${'a@x.test'}`.execute(handle.db);
    expect(rows[0]).toEqual({
      at,
      born: '1990-12-31',
      amount: '12.345',
      big: 9007199254740991,
      doc: { a: [1, 'dos'] },
      bytes: new Uint8Array(bytes),
    });
  });

  it("reports PostgreSQL's error fields (a unique violation is recognised) and the session goes on", async () => {
    const insert = () => sql`INSERT INTO t (email) VALUES (${'dup@x.test'})`.execute(handle.db);
    await insert();
    const error = await insert().then(
      () => undefined,
      (e: unknown) => e as Error & { code?: string; constraint?: string },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toMatch(/duplicate key/);
    expect(error!.code).toBe('23505');
    expect(error!.constraint).toBe('t_email_key');
    expect(isUniqueViolation(error)).toBe(true);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(handle.db);
    expect(rows[0]!.n).toBe(2);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO t (email) VALUES (${'tx@x.test'})`.execute(trx);
        await sql`INSERT INTO t (email) VALUES (${'dup@x.test'})`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM t WHERE email = 'tx@x.test'`.execute(handle.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses queries after close', async () => {
    const other = await createDb({ pglite: {} });
    await other.close();
    await expect(sql`SELECT 1`.execute(other.db)).rejects.toThrow();
  });

  it('does not keep a process alive that never closes the database', async () => {
    const script = fileURLToPath(new URL('./test/open-without-close.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Starting takes seconds (initdb), more on a loaded machine; what matters is the exit after the answer.
    const answeredAt = new Promise<number>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('\n')) resolve(performance.now());
      }),
    );
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: performance.now() })),
    );
    const answered = await answeredAt;
    const exit = await Promise.race([exited, sleep(20_000).then(() => ({ code: null, at: Infinity }))]);
    child.kill('SIGKILL');
    expect(stderr).toBe('');
    expect(stdout).toBe('answer 42\n');
    expect(exit.code).toBe(0);
    expect(exit.at - answered).toBeLessThan(20_000);
  }, 120_000);
});
