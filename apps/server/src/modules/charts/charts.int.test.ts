import type { Charts } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
const charts = async (headers: Headers, query = '', lang = 'es') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/web/charts${query}`,
    headers: { ...headers, 'accept-language': lang },
  });
  return { status: res.statusCode, body: res.json() as { data: Charts } & { error?: { message: unknown } } };
};
async function evaluate(headers: Headers, clientId: number, evaluatorId: number, fields: Record<string, unknown>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/web/ingresaevaluacion',
    headers,
    payload: evaluationBody(clientId, evaluatorId, fields),
  });
  expect(res.statusCode).toBe(200);
}
const stored = (clientId: number) =>
  ctx.db
    .selectFrom('evaluations')
    .select(['bmi', 'bmi_category', 'body_fat_percent', 'fat_category', 'waist_cm', 'evaluated_on'])
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .orderBy('evaluated_on', 'desc')
    .execute();

/**
 * The owner's tree: Ana (F, company Norte, 2 evaluations: fat 30 → 27, improved), Beto (M, 2: fat 20 → 22)
 * and the colleague's client Caro (F, 1). The other account has its own evaluations, never counted.
 */
async function seed() {
  const t = await twoTenants(ctx);
  const loc = { pais_id: t.ids.pais_id, region_id: t.ids.region_id, comuna_id: t.ids.comuna_id };
  const north = await ctx.app.inject({
    method: 'POST',
    url: '/web/companies',
    headers: t.owner.headers,
    payload: { name: 'Norte' },
  });
  const companyId = north.json().company.id as number;
  const ana = await insertUser(ctx, {
    type: 2,
    parent_user_id: t.owner.id,
    ...loc,
    sexo: 'Femenino',
    company_id: companyId,
  });
  const beto = await insertUser(ctx, { type: 2, parent_user_id: t.owner.id, ...loc, sexo: 'Masculino' });
  const caro = await insertUser(ctx, { type: 2, parent_user_id: t.colleague.id, ...loc, sexo: 'Femenino' });
  await evaluate(t.owner.headers, ana.id, t.owner.id, { fecha: '2026-01-10', pgrasa: 30, peso: 80 });
  await evaluate(t.owner.headers, ana.id, t.owner.id, { fecha: '2026-02-15', pgrasa: 27, peso: 70 });
  await evaluate(t.owner.headers, beto.id, t.owner.id, { fecha: '2026-01-20', pgrasa: 20, peso: 75 });
  await evaluate(t.owner.headers, beto.id, t.owner.id, { fecha: '2026-02-20', pgrasa: 22, peso: 78 });
  await evaluate(t.owner.headers, caro.id, t.owner.id, { fecha: '2026-02-01', pgrasa: 33, peso: 60 });
  await evaluate(t.other.headers, t.otherClient.id, t.other.id, { fecha: '2026-02-01', pgrasa: 40 });
  return { t, ana, beto, caro, companyId };
}

describe('GET /web/charts', () => {
  it("aggregates the stored figures of the owner's tree only, with each filter", async () => {
    const { t, ana, beto, caro, companyId } = await seed();
    const { status, body } = await charts(t.owner.headers);
    expect(status).toBe(200);
    const data = body.data;
    expect([data.clients, data.evaluations]).toEqual([3, 5]);
    // Categories: each client at its latest evaluation, as the engine stored them.
    const latest = await Promise.all([ana, beto, caro].map(async (c) => (await stored(c.id))[0]!));
    const tally = (key: 'bmi_category' | 'fat_category') => {
      const counts = new Map<string, number>();
      for (const row of latest) if (row[key]) counts.set(row[key], (counts.get(row[key]) ?? 0) + 1);
      return [...counts.entries()].map(([category, clients]) => ({ category, clients }));
    };
    const sorted = (list: { category: string; clients: number }[]) =>
      [...list].sort((a, b) => b.clients - a.clients || a.category.localeCompare(b.category));
    expect(data.bmi_categories).toEqual(sorted(tally('bmi_category')));
    expect(data.fat_categories).toEqual(sorted(tally('fat_category')));
    expect(data.bmi_categories.reduce((n, c) => n + c.clients, 0)).toBe(3);
    // Monthly averages of the stored body fat: January 30 and 20, February 27, 22 and 33.
    expect(data.monthly.map((m) => [m.month, m.evaluations, m.body_fat_percent])).toEqual([
      ['2026-01', 2, 25],
      ['2026-02', 3, expect.closeTo(82 / 3, 6)],
    ]);
    const janBmi = (await stored(ana.id))[1]!.bmi! + (await stored(beto.id))[1]!.bmi!;
    expect(data.monthly[0]!.bmi).toBeCloseTo(janBmi / 2, 6);
    // Ana improved (30 → 27), Beto did not (20 → 22), Caro has one figure: not compared.
    expect(data.improving).toEqual({ compared: 2, improved: 1, share: 0.5 });

    const women = (await charts(t.owner.headers, '?sexo=Femenino')).body.data;
    expect([women.clients, women.evaluations]).toEqual([2, 3]);
    const north = (await charts(t.owner.headers, `?company=${companyId}`)).body.data;
    expect([north.clients, north.evaluations, north.improving.improved]).toEqual([1, 2, 1]);
    const february = (await charts(t.owner.headers, '?from=2026-02-01&to=2026-02-28')).body.data;
    expect([february.clients, february.evaluations, february.improving.compared]).toEqual([3, 3, 0]);
    expect(february.improving.share).toBeNull();
    const blank = (await charts(t.owner.headers, '?company=&from=&to=&sexo=')).body.data;
    expect(blank.evaluations).toBe(5);

    // The other account sees only its own; this account's company filters nothing of it.
    const other = (await charts(t.other.headers)).body.data;
    expect([other.clients, other.evaluations]).toEqual([1, 1]);
    const otherWithMyCompany = (await charts(t.other.headers, `?company=${companyId}`)).body.data;
    expect(otherWithMyCompany.evaluations).toBe(0);
  });

  it('refuses bad filters with translated errors, clients with 403 and no session with 401', async () => {
    const t = await twoTenants(ctx);
    const reversed = await charts(t.owner.headers, '?from=2026-03-01&to=2026-02-01', 'en');
    expect(reversed.status).toBe(422);
    expect(reversed.body.error?.message).toEqual({ to: ['The end date cannot be before the start date.'] });
    expect((await charts(t.owner.headers, '?sexo=Otro')).status).toBe(422);
    expect((await charts(t.owner.headers, '?from=2026-13-01')).status).toBe(422);
    expect((await charts(t.owner.headers, '?company=abc')).status).toBe(422);
    expect((await charts(t.client.headers)).status).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/web/charts' })).statusCode).toBe(401);
  });
});
