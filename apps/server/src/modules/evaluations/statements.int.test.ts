import type { DbHandle } from '@medida/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { bearer, login } from '../../test/factories.ts';
import { twoTenants } from '../../test/people-factories.ts';
import { countedTestDb } from '../../test/statement-counter.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * Round trips per read request (issue 11 item 3): the auth hook's one session query carries the actor's
 * type, parent and credits, services never look the actor up again, and a list is 2–3 statements.
 */
describe('statements per read request', () => {
  let ctx: TestContext;
  let t: Awaited<ReturnType<typeof twoTenants>>;
  let counted: DbHandle;
  let counter: { count: number };

  beforeAll(async () => {
    ({ counter, handle: counted } = await countedTestDb());
    // Without the response cache: these are a miss's statements (a hit's are counted at the end).
    ctx = await createTestApp({ RESPONSE_CACHE_MB: '0' }, { handle: counted });
    t = await twoTenants(ctx);
    for (const fecha of ['2026-02-10', '2026-02-20']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/web/ingresaevaluacion',
        headers: t.owner.headers,
        payload: evaluationBody(t.client.id, t.owner.id, { fecha }),
      });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Statements of one request, after a first identical one (so a once-a-minute session touch is not counted). */
  async function statementsOf(url: string, headers: Record<string, string>) {
    const first = await ctx.app.inject({ url, headers });
    expect(first.statusCode, first.body).toBe(200);
    counter.count = 0;
    const res = await ctx.app.inject({ url, headers });
    expect(res.statusCode).toBe(200);
    return counter.count;
  }

  it('lists evaluations in 2 statements: the session (with the actor), then the page with its count', async () => {
    expect(await statementsOf('/web/listaevaluaciones?page=1&limit=20', t.owner.headers)).toBe(2);
    // A client reads its own list the same way.
    const clientHeaders = bearer(await login(ctx.app, t.client));
    expect(await statementsOf('/web/listaevaluaciones?page=1&limit=20', clientHeaders)).toBe(2);
  });

  it('answers authenticate/user from the session query alone (1 statement)', async () => {
    expect(await statementsOf('/web/authenticate/user', t.owner.headers)).toBe(1);
  });

  it('lists clients in 2 statements: the session, then the page with its total', async () => {
    expect(await statementsOf(`/web/getMyClients?type=2&parent_user_id=${t.owner.id}`, t.owner.headers)).toBe(2);
  });

  it("reads of one client's data add the audit trail's 1 (decision 162: no transaction of its own)", async () => {
    // The session, the client check and the page (run together), then the audit event.
    expect(await statementsOf(`/web/listaevaluaciones?id_evaluado=${t.client.id}`, t.owner.headers)).toBe(3 + 1);
  });

  it("reads one evaluation in 2 statements plus the audit trail's 1", async () => {
    const evaluationId = (
      await ctx.db.selectFrom('evaluations').select('id').where('client_id', '=', t.client.id).executeTakeFirstOrThrow()
    ).id;
    // The session, then the evaluation in scope with its version, versions, e-mails and history (decision 162).
    expect(await statementsOf(`/web/getevaluacion?evaluationID=${evaluationId}`, t.owner.headers)).toBe(2 + 1);
    expect(await statementsOf(`/web/getevaluacion?evaluationID=${evaluationId}&version=1`, t.owner.headers)).toBe(
      2 + 1,
    );
  });

  it("answers a repeated read from the response cache with the session statement alone, which carries an audited read's event", async () => {
    // A second server with the cache on the same database (decision 160).
    const cached = await createTestApp({}, { handle: { ...counted, close: async () => {} } });
    try {
      const evaluationId = (
        await ctx.db
          .selectFrom('evaluations')
          .select('id')
          .where('client_id', '=', t.client.id)
          .executeTakeFirstOrThrow()
      ).id;
      const repeat = async (url: string) => {
        const first = await cached.app.inject({ url, headers: t.owner.headers });
        expect(first.statusCode, first.body).toBe(200);
        counter.count = 0;
        const res = await cached.app.inject({ url, headers: t.owner.headers });
        expect(res.body).toBe(first.body);
        return counter.count;
      };
      expect(await repeat('/web/listaevaluaciones?page=1&limit=20')).toBe(1);
      expect(await repeat(`/web/getMyClients?type=2&parent_user_id=${t.owner.id}`)).toBe(1);
      // A held read (decision 172): the session check appends the read's event in the same statement.
      expect(await repeat(`/web/listaevaluaciones?id_evaluado=${t.client.id}`)).toBe(1);
      expect(await repeat(`/web/getevaluacion?evaluationID=${evaluationId}`)).toBe(1);
    } finally {
      await cached.close();
    }
  });
});
