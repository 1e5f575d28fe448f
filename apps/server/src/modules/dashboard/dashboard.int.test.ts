import type { Dashboard } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.ts';
import { twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';

// The fake clock reads 2026-03-01 (a Sunday): this month starts that day, its ISO week on 2026-02-23,
// and the default 8-week follow-up cutoff is 2026-01-04.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const post = (url: string, headers: object, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...headers }, payload });
const dash = (headers: Record<string, string>, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/web/getdash${query}`, headers });

async function evaluate(headers: object, clientId: number, evaluatorId: number, fields: Record<string, unknown>) {
  const res = await post('/web/ingresaevaluacion', headers, evaluationBody(clientId, evaluatorId, fields));
  expect(res.statusCode).toBe(200);
  return res.json<{ evaluacion: { id: number } }>().evaluacion.id;
}

/**
 * The owner's tree: client A (two evaluations, fat and waist up), client B (one, 2025-11-01: due),
 * client D (one this month) and the colleague's client C (never evaluated: due). The other tenant has
 * its own client with evaluations that must never be counted.
 */
async function seedTrees() {
  const t = await twoTenants(ctx);
  const loc = { pais_id: t.ids.pais_id, region_id: t.ids.region_id, comuna_id: t.ids.comuna_id };
  const a = t.client;
  const b = await insertUser(ctx, { type: 2, parent_user_id: t.owner.id, ...loc, nombre: 'Bruno', apellido: 'Bravo' });
  const c = await insertUser(ctx, {
    type: 2,
    parent_user_id: t.colleague.id,
    ...loc,
    nombre: 'Carla',
    apellido: 'Cruz',
  });
  const d = await insertUser(ctx, { type: 2, parent_user_id: t.owner.id, ...loc, nombre: 'Diana', apellido: 'Díaz' });
  const aFirst = await evaluate(t.owner.headers, a.id, t.owner.id, { fecha: '2026-01-05', pgrasa: 28, pcintura: 84 });
  const aLatest = await evaluate(t.owner.headers, a.id, t.owner.id, { fecha: '2026-02-20', pgrasa: 30, pcintura: 86 });
  const bOnly = await evaluate(t.owner.headers, b.id, t.owner.id, { fecha: '2025-11-01' });
  const dOnly = await evaluate(t.owner.headers, d.id, t.owner.id, { fecha: '2026-03-01' });
  // Deleted: counted nowhere.
  const deleted = await evaluate(t.owner.headers, d.id, t.owner.id, { fecha: '2026-02-25', pgrasa: 40 });
  expect((await post('/web/eliminaevaluacion', t.owner.headers, { evaluationID: deleted })).statusCode).toBe(200);
  // The other tenant: this month, wrong way, a client never evaluated.
  await evaluate(t.other.headers, t.otherClient.id, t.other.id, { fecha: '2026-02-01', pgrasa: 20 });
  await evaluate(t.other.headers, t.otherClient.id, t.other.id, { fecha: '2026-03-01', pgrasa: 25 });
  await insertUser(ctx, { type: 2, parent_user_id: t.other.id, ...loc });
  return { t, a, b, c, d, aFirst, aLatest, bOnly, dOnly };
}

describe('GET /web/getdash', () => {
  it("aggregates the owner's tree only: counts, weeks, latest, follow-ups, wrong way, credits", async () => {
    const s = await seedTrees();
    const res = await dash(s.t.owner.headers, `?id_usuario=${s.t.owner.id}&type=1`);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Dashboard }>().data;

    expect(data.counts).toEqual({ clients: 4, network: 1, evaluations_month: 1, evaluations_total: 4, credits: 95 });

    expect(data.weekly).toHaveLength(12);
    expect(data.weekly[0]!.week_start).toBe('2025-12-08');
    expect(data.weekly[11]).toEqual({ week_start: '2026-02-23', count: 1 });
    const perWeek = Object.fromEntries(data.weekly.filter((w) => w.count > 0).map((w) => [w.week_start, w.count]));
    expect(perWeek).toEqual({ '2026-01-05': 1, '2026-02-16': 1, '2026-02-23': 1 }); // 2025-11-01 is older

    // By evaluation date, not by entry (B's 2025-11-01 was entered after A's two).
    expect(data.latest.map((e) => e.id)).toEqual([s.dOnly, s.aLatest, s.aFirst, s.bOnly]);
    expect(data.latest[0]).toMatchObject({ fecha: '2026-03-01', client: { id: s.d.id, nombre: 'Diana' } });

    expect(data.follow_up).toMatchObject({
      weeks: 8,
      total: 2,
      clients: [
        { id: s.c.id, nombre: 'Carla', apellido: 'Cruz', email: s.c.email, sexo: 'Femenino', last_fecha: null },
        { id: s.b.id, nombre: 'Bruno', apellido: 'Bravo', nacimiento: '1990-05-17', last_fecha: '2025-11-01' },
      ],
    });

    expect(data.wrong_way).toEqual([
      {
        client: { id: s.a.id, nombre: 'Ana', apellido: 'Pérez' },
        evaluation_id: s.aLatest,
        fecha: '2026-02-20',
        previous_fecha: '2026-01-05',
        body_fat_percent: { from: 28, to: 30 },
        waist_cm: { from: 84, to: 86 },
      },
    ]);

    // Five charges (the deleted evaluation's too: no refund), newest first.
    expect(data.credit_movements).toHaveLength(5);
    expect(data.credit_movements.every((m) => m.kind === 'charge' && m.amount === -1)).toBe(true);
    expect(data.credit_movements[1]!.evaluation_id).toBe(s.dOnly);
    expect(data.cards).toEqual(['counts', 'weekly', 'latest', 'follow_up', 'wrong_way', 'credits']);
  });

  it('follows edits: a corrected evaluation leaves the wrong-way list, a new date leaves follow-up', async () => {
    const s = await seedTrees();
    const edited = await post(
      '/web/editEvaluation',
      s.t.owner.headers,
      evaluationBody(s.a.id, s.t.owner.id, { evaluationID: s.aLatest, fecha: '2026-02-20', pgrasa: 27, pcintura: 83 }),
    );
    expect(edited.statusCode).toBe(200);
    await evaluate(s.t.owner.headers, s.b.id, s.t.owner.id, { fecha: '2026-02-10', pgrasa: 25, pcintura: 80 });
    const data = (await dash(s.t.owner.headers)).json<{ data: Dashboard }>().data;
    expect(data.wrong_way).toEqual([]);
    expect(data.follow_up.clients.map((c) => c.id)).toEqual([s.c.id]);
    expect(data.counts.evaluations_total).toBe(5);
  });

  it("follows deletes: the client's previous evaluation becomes its latest", async () => {
    const s = await seedTrees();
    expect((await post('/web/eliminaevaluacion', s.t.owner.headers, { evaluationID: s.aLatest })).statusCode).toBe(200);
    const data = (await dash(s.t.owner.headers)).json<{ data: Dashboard }>().data;
    expect(data.wrong_way).toEqual([]);
    expect(data.counts.evaluations_total).toBe(3);
    expect(data.latest.map((e) => e.id)).not.toContain(s.aLatest);
    const summary = await ctx.db
      .selectFrom('client_evaluation_summaries')
      .selectAll()
      .where('client_id', '=', s.a.id)
      .executeTakeFirstOrThrow();
    expect(summary).toMatchObject({
      evaluations: 1,
      last_evaluation_id: s.aFirst,
      last_evaluated_on: '2026-01-05',
      previous_evaluated_on: null,
    });
  });

  it("adds new evaluations to each client's count, one statement for several clients (decision 253)", async () => {
    const s = await seedTrees();
    const summary = (clientId: number) =>
      ctx.db
        .selectFrom('client_evaluation_summaries')
        .select(['evaluations', 'last_evaluation_id', 'last_evaluated_on', 'previous_evaluated_on'])
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
    const recount = async (clientId: number) => {
      const live = await ctx.db
        .selectFrom('evaluations')
        .select(['id', 'evaluated_on'])
        .where('client_id', '=', clientId)
        .where('deleted_at', 'is', null)
        .orderBy('evaluated_on', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return {
        evaluations: live.length,
        last_evaluation_id: live[0]?.id ?? null,
        last_evaluated_on: live[0]?.evaluated_on ?? null,
        previous_evaluated_on: live[1]?.evaluated_on ?? null,
      };
    };
    const row = (clientId: number, evaluatedOn: string, deleted = false) => ({
      client_id: clientId,
      evaluator_id: s.t.owner.id,
      evaluation_type: 1,
      evaluated_on: evaluatedOn,
      current_version: 1,
      created_at: new Date(),
      updated_at: new Date(),
      ...(deleted ? { deleted_at: new Date(), deleted_by: s.t.owner.id } : {}),
    });
    // One statement: two new rows for A (one older than its latest), one for B, one already deleted for D.
    await ctx.db
      .insertInto('evaluations')
      .values([
        row(s.a.id, '2026-02-27'),
        row(s.a.id, '2025-12-01'),
        row(s.b.id, '2026-02-28'),
        row(s.d.id, '2026-03-01', true),
      ])
      .execute();
    expect(await summary(s.a.id)).toEqual({ ...(await recount(s.a.id)), evaluations: 4 });
    expect(await summary(s.b.id)).toEqual({ ...(await recount(s.b.id)), evaluations: 2 });
    expect(await summary(s.d.id)).toEqual({ ...(await recount(s.d.id)), evaluations: 1 });
    // A client whose summary row is missing gets one counted from its stored evaluations, the new one included.
    await ctx.db.deleteFrom('client_evaluation_summaries').where('client_id', '=', s.b.id).execute();
    await ctx.db.insertInto('evaluations').values(row(s.b.id, '2026-01-15')).execute();
    expect(await summary(s.b.id)).toEqual({ ...(await recount(s.b.id)), evaluations: 3 });
  });

  it('shows credit transfers from the account side, with the other account', async () => {
    const s = await seedTrees();
    const moved = await post('/web/cambiacreditosnew', s.t.owner.headers, {
      user_id: s.t.colleague.id,
      id_usuario: s.t.owner.id,
      creditos: 10,
    });
    expect(moved.statusCode).toBe(200);
    const data = (await dash(s.t.owner.headers)).json<{ data: Dashboard }>().data;
    expect(data.counts.credits).toBe(85);
    expect(data.credit_movements[0]).toMatchObject({
      kind: 'sent',
      amount: -10,
      counterpart: { id: s.t.colleague.id },
      evaluation_id: null,
    });
  });

  it("narrows to a network professional's sub-tree; anybody else's id is not found", async () => {
    const s = await seedTrees();
    const colleague = await dash(s.t.owner.headers, `?id_usuario=${s.t.colleague.id}`);
    expect(colleague.statusCode).toBe(200);
    const data = colleague.json<{ data: Dashboard }>().data;
    expect(data.counts).toMatchObject({ clients: 1, network: 0, evaluations_total: 0 });
    expect(data.follow_up.clients.map((c) => c.id)).toEqual([s.c.id]);
    expect((await dash(s.t.owner.headers, `?id_usuario=${s.t.other.id}`)).statusCode).toBe(404);
    expect((await dash(s.t.owner.headers, `?id_usuario=${s.a.id}`)).statusCode).toBe(404);
    // The other tenant sees only its own: one client evaluated (wrong way), one never.
    const other = (await dash(s.t.other.headers)).json<{ data: Dashboard }>().data;
    expect(other.counts).toMatchObject({ clients: 2, network: 0, evaluations_total: 2, evaluations_month: 1 });
    expect(other.wrong_way.map((w) => w.client.id)).toEqual([s.t.otherClient.id]);
  });

  it('is 403 for a client (type 2), whatever type it claims, and 401 without a session', async () => {
    const s = await seedTrees();
    const res = await dash(s.a.headers, `?id_usuario=${s.t.owner.id}&type=1`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await dash({})).statusCode).toBe(401);
  });

  it('rejects a malformed id_usuario with a translated 422', async () => {
    const s = await seedTrees();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/web/getdash?id_usuario=abc',
      headers: { ...s.t.owner.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
  });
});
