import { USER_TYPE } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEFAULT_PASSWORD, insertUser, login } from '../../test/factories.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { chileIds, loggedIn, type Actor } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { verifyAuditTrail } from '../audit/audit-verify.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
const handOver = (headers: Headers, payload: object, lang = 'es') =>
  ctx.app.inject({
    method: 'POST',
    url: '/web/handover',
    headers: { ...headers, 'accept-language': lang },
    payload,
  });
const receivers = (headers: Headers) => ctx.app.inject({ method: 'GET', url: '/web/handover/receivers', headers });
const parentOf = async (id: number) =>
  (await ctx.db.selectFrom('users').select('parent_user_id').where('id', '=', id).executeTakeFirstOrThrow())
    .parent_user_id;

/**
 * One account: top ← giver ← (client A, client B, network N ← client C), with giver's sibling S and a client of
 * the top. Another account: stranger with its own client. Every professional can sign in.
 */
async function account() {
  const ids = await chileIds(ctx.db);
  const loc = { pais_id: ids.pais_id, region_id: ids.region_id, comuna_id: ids.comuna_id };
  const pro = (parent: number | null, extra: object = {}) =>
    loggedIn(ctx, {
      creditos: 50,
      ...(parent === null ? {} : { parent_user_id: parent }),
      ...loc,
      especialidad: 'Nutricionista',
      trabajo: 'Independiente',
      ...extra,
    });
  const client = (parent: number) => insertUser(ctx, { type: USER_TYPE.client, parent_user_id: parent, ...loc });
  const top = await pro(null, { nombre: 'Tomás', apellido: 'Arriba' });
  const giver = await pro(top.id, { nombre: 'Gina', apellido: 'Dadora' });
  const sibling = await pro(top.id, { nombre: 'Sara', apellido: 'Lado', lang: 'pt' });
  const network = await pro(giver.id, { nombre: 'Nico', apellido: 'Red' });
  const a = await client(giver.id);
  const b = await client(giver.id);
  const c = await client(network.id);
  const topClient = await client(top.id);
  const stranger = await pro(null);
  const strangerClient = await client(stranger.id);
  return { top, giver, sibling, network, a, b, c, topClient, stranger, strangerClient };
}

async function evaluate(actor: Actor, clientId: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/web/ingresaevaluacion',
    headers: actor.headers,
    payload: evaluationBody(clientId, actor.id),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ evaluacion: { id: number } }>().evaluacion.id;
}

const auditOf = (clientId: number) =>
  ctx.db
    .selectFrom('audit_events')
    .select(['account_id', 'action', 'actor_id', 'resource_id'])
    .where('client_id', '=', clientId)
    .where('action', 'in', ['handed_over', 'received'])
    .orderBy('id')
    .execute();

describe('GET /web/handover/receivers', () => {
  it('lists the parent, the professionals next to the actor and its network; nobody of another account', async () => {
    const t = await account();
    const res = await receivers(t.giver.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().receivers.map((r: { id: number; relation: string }) => [r.id, r.relation])).toEqual([
      [t.top.id, 'parent'],
      [t.sibling.id, 'sibling'],
      [t.network.id, 'network'],
    ]);
    // The top of the account has no parent: its network only (giver, sibling, and N below the giver).
    const fromTop = (await receivers(t.top.headers)).json().receivers.map((r: { id: number }) => r.id);
    expect(fromTop.sort()).toEqual([t.giver.id, t.sibling.id, t.network.id].sort());
    expect((await receivers(t.stranger.headers)).json().receivers).toEqual([]);
    const client = bearer(await login(ctx.app, t.a));
    expect((await receivers(client)).statusCode).toBe(403);
  });
});

