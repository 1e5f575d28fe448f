import { afterAll, beforeAll, describe, it } from 'vitest';
import { twoTenants } from '../../test/people-factories.ts';
import { checkRouteForEveryActor, type MatrixFixtures, type RouteCase } from '../../test/permission-matrix.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';

/**
 * The evaluations permission matrix (security.md R14/R15), in the style of people/permissions.int.test.ts:
 * every evaluation route × (no token, the client itself, another professional, the owner professional).
 * Denied cells also check that nothing changed and that the body carries none of the client's data.
 */

type Fixtures = MatrixFixtures & { evaluationId: number };

const routes: RouteCase<Fixtures>[] = [
  {
    route: 'POST /web/ingresaevaluacion',
    request: (f, actorId) => ({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      payload: evaluationBody(f.client.id, actorId),
    }),
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
  {
    route: 'POST /web/editEvaluation',
    request: (f, actorId) => ({
      method: 'POST',
      url: '/web/editEvaluation',
      payload: { ...evaluationBody(f.client.id, actorId), evaluationID: f.evaluationId },
    }),
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
  {
    route: 'GET /web/getevaluacion',
    request: (f) => ({ method: 'GET', url: `/web/getevaluacion?evaluationID=${f.evaluationId}` }),
    expected: { none: 401, client: 200, other: 404, owner: 200 },
  },
  {
    route: 'GET /web/listaevaluaciones',
    request: () => ({ method: 'GET', url: '/web/listaevaluaciones?page=1&limit=10' }),
    expected: { none: 401, client: 200, other: 200, owner: 200 },
  },
  {
    route: 'GET /web/evaluationListing',
    request: (f) => ({ method: 'GET', url: `/web/evaluationListing?type=2&parent_user_id=${f.owner.id}` }),
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
  {
    route: 'GET /web/evaluations/:id/report.pdf',
    request: (f) => ({ method: 'GET', url: `/web/evaluations/${f.evaluationId}/report.pdf` }),
    expected: { none: 401, client: 200, other: 404, owner: 200 },
  },
  {
    route: 'POST /web/enviarevalua',
    request: (f) => ({ method: 'POST', url: '/web/enviarevalua', payload: { evaluationID: f.evaluationId } }),
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
  {
    route: 'POST /web/eliminaevaluacion',
    request: (f) => ({ method: 'POST', url: '/web/eliminaevaluacion', payload: { evaluationID: f.evaluationId } }),
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
];

describe('evaluations permission matrix: route × actor', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  async function fixtures(): Promise<Fixtures> {
    const t = await twoTenants(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers: t.owner.headers,
      payload: evaluationBody(t.client.id, t.owner.id),
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return { ...t, evaluationId: res.json().evaluacion.id };
  }

  const snapshot = async () => ({
    evaluations: await ctx.db.selectFrom('evaluations').selectAll().orderBy('id').execute(),
    versions: await ctx.db
      .selectFrom('evaluation_versions')
      .select(['evaluation_id', 'version'])
      .orderBy('evaluation_id')
      .orderBy('version')
      .execute(),
    emails: await ctx.db.selectFrom('evaluation_emails').select('id').orderBy('id').execute(),
    credits: await ctx.db.selectFrom('users').select(['id', 'creditos']).orderBy('id').execute(),
    ledger: await ctx.db.selectFrom('credit_ledger').select('id').orderBy('id').execute(),
  });

  it.each(routes)('$route', async (row) => {
    const f = await fixtures();
    await checkRouteForEveryActor(ctx, f, row, { snapshot, secrets: [f.client.email], blindActors: ['other'] });
  });
});
