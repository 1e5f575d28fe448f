import type { Charts, Dashboard } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreditsService, SIGNUP_GRANT_NOTE } from '../credits/credits.service.ts';
import { insertUser } from '../../test/factories.ts';
import { loggedIn, twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody, postEvaluation } from '../../test/evaluation-factories.ts';

// Issue 30 item 10, decision 188: the dashboard and the charts compare a body-fat % only within one method and
// equation, as the evaluation history does. The fake clock reads 2026-03-01.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
const twoSkinfold = { evaluation_type: 2 as const, pgrasa: undefined, triceps: 6, subescapular: 7 };
const fourSkinfold = {
  evaluation_type: 4 as const,
  pgrasa: undefined,
  triceps: 22,
  subescapular: 20,
  abdominal: 28,
  cuadriceps: 25,
};
const tape = { evaluation_type: 3 as const, pgrasa: undefined, cuello: 33, pcintura: 95 };

async function seed() {
  const t = await twoTenants(ctx);
  const loc = { pais_id: t.ids.pais_id, region_id: t.ids.region_id, comuna_id: t.ids.comuna_id };
  const client = (nombre: string) =>
    insertUser(ctx, { type: 2, parent_user_id: t.owner.id, ...loc, nombre, apellido: 'Prueba', sexo: 'Femenino' });
  const evaluate = (clientId: number, fields: Record<string, unknown>) =>
    postEvaluation(ctx.app, t.owner.headers, evaluationBody(clientId, t.owner.id, fields));
  // Mixed: a 2-skinfold (low fat) then a 4-skinfold (high fat), the same waist: no change to report.
  const mixed = await client('Mixta');
  await evaluate(mixed.id, { ...twoSkinfold, fecha: '2026-01-05', pcintura: 84 });
  const mixedLatest = await evaluate(mixed.id, { ...fourSkinfold, fecha: '2026-02-20', pcintura: 84 });
  // Same method: two 4-skinfold evaluations, fat up.
  const same = await client('Misma');
  await evaluate(same.id, { ...fourSkinfold, fecha: '2026-01-10', pcintura: 84, triceps: 12, subescapular: 10 });
  const sameLatest = await evaluate(same.id, { ...fourSkinfold, fecha: '2026-02-10', pcintura: 84 });
  // Tape (high fat) then 4-skinfold (lower): not an improvement, another method.
  const tapeThenSkinfold = await client('Cinta');
  await evaluate(tapeThenSkinfold.id, { ...tape, fecha: '2026-01-15' });
  await evaluate(tapeThenSkinfold.id, {
    ...fourSkinfold,
    fecha: '2026-02-15',
    triceps: 8,
    subescapular: 8,
    abdominal: 9,
    cuadriceps: 9,
  });
  return { t, mixed, mixedLatest, same, sameLatest, tapeThenSkinfold };
}

const get = async <T>(headers: Headers, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: T }>().data;
};

describe('comparisons within one method and equation', () => {
  it("the dashboard's wrong-way card compares fat % only with a previous evaluation of the same method", async () => {
    const s = await seed();
    const data = await get<Dashboard>(s.t.owner.headers, '/web/getdash');
    // The mixed client's 2-skinfold → 4-skinfold rise is not a change; only the same-method client is listed.
    expect(data.wrong_way.map((w) => w.client.id)).toEqual([s.same.id]);
    const [only] = data.wrong_way;
    expect(only).toMatchObject({ evaluation_id: s.sameLatest, previous_fecha: '2026-01-10', waist_cm: null });
    expect(only!.body_fat_percent!.to).toBeGreaterThan(only!.body_fat_percent!.from);
  });

  it('an edit to another method takes the fat % out of the comparison (the summary follows the stored series)', async () => {
    const s = await seed();
    const edit = await ctx.app.inject({
      method: 'POST',
      url: '/web/editEvaluation',
      headers: s.t.owner.headers,
      payload: {
        evaluationID: s.sameLatest,
        ...evaluationBody(s.same.id, s.t.owner.id, {
          ...twoSkinfold,
          fecha: '2026-02-10',
          triceps: 30,
          subescapular: 30,
        }),
      },
    });
    expect(edit.statusCode).toBe(200);
    const data = await get<Dashboard>(s.t.owner.headers, '/web/getdash');
    expect(data.wrong_way.map((w) => w.client.id)).toEqual([]);
  });

  it('the charts count a client as compared only with two fat figures of one method and equation', async () => {
    const s = await seed();
    const data = await get<Charts>(s.t.owner.headers, '/web/charts');
    // Only the same-method client has two comparable figures (and its fat went up: not improving).
    expect(data.improving).toEqual({ compared: 1, improved: 0, share: 0 });
  });
});

describe('the credit card names where credits nobody sent came from (issue 30 item 11d)', () => {
  it('the sign-up allowance is "welcome", an operator grant is "grant"; neither claims a sender', async () => {
    const owner = await loggedIn(ctx, { creditos: 0 });
    const credits = createCreditsService(ctx);
    await ctx.db
      .transaction()
      .execute((trx) => credits.grantInTransaction(trx, { userId: owner.id, amount: 10, note: SIGNUP_GRANT_NOTE }));
    await credits.grantByEmail({ email: owner.email, amount: 40, note: 'pilot clinic' });
    const data = await get<Dashboard>(owner.headers, '/web/getdash');
    expect(data.credit_movements.map((m) => [m.kind, m.amount, m.counterpart])).toEqual([
      ['grant', 40, null],
      ['welcome', 10, null],
    ]);
  });
});
