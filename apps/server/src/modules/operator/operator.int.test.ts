import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEFAULT_PASSWORD, freshIp, insertUser, login } from '../../test/factories.ts';
import { loggedIn } from '../../test/people-factories.ts';
import { signedInOperator } from '../../test/second-factor-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { brokenOperatorEvent } from './operator-chain.ts';
import { createOperatorRepository } from './operator.repository.ts';

/** Issue 36 (decision 229): credit requests, the operator's console, its second factor, grants, suspensions. */
describe('credit requests and the operator console', () => {
  let ctx: TestContext;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    operator = await signedInOperator(ctx);
  });
  afterAll(() => ctx?.close());

  const as = (headers: Record<string, string>) => ({
    get: (url: string) => ctx.app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url, headers, payload }),
  });

  async function ask(headers: Record<string, string>, credits: number, note = 'para la consulta') {
    const res = await as(headers).post('/web/credit-requests', { credits, note });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ request: { id: number; price: number | null; state: string } }>().request;
  }

  it('a top-level professional asks for a pack: priced, listed as requested, the operator is e-mailed', async () => {
    const pro = await loggedIn(ctx, { creditos: 0, lang: 'en' });
    await ctx.mailer.idle();
    const sent = ctx.mailer.sent.length;
    const request = await ask(pro.headers, 20);
    expect(request).toMatchObject({ price: 15000, state: 'requested' });
    const own = (await as(pro.headers).get('/web/credit-requests')).json<{ packs: unknown[]; requests: unknown[] }>();
    expect(own.packs).toContainEqual({ credits: 20, price: 15000, currency: 'CLP' });
    expect(own.requests).toHaveLength(1);
    await ctx.mailer.idle();
    const mail = ctx.mailer.sent.slice(sent).find((m) => m.to === operator.email);
    expect(mail?.subject).toContain(pro.email);
    expect(mail?.text).toContain('15000 CLP');
  });

  it('a free number has no price; a network professional and a client cannot ask the operator', async () => {
    const pro = await loggedIn(ctx);
    expect((await ask(pro.headers, 7)).price).toBeNull();
    const child = await loggedIn(ctx, { parent_user_id: pro.id });
    expect((await as(child.headers).post('/web/credit-requests', { credits: 20 })).statusCode).toBe(403);
    const client = await loggedIn(ctx, { type: 2, parent_user_id: pro.id });
    expect((await as(client.headers).post('/web/credit-requests', { credits: 20 })).statusCode).toBe(403);
    for (const bad of [{ credits: 0 }, { credits: 1.5 }, { credits: '20' }, { credits: 20, note: 'x'.repeat(501) }]) {
      const res = await as(pro.headers).post('/web/credit-requests', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
  });

  it('an operator session without a second factor reaches nothing of the console; an operator reaches no other route', async () => {
    const other = await insertUser(ctx, { operator: true });
    const headers = bearer(await login(ctx.app, other));
    const res = await as(headers).get('/web/operator/accounts');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { message: expect.stringContaining('segundo factor') } });
    for (const url of ['/web/creditos', '/web/listadoperfil', '/web/getdash']) {
      const denied = await as(operator.headers).get(url);
      expect(denied.statusCode, url).toBe(403);
    }
    const user = (await as(operator.headers).get('/web/authenticate/user')).json<{ user: { operator: boolean } }>();
    expect(user.user.operator).toBe(true);
  });

  it('two operators granting one request at once: one grant, one ledger entry with the operator and the note', async () => {
    const pro = await loggedIn(ctx, { creditos: 0 });
    const request = await ask(pro.headers, 20);
    const second = await signedInOperator(ctx);
    const [a, b] = await Promise.all([
      as(operator.headers).post(`/web/operator/credit-requests/${request.id}/grant`, { note: 'factura 12' }),
      as(second.headers).post(`/web/operator/credit-requests/${request.id}/grant`, { note: 'factura 12' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const balance = (await as(pro.headers).get('/web/creditos')).json<{ creditos: number }>();
    expect(balance.creditos).toBe(20);
    const ledger = await ctx.db.selectFrom('credit_ledger').selectAll().where('to_user_id', '=', pro.id).execute();
    expect(ledger).toHaveLength(1);
    expect([operator.id, second.id]).toContain(ledger[0]!.actor_id);
    // The request's number and the note, in no language (the console shows it in es, en and pt).
    expect(ledger[0]!.note).toBe(`#${request.id}: factura 12`);
    await ctx.mailer.idle();
    expect(ctx.mailer.sent.some((m) => m.to === pro.email && m.subject.includes('20'))).toBe(true);
    // Declining it now changes nothing.
    const late = await as(operator.headers).post(`/web/operator/credit-requests/${request.id}/decline`, {});
    expect(late.statusCode).toBe(409);
  });

  it('declines with a note, lists requests by state, reads an account without health data', async () => {
    const pro = await loggedIn(ctx, { nombre: 'Zoila', apellido: 'Busqueda' });
    const request = await ask(pro.headers, 50);
    const declined = await as(operator.headers).post(`/web/operator/credit-requests/${request.id}/decline`, {
      note: 'sin pago',
    });
    expect(declined.json()).toMatchObject({ request: { state: 'declined', decision_note: 'sin pago' } });
    const list = (await as(operator.headers).get('/web/operator/credit-requests?state=declined')).json<{
      requests: { id: number }[];
    }>();
    expect(list.requests.map((r) => r.id)).toContain(request.id);
    const found = (await as(operator.headers).get('/web/operator/accounts?q=zoila%20busq')).json<{
      accounts: { id: number }[];
      total: number;
    }>();
    expect(found).toMatchObject({ total: 1, accounts: [{ id: pro.id }] });
    const detail = await as(operator.headers).get(`/web/operator/accounts/${pro.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ account: { id: pro.id }, requests: [{ id: request.id }] });
    expect((await as(operator.headers).get(`/web/operator/accounts/${operator.id}`)).statusCode).toBe(404);
  });

  it('suspends an account: its sessions end, it cannot sign in (translated), reactivated it can', async () => {
    const pro = await loggedIn(ctx);
    const res = await as(operator.headers).post(`/web/operator/accounts/${pro.id}/suspend`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(pro.headers).get('/web/creditos')).statusCode).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/web/authenticate',
      payload: { email: pro.email, password: DEFAULT_PASSWORD },
      headers: { 'accept-language': 'pt' },
      remoteAddress: freshIp(),
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ error: { message: expect.stringContaining('suspensa') } });
    await as(operator.headers).post(`/web/operator/accounts/${pro.id}/reactivate`);
    expect(await login(ctx.app, pro)).toBeTruthy();
  });

  it('a grant without a request, and every action is in the operators’ chain', async () => {
    const pro = await loggedIn(ctx, { creditos: 1 });
    const res = await as(operator.headers).post(`/web/operator/accounts/${pro.id}/grant`, {
      credits: 5,
      note: 'cortesía',
    });
    expect(res.json()).toMatchObject({ account: { id: pro.id, creditos: 6 } });
    expect((await as(operator.headers).post(`/web/operator/accounts/${pro.id}/grant`, { credits: 5 })).statusCode).toBe(
      422,
    );
    const trail = (await as(operator.headers).get(`/web/operator/audit?account_id=${pro.id}`)).json<{
      events: { action: string; credits: number; operator_email: string }[];
    }>();
    expect(trail.events).toEqual([
      expect.objectContaining({ action: 'grant', credits: 5, operator_email: operator.email }),
    ]);
    const chain = await createOperatorRepository(ctx.db).allEvents();
    expect(chain.length).toBeGreaterThan(3);
    expect(brokenOperatorEvent(chain)).toBeNull();
    expect(brokenOperatorEvent(chain.map((e, i) => (i === 1 ? { ...e, credits: 999 } : e)))).toBe(chain[1]!.seq);
  });
});
