import { rmSync } from 'node:fs';
import { ErrorCode } from '@medida/contracts';
import { createFreshTestDb } from '@medida/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/** GET /web/ready (decision 222): 200 with every check, 503 in the error envelope naming the failed ones. */
describe('GET /web/ready', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close().catch(() => undefined);
    ctx = undefined;
  });

  it('answers 200 with its checks while the database, the file storage and the queues answer', async () => {
    ctx = await createTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/web/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', queue: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the database, translated and without details, once the database is gone', async () => {
    const handle = await createFreshTestDb();
    ctx = await createTestApp({}, { handle });
    await handle.close();
    const res = await ctx.app.inject({ method: 'GET', url: '/web/ready', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: {
        code: ErrorCode.notReady,
        key: 'errors.notReady',
        message: { database: ['This check failed.'] },
      },
    });
    // Liveness stays trivial: the process answers.
    expect((await ctx.app.inject({ method: 'GET', url: '/web/health' })).statusCode).toBe(200);
  });

  it('answers 503 naming the storage when the uploads and data directories are gone (disk store)', async () => {
    ctx = await createTestApp({ BLOB_STORAGE: 'disk' });
    rmSync(ctx.app.deps.config.dataDir, { recursive: true, force: true });
    const res = await ctx.app.inject({ method: 'GET', url: '/web/ready', headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toEqual({ storage: ['Esta comprobación falló.'] });
  });

  it('answers 503 at once while the server drains, without running the checks', async () => {
    ctx = await createTestApp();
    ctx.app.lifecycle.drain();
    const res = await ctx.app.inject({ method: 'GET', url: '/web/ready', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({
      code: ErrorCode.notReady,
      message: { server: ['The server is shutting down.'] },
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/web/health' })).statusCode).toBe(200);
  });
});
