import { USER_TYPE, type Dashboard } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { insertUser } from '../../test/factories.ts';
import { chileIds, loggedIn } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

// The cases the one-statement dashboard (migration 0022, decision 110) could get wrong: two evaluations on one
// date, a client with a single evaluation, a deleted client, clients two levels down the network, clients
// moved or added after their evaluations, and the account's top read by the account's index versus the walk.
// The fake clock reads 2026-03-01: the chart starts on 2025-12-08 and the 8-week follow-up cutoff is 2026-01-04.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const dash = async (headers: Record<string, string>, query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/web/getdash${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Dashboard }>().data;
};

/**
 * owner (top) → mid (network professional, signed in) → deep (its network professional).
 * Clients: Tomás (owner's; two evaluations on one date, fat up), Ortiz (mid's; one evaluation, due), Paz
 * (owner's; one evaluation on Ortiz's date, due), Kora (deep's; waist up), Ximena (owner's; evaluated,
 * then deleted), Alvarez (owner's) and Zapata (deep's) never evaluated.
 */
async function seed() {
  const ids = await chileIds(ctx.db);
  const loc = { pais_id: ids.pais_id, region_id: ids.region_id, comuna_id: ids.comuna_id };
  const owner = await loggedIn(ctx, { creditos: 100 });
  const mid = await loggedIn(ctx, { parent_user_id: owner.id, creditos: 100 });
  const deep = await insertUser(ctx, { parent_user_id: mid.id, ...loc });
  const client = (parent: number, apellido: string) =>
    insertUser(ctx, { type: USER_TYPE.client, parent_user_id: parent, ...loc, nombre: apellido, apellido });
  const [tomas, ortiz, paz, kora, ximena, alvarez, zapata] = await Promise.all([
    client(owner.id, 'Tomás'),
    client(mid.id, 'Ortiz'),
    client(owner.id, 'Paz'),
    client(deep.id, 'Kora'),
    client(owner.id, 'Ximena'),
    client(owner.id, 'Alvarez'),
    client(deep.id, 'Zapata'),
  ]);
  const evaluate = async (clientId: number, fields: Record<string, unknown>, headers = owner.headers) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers,
      payload: evaluationBody(clientId, owner.id, fields),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ evaluacion: { id: number } }>().evaluacion.id;
  };
  const tomasFirst = await evaluate(tomas.id, { fecha: '2026-02-10', pgrasa: 25, pcintura: 80 });
  const tomasSecond = await evaluate(tomas.id, { fecha: '2026-02-10', pgrasa: 27, pcintura: 80 });
  await evaluate(ortiz.id, { fecha: '2025-12-01', pgrasa: 30 });
  await evaluate(paz.id, { fecha: '2025-12-01', pgrasa: 20 });
  await evaluate(kora.id, { fecha: '2025-12-20', pgrasa: 22, pcintura: 80 });
  const koraLatest = await evaluate(kora.id, { fecha: '2026-02-01', pgrasa: 22, pcintura: 85 });
  const ximenaOnly = await evaluate(ximena.id, { fecha: '2026-02-15', pgrasa: 40 });
  const removed = await ctx.app.inject({
    method: 'POST',
    url: '/web/eliminausuario',
    headers: owner.headers,
    payload: { id_usuario: ximena.id },
  });
  expect(removed.statusCode, removed.body).toBe(200);
  return {
    owner,
    mid,
    deep,
    tomas,
    ortiz,
    paz,
    kora,
    ximena,
    alvarez,
    zapata,
    tomasFirst,
    tomasSecond,
    koraLatest,
    ximenaOnly,
  };
}

