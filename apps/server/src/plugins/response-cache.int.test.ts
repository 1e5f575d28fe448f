import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationBody, postEvaluation } from '../test/evaluation-factories.ts';
import { bearer, login } from '../test/factories.ts';
import { twoTenants } from '../test/people-factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/** The response cache's contract (decision 160): what a hit sends, who can get one, and what still happens. */
describe('response cache', () => {
  let ctx: TestContext;
  let t: Awaited<ReturnType<typeof twoTenants>>;
  let evaluationId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await twoTenants(ctx);
    evaluationId = await postEvaluation(ctx.app, t.owner.headers, evaluationBody(t.client.id, t.owner.id));
  }, 180_000); // slow on a loaded machine (logins hash with production argon2 parameters)
  afterAll(() => ctx?.close());

  const hits = () => ctx.app.responseCache.stats().hits;
  const get = (url: string, headers: object) => ctx.app.inject({ method: 'GET', url, headers: { ...headers } });
  const urls = () => [
    '/web/listaevaluaciones?page=1&limit=20',
    `/web/listaevaluaciones?limit=20&page=1&id_evaluado=${t.client.id}`,
    `/web/getMyClients?type=2&parent_user_id=${t.owner.id}`,
    `/web/getevaluacion?evaluationID=${evaluationId}`,
  ];

  it('answers a repeat with the same status, headers and body as the miss, compressed or not', async () => {
    for (const url of urls()) {
      for (const encoding of [{}, { 'accept-encoding': 'br, gzip' }]) {
        const headers = { ...t.owner.headers, ...encoding };
        const miss = await get(url, headers);
        const before = hits();
        const hit = await get(url, headers);
        expect(hits(), url).toBe(before + 1);
        expect(hit.statusCode).toBe(miss.statusCode);
        expect(hit.rawPayload.equals(miss.rawPayload), url).toBe(true);
        // Every header but the clock's `date` (a second may pass between the two).
        expect({ ...hit.headers, date: undefined }).toEqual({ ...miss.headers, date: undefined });
      }
    }
  });

  it('keys the query as validated: the same query in another order or spelling is one entry', async () => {
    await get('/web/listaevaluaciones?page=1&limit=20', t.owner.headers);
    const before = hits();
    await get('/web/listaevaluaciones?limit=20&page=01', t.owner.headers);
    await get('/web/listaevaluaciones', t.owner.headers); // page=1 and limit=20 are the defaults
    expect(hits()).toBe(before + 2);
  });

  it('appends a read event for every audited read, hit or miss, with the same fields', async () => {
    const events = () =>
      ctx.db
        .selectFrom('audit_events')
        .select(['actor_id', 'actor_type', 'client_id', 'resource_type', 'resource_id', 'action', 'result'])
        .where('client_id', '=', t.client.id)
        .where('action', '=', 'read')
        .orderBy('id')
        .execute();
    for (const url of [
      `/web/getevaluacion?evaluationID=${evaluationId}`,
      `/web/listaevaluaciones?id_evaluado=${t.client.id}`,
    ]) {
      const start = (await events()).length;
      const before = hits();
      for (let i = 0; i < 4; i++) expect((await get(url, t.owner.headers)).statusCode).toBe(200);
      expect(hits()).toBeGreaterThanOrEqual(before + 3);
      const added = (await events()).slice(start);
      expect(added).toHaveLength(4);
      for (const event of added) expect(event).toEqual(added[0]);
    }
  });

  it('still refuses a revoked or expired session whose answer is cached', async () => {
    const token = await login(ctx.app, t.owner);
    const url = urls()[0]!;
    expect((await get(url, bearer(token))).statusCode).toBe(200);
    expect((await get(url, bearer(token))).statusCode).toBe(200);
    const logout = await ctx.app.inject({ method: 'POST', url: '/web/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    expect((await get(url, bearer(token))).statusCode).toBe(401);

    const idle = await login(ctx.app, t.owner);
    expect((await get(url, bearer(idle))).statusCode).toBe(200);
    ctx.clock.advance(31 * 60_000); // past the 30-minute idle expiry
    expect((await get(url, bearer(idle))).statusCode).toBe(401);
  });

  it("never hands one user's cached answer to another: each gets its own or its own denial", async () => {
    const owner = await login(ctx.app, t.owner);
    for (const url of urls()) {
      expect((await get(url, bearer(owner))).statusCode).toBe(200);
      expect((await get(url, bearer(owner))).statusCode).toBe(200);
    }
    const [list, clientList, clients, detail] = urls() as [string, string, string, string];
    // Fresh sessions: an earlier test moved the clock past the fixtures' idle expiry.
    const foreign = bearer(await login(ctx.app, t.other));
    const client = bearer(await login(ctx.app, t.client));
    // Same URL, another account: its own (empty) list, and 404 for the owner's client, clients and evaluation.
    const foreignList = await get(list, foreign);
    expect(foreignList.statusCode).toBe(200);
    expect(foreignList.json<{ datos: unknown[] }>().datos).toEqual([]);
    expect((await get(clientList, foreign)).statusCode).toBe(404);
    expect((await get(clients, foreign)).statusCode).toBe(404);
    expect((await get(detail, foreign)).statusCode).toBe(404);
    // The owner's own client: its own evaluation yes, the professional's client list no (403).
    expect((await get(detail, client)).statusCode).toBe(200);
    expect((await get(clients, client)).statusCode).toBe(403);
  });

  it('serves an answer for at most the configured time, then asks the database again', async () => {
    const url = urls()[2]!;
    const headers = bearer(await login(ctx.app, t.owner));
    await get(url, headers);
    const before = hits();
    ctx.clock.advance(59_000);
    await get(url, headers);
    expect(hits()).toBe(before + 1);
    ctx.clock.advance(2_000);
    await get(url, headers);
    expect(hits()).toBe(before + 1);
  });
});