describe('POST /web/handover', () => {
  it('moves the chosen clients to a sibling: evaluations, credits and history stay; both audit chains; e-mail', async () => {
    const t = await account();
    const evaluationId = await evaluate(t.giver, t.a.id);
    const before = await ctx.db
      .selectFrom('evaluations')
      .selectAll()
      .where('id', '=', evaluationId)
      .executeTakeFirstOrThrow();
    const credits = await ctx.db.selectFrom('users').select(['id', 'creditos']).orderBy('id').execute();
    const ledger = await ctx.db.selectFrom('credit_ledger').select('id').execute();
    const mails = ctx.mailer.sent.length;

    const res = await handOver(t.giver.headers, { receiver_id: t.sibling.id, client_ids: [t.a.id] }, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Handed over. Clients: 1. Network professionals: 0.',
      clients: 1,
      network: 0,
    });
    expect(await parentOf(t.a.id)).toBe(t.sibling.id);
    expect(await parentOf(t.b.id)).toBe(t.giver.id);
    // The evaluation keeps its author, its account and its versions; no credit moves.
    const after = await ctx.db
      .selectFrom('evaluations')
      .selectAll()
      .where('id', '=', evaluationId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await ctx.db.selectFrom('users').select(['id', 'creditos']).orderBy('id').execute()).toEqual(credits);
    expect(await ctx.db.selectFrom('credit_ledger').select('id').execute()).toEqual(ledger);
    // Both sides in the audit trail, each in its own professional's chain.
    expect(await auditOf(t.a.id)).toEqual([
      { account_id: t.giver.id, action: 'handed_over', actor_id: t.giver.id, resource_id: String(t.a.id) },
      { account_id: t.sibling.id, action: 'received', actor_id: t.giver.id, resource_id: String(t.a.id) },
    ]);
    expect((await verifyAuditTrail(ctx.db)).problems).toEqual([]);
    // The receiver now reads the client and its evaluation; the giver no longer does.
    const read = (headers: Headers) =>
      ctx.app.inject({ method: 'GET', url: `/web/getevaluacion?evaluationID=${evaluationId}`, headers });
    expect((await read(t.sibling.headers)).statusCode).toBe(200);
    expect((await read(t.giver.headers)).statusCode).toBe(404);
    // The receiver is told in its language (pt), with counts and links, no client names.
    await ctx.mailer.idle();
    const mail = ctx.mailer.sent.slice(mails).find((m) => m.to === t.sibling.email);
    expect(mail?.subject).toBe('Gina Dadora transferiu clientes para você no Medida');
    expect(mail?.text).toContain('Clientes: 1. Profissionais da rede: 0.');
    expect(mail?.text).not.toContain(t.a.email);
  });

  it('hands over everything to the parent, network with its clients; then the account can be deleted', async () => {
    const t = await account();
    const res = await handOver(t.giver.headers, { receiver_id: t.top.id, all: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ clients: 2, network: 1 });
    for (const id of [t.a.id, t.b.id, t.network.id]) expect(await parentOf(id)).toBe(t.top.id);
    expect(await parentOf(t.c.id)).toBe(t.network.id);
    const deletion = await ctx.app.inject({ method: 'GET', url: '/web/account/deletion', headers: t.giver.headers });
    expect(deletion.json()).toEqual({ clients: 0, network: 0, can_delete: true, choices: [] });
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/web/account/delete',
      headers: t.giver.headers,
      payload: { password: DEFAULT_PASSWORD, confirmation: t.giver.email },
    });
    expect(deleted.statusCode).toBe(200);
    // Nothing left to hand over: a second "all" says so.
    const nobody = await handOver(t.sibling.headers, { receiver_id: t.top.id, all: true }, 'en');
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().error.message).toEqual({
      client_ids: ['You have no clients or network professionals to hand over.'],
    });
  });

  it('refuses every receiver that is not allowed, with a translated error; nothing moves', async () => {
    const t = await account();
    const snapshot = () => ctx.db.selectFrom('users').select(['id', 'parent_user_id']).orderBy('id').execute();
    const auditBefore = await ctx.db.selectFrom('audit_events').select('id').execute();
    const before = await snapshot();
    const cases: [object, string, string, Record<string, string[]>][] = [
      [
        { receiver_id: t.giver.id, client_ids: [t.a.id] },
        'es',
        'receiver_id',
        { receiver_id: ['No puedes traspasarte personas a ti mismo.'] },
      ],
      [
        { receiver_id: t.topClient.id, client_ids: [t.a.id] },
        'en',
        'receiver_id',
        { receiver_id: ['The receiver must be a professional, not a client.'] },
      ],
      [
        { receiver_id: t.stranger.id, client_ids: [t.a.id] },
        'pt',
        'receiver_id',
        {
          receiver_id: [
            'Você só pode transferir para a conta acima de você, um profissional ao seu lado ou alguém da sua rede.',
          ],
        },
      ],
      // Another account's client, or a client that is not the giver's own (the top's).
      [
        { receiver_id: t.sibling.id, client_ids: [t.strangerClient.id] },
        'en',
        'client_ids',
        { client_ids: ['One of the chosen clients is not yours.'] },
      ],
      [
        { receiver_id: t.sibling.id, client_ids: [t.a.id, t.topClient.id] },
        'en',
        'client_ids',
        { client_ids: ['One of the chosen clients is not yours.'] },
      ],
      [
        { receiver_id: t.sibling.id, network_ids: [t.sibling.id] },
        'en',
        'network_ids',
        { network_ids: ['One of the chosen professionals is not in your network.'] },
      ],
      // A network cannot go under itself.
      [
        { receiver_id: t.network.id, network_ids: [t.network.id] },
        'en',
        'receiver_id',
        { receiver_id: ['The receiver is inside the network you are handing over: choose another professional.'] },
      ],
      [
        { receiver_id: t.sibling.id },
        'en',
        'client_ids',
        { client_ids: ['Choose whom to hand over, or hand over everyone.'] },
      ],
    ];
    for (const [payload, lang, , message] of cases) {
      const res = await handOver(t.giver.headers, payload, lang);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().error.message).toEqual(message);
    }
    // A professional of another account aims at this account's people; a network child at its parent's clients.
    const foreign = await handOver(t.stranger.headers, { receiver_id: t.top.id, client_ids: [t.a.id] });
    expect(foreign.statusCode).toBe(422);
    const foreignToTop = await handOver(t.stranger.headers, {
      receiver_id: t.top.id,
      client_ids: [t.strangerClient.id],
    });
    expect(foreignToTop.statusCode).toBe(422);
    const child = await handOver(t.network.headers, { receiver_id: t.giver.id, client_ids: [t.a.id, t.b.id] }, 'en');
    expect(child.statusCode).toBe(422);
    expect(child.json().error.message).toEqual({ client_ids: ['One of the chosen clients is not yours.'] });
    const childAll = await handOver(t.network.headers, { receiver_id: t.giver.id, network_ids: [t.network.id] });
    expect(childAll.statusCode).toBe(422);
    // A client's token never reaches the service.
    const client = bearer(await login(ctx.app, t.a));
    expect((await handOver(client, { receiver_id: t.giver.id, client_ids: [t.b.id] })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/web/handover', payload: {} })).statusCode).toBe(401);
    // Malformed bodies: 422, not 500.
    for (const bad of [
      { receiver_id: '5', all: true },
      { receiver_id: t.top.id, client_ids: 'all' },
      { receiver_id: t.top.id, all: true, x: 1 },
    ])
      expect((await handOver(t.giver.headers, bad)).statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
    expect(await ctx.db.selectFrom('audit_events').select('id').execute()).toEqual(auditBefore);
  });

  it('a client handed over twice: "already handed over", and concurrently only one move wins', async () => {
    const t = await account();
    expect((await handOver(t.giver.headers, { receiver_id: t.sibling.id, client_ids: [t.a.id] })).statusCode).toBe(200);
    const again = await handOver(t.giver.headers, { receiver_id: t.top.id, client_ids: [t.a.id] }, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'You already handed that person over: they are with another professional now.',
    );
    expect(await parentOf(t.a.id)).toBe(t.sibling.id);

    // Two requests for the same client at once, to two receivers: one moves it, the other is told it went.
    const results = await Promise.all([
      handOver(t.giver.headers, { receiver_id: t.top.id, client_ids: [t.b.id] }),
      handOver(t.giver.headers, { receiver_id: t.sibling.id, client_ids: [t.b.id] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0].statusCode === 200 ? t.top.id : t.sibling.id;
    expect(await parentOf(t.b.id)).toBe(winner);
    expect((await auditOf(t.b.id)).map((e) => e.action)).toEqual(['handed_over', 'received']);
    expect(
      await ctx.db
        .selectFrom('handovers')
        .select(['from_user_id', 'to_user_id'])
        .where('user_id', '=', t.b.id)
        .execute(),
    ).toEqual([{ from_user_id: t.giver.id, to_user_id: winner }]);

    // Opposite hand-overs at the same moment (giver → sibling, sibling → giver) both complete: no deadlock.
    const [there, back] = await Promise.all([
      handOver(t.giver.headers, { receiver_id: t.sibling.id, network_ids: [t.network.id] }),
      handOver(t.sibling.headers, { receiver_id: t.giver.id, client_ids: [t.a.id] }),
    ]);
    expect([there.statusCode, back.statusCode]).toEqual([200, 200]);
    expect(await parentOf(t.network.id)).toBe(t.sibling.id);
    expect(await parentOf(t.a.id)).toBe(t.giver.id);
  });
});