describe('getdash over a deeper tree', () => {
  let s: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    s = await seed();
  });

  it("counts the top's whole account: two levels of network, a deleted client's evaluations but not the client", async () => {
    const data = await dash(s.owner.headers);
    expect(data.counts).toEqual({ clients: 6, network: 2, evaluations_month: 0, evaluations_total: 7, credits: 93 });
    const perWeek = Object.fromEntries(data.weekly.filter((w) => w.count > 0).map((w) => [w.week_start, w.count]));
    // 2025-12-01 is before the chart; 2026-02-01 and 2026-02-15 are Sundays (their week began on Monday).
    expect(perWeek).toEqual({ '2025-12-15': 1, '2026-01-26': 1, '2026-02-09': 3 });
    expect(data.latest.map((e) => e.id)).toContain(s.ximenaOnly);
    expect(data.latest[0]!.id).toBe(s.ximenaOnly);
  });

  it('lists follow-ups never-evaluated first, then by date, ties by surname; one evaluation is no trend', async () => {
    const data = await dash(s.owner.headers);
    expect(data.follow_up.total).toBe(4);
    expect(data.follow_up.clients.map((c) => [c.apellido, c.last_fecha])).toEqual([
      ['Alvarez', null],
      ['Zapata', null],
      ['Ortiz', '2025-12-01'],
      ['Paz', '2025-12-01'],
    ]);
    // Two evaluations on one date: the later one (by id) is the latest, the first one its previous.
    expect(data.wrong_way).toEqual([
      {
        client: { id: s.tomas.id, nombre: 'Tomás', apellido: 'Tomás' },
        evaluation_id: s.tomasSecond,
        fecha: '2026-02-10',
        previous_fecha: '2026-02-10',
        body_fat_percent: { from: 25, to: 27 },
        waist_cm: null,
      },
      {
        client: { id: s.kora.id, nombre: 'Kora', apellido: 'Kora' },
        evaluation_id: s.koraLatest,
        fecha: '2026-02-01',
        previous_fecha: '2025-12-20',
        body_fat_percent: null,
        waist_cm: { from: 80, to: 85 },
      },
    ]);
  });

  it("shows a network professional its own sub-tree, the same as its top's narrowed view", async () => {
    const own = await dash(s.mid.headers);
    expect(own.counts).toMatchObject({ clients: 3, network: 1, evaluations_total: 3 });
    expect(own.follow_up.clients.map((c) => c.apellido)).toEqual(['Zapata', 'Ortiz']);
    expect(own.wrong_way.map((w) => w.client.id)).toEqual([s.kora.id]);
    expect(own.latest.map((e) => e.client.id).sort()).toEqual([s.ortiz.id, s.kora.id, s.kora.id].sort());
    expect(await dash(s.owner.headers, `?id_usuario=${s.mid.id}`)).toEqual(own);
  });

  it('reads the same figures from the account index as from the walk of the tree', async () => {
    const repo = createDashboardRepository(ctx.db);
    const window = { from: '2025-12-08', monthStart: '2026-03-01', cutoff: '2026-01-04', limit: 8 };
    const byAccount = await repo.figures({ rootId: s.owner.id, accountId: s.owner.id, wholeAccount: true }, window);
    const byWalk = await repo.figures({ rootId: s.owner.id, accountId: s.owner.id, wholeAccount: false }, window);
    expect(byWalk).toEqual(byAccount);
  });
});

describe('getdash follows the people, not only the evaluations', () => {
  it('a new client is due at once; a moved client changes sub-tree; a deleted one leaves the cards', async () => {
    const s = await seed();
    // A client added after everything else: never evaluated, so first in the follow-up.
    const added = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: s.mid.id, apellido: 'Abad' });
    let mid = await dash(s.mid.headers);
    expect(mid.follow_up.clients[0]!.id).toBe(added.id);
    expect(mid.counts.clients).toBe(4);

    // Kora moves from deep (under mid) to the owner, as a hand-over does: mid no longer sees it.
    await ctx.db.updateTable('users').set({ parent_user_id: s.owner.id }).where('id', '=', s.kora.id).execute();
    mid = await dash(s.mid.headers);
    expect(mid.counts).toMatchObject({ clients: 3, evaluations_total: 1 });
    expect(mid.wrong_way).toEqual([]);
    const owner = await dash(s.owner.headers);
    expect(owner.counts).toMatchObject({ clients: 7, evaluations_total: 7 });
    expect(owner.wrong_way.map((w) => w.client.id)).toEqual([s.tomas.id, s.kora.id]);

    // Deleting mid hands its clients and deep up to the owner (decision 051): the owner still counts them.
    const removed = await ctx.app.inject({
      method: 'POST',
      url: '/web/eliminausuario',
      headers: s.owner.headers,
      payload: { id_usuario: s.mid.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await dash(s.owner.headers);
    expect(after.counts).toMatchObject({ clients: 7, network: 1, evaluations_total: 7 });
    const deep = await dash(s.owner.headers, `?id_usuario=${s.deep.id}`);
    expect(deep.counts).toMatchObject({ clients: 1, evaluations_total: 0 });
    expect(deep.follow_up.clients.map((c) => c.apellido)).toEqual(['Zapata']);

    // A deleted client with a trend leaves the wrong-way and follow-up cards; its evaluations stay counted.
    const gone = await ctx.app.inject({
      method: 'POST',
      url: '/web/eliminausuario',
      headers: s.owner.headers,
      payload: { id_usuario: s.tomas.id },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const last = await dash(s.owner.headers);
    expect(last.counts).toMatchObject({ clients: 6, evaluations_total: 7 });
    expect(last.wrong_way.map((w) => w.client.id)).toEqual([s.kora.id]);
  });
});
