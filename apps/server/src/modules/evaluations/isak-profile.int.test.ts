import { USER_TYPE } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.ts';
import { chileIds, loggedIn, type Actor } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';

// Issue 31 A, decision 199: the ISAK profile (type 5) through the API, checked against the papers' formulas written
// out here (isak.md §b, §c, §d), not against the engine's own functions.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const post = (url: string, headers: object, payload: unknown, lang = 'es') =>
  ctx.app.inject({ method: 'POST', url, headers: { ...headers, 'accept-language': lang }, payload: payload as object });
const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

async function professionalWithClient(sexo: 'Masculino' | 'Femenino', nacimiento: string) {
  const ids = await chileIds(ctx.db);
  const owner = await loggedIn(ctx, { creditos: 20 });
  const client = await insertUser(ctx, {
    type: USER_TYPE.client,
    parent_user_id: owner.id,
    pais_id: ids.pais_id,
    region_id: ids.region_id,
    comuna_id: ids.comuna_id,
    sexo,
    nacimiento,
  });
  return { owner, client };
}

/** An ISAK body: the legacy measurement fields of evaluationBody are not sent (the profile derives them). */
function isakBody(clientId: number, owner: Actor, sites: Record<string, number[]>, overrides: object = {}) {
  const base = evaluationBody(clientId, owner.id, { evaluation_type: 5, peso: 69.2, estatura: 178.3 }) as Record<
    string,
    unknown
  >;
  for (const f of ['pcintura', 'pcadera', 'pbrazo', 'ppierna', 'pgrasa']) delete base[f];
  return { ...base, isak: { sites }, ...overrides };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Carter 2002 subject 573 (isak.md §b.8), each site measured twice around the published value. */
const SUBJECT_573 = {
  triceps: [6.3, 6.5],
  subscapular: [7.1, 7.1],
  supraspinale: [4.5, 4.7],
  medial_calf: [5.1, 5.3],
  humerus: [7.2, 7.2],
  femur: [9.75, 9.75],
  arm_flexed: [33.8, 34.0],
  calf_girth: [37.5, 37.7],
  waist: [75.0, 75.2],
  gluteal: [92.0, 92.4],
};

/** Heath–Carter (Carter 2002 pp. 6–7), written out from the manual. */
function heathCarter(s: Record<string, number>, h: number, w: number) {
  const x = ((s.triceps! + s.subscapular! + s.supraspinale!) * 170.18) / h;
  const endo = Math.max(0.1, -0.7182 + 0.1451 * x - 0.00068 * x ** 2 + 0.0000014 * x ** 3);
  const meso = Math.max(
    0.1,
    0.858 * s.humerus! +
      0.601 * s.femur! +
      0.188 * (s.arm_flexed! - s.triceps! / 10) +
      0.161 * (s.calf_girth! - s.medial_calf! / 10) -
      0.131 * h +
      4.5,
  );
  const hwr = h / Math.cbrt(w);
  const ecto = Math.max(0.1, hwr >= 40.75 ? 0.732 * hwr - 28.58 : hwr > 38.25 ? 0.463 * hwr - 17.63 : 0.1);
  return { endo, meso, ecto, hwr };
}

describe('ISAK profile (evaluation type 5) through the API', () => {
  it("computes Carter's subject 573 from repeated measures: 1.6-5.4-3.2, ectomorphic mesomorph, to 1e-9", async () => {
    const { owner, client } = await professionalWithClient('Masculino', '2005-07-01');
    const res = await post(
      '/web/ingresaevaluacion',
      owner.headers,
      isakBody(client.id, owner, SUBJECT_573, { fecha: '2025-12-01' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await get(`/web/getevaluacion?evaluationID=${res.json().evaluacion.id}`, owner.headers)).json()
      .data;
    const isak = detail.results.isak;
    const finals = Object.fromEntries(Object.entries(SUBJECT_573).map(([k, v]) => [k, mean(v)]));
    const expected = heathCarter(finals, 178.3, 69.2);
    expect(isak.somatotype.endomorphy).toBeCloseTo(expected.endo, 9);
    expect(isak.somatotype.mesomorphy).toBeCloseTo(expected.meso, 9);
    expect(isak.somatotype.ectomorphy).toBeCloseTo(expected.ecto, 9);
    expect(isak.somatotype.x).toBeCloseTo(expected.ecto - expected.endo, 9);
    expect(isak.somatotype.y).toBeCloseTo(2 * expected.meso - (expected.endo + expected.ecto), 9);
    expect(isak.somatotype.hwr).toBeCloseTo(expected.hwr, 9);
    // The manual's published rating (p. 7) and category (p. 9).
    expect(
      [isak.somatotype.endomorphy, isak.somatotype.mesomorphy, isak.somatotype.ectomorphy].map((c) => c.toFixed(1)),
    ).toEqual(['1.6', '5.4', '3.2']);
    expect(isak.somatotype.category).toBe('ectomorphic_mesomorph');
    // Every measurement kept, the final value the mean of two.
    expect(isak.sites.triceps).toMatchObject({ measurements: [6.3, 6.5], third_required: false });
    expect(isak.sites.triceps.final).toBeCloseTo(6.4, 12);
    // Phantom z (Ross & Wilson 1974): z = (v·170.18/h − p)/s with the triceps' p 15.4, s 4.47.
    expect(isak.phantom_z.triceps).toBeCloseTo((6.4 * (170.18 / 178.3) - 15.4) / 4.47, 9);
    expect(isak.phantom_z.mass).toBeCloseTo((69.2 * (170.18 / 178.3) ** 3 - 64.58) / 8.6, 9);
    // No Σ6 without abdominal and front thigh; no Kerr without the full profile.
    expect(isak.sum6_mm).toBeNull();
    expect(isak.kerr).toBeNull();
    // The waist results of every evaluation read the profile's waist.
    expect(detail.inputs.pcintura).toBeCloseTo(75.1, 12);
    expect(detail.results.waist.cm).toBeCloseTo(75.1, 12);
    // The history carries the somatotype for the somatochart.
    expect(detail.history.at(-1).somatotype.endomorphy).toBeCloseTo(expected.endo, 9);
  });

  it("computes Carter's subject B-188 (woman, 21.5 y): 3.0-2.1-4.8, endomorphic ectomorph, to 1e-9", async () => {
    const { owner, client } = await professionalWithClient('Femenino', '2004-06-01');
    const sites = {
      triceps: [14.9, 15.1],
      subscapular: [8.8, 8.8],
      supraspinale: [6.0, 6.0],
      medial_calf: [12.3, 12.5],
      humerus: [6.1, 6.1],
      femur: [8.6, 8.6],
      arm_flexed: [24.9, 24.9],
      calf_girth: [33.0, 33.2],
      waist: [64.0, 64.2],
      gluteal: [90.0, 90.2],
    };
    const res = await post(
      '/web/ingresaevaluacion',
      owner.headers,
      isakBody(client.id, owner, sites, { peso: 52.6, estatura: 170.7, fecha: '2025-12-01' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const s = (await get(`/web/getevaluacion?evaluationID=${res.json().evaluacion.id}`, owner.headers)).json().data
      .results.isak.somatotype;
    const finals = Object.fromEntries(Object.entries(sites).map(([k, v]) => [k, mean(v)]));
    const expected = heathCarter(finals, 170.7, 52.6);
    expect(s.endomorphy).toBeCloseTo(expected.endo, 9);
    expect(s.mesomorphy).toBeCloseTo(expected.meso, 9);
    expect(s.ectomorphy).toBeCloseTo(expected.ecto, 9);
    // The manual's published rating (p. 7) and category (p. 9).
    expect([s.endomorphy, s.mesomorphy, s.ectomorphy].map((c: number) => c.toFixed(1))).toEqual(['3.0', '2.1', '4.8']);
    expect(s.category).toBe('endomorphic_ectomorph');
  });

  it("computes Kerr's five masses, Σ6 and Σ8 for a full profile, median of three where a third was needed", async () => {
    const { owner, client } = await professionalWithClient('Femenino', '1996-03-10');
    const sites: Record<string, number[]> = {
      triceps: [15.0, 15.4],
      subscapular: [9.8, 10.0],
      biceps: [5.0, 5.2],
      iliac_crest: [14.0, 14.4],
      supraspinale: [8.0, 8.2],
      abdominal: [16.0, 17.0, 16.4], // 6.1 % apart: a third, median 16.4
      front_thigh: [22.0, 22.6],
      medial_calf: [12.0, 12.2],
      arm_relaxed: [27.0, 27.2],
      arm_flexed: [28.0, 28.2],
      waist: [68.0, 68.4],
      gluteal: [95.0, 95.4],
      mid_thigh: [52.0, 52.2],
      calf_girth: [34.0, 34.2],
      humerus: [6.1, 6.1],
      bistyloid: [4.9, 4.9],
      femur: [8.8, 8.8],
      sitting_height: [86.0, 86.2],
      arm_span: [166.0, 166.4],
      head: [55.0, 55.2],
      forearm: [23.0, 23.2],
      chest: [84.0, 84.4],
      thigh_1cm_gluteal: [56.0, 56.4],
      biacromial: [36.0, 36.2],
      biiliocristal: [27.5, 27.6],
      transverse_chest: [25.5, 25.6],
      ap_chest: [17.0, 17.1],
    };
    const h = 165.2;
    const w = 58.4;
    const res = await post(
      '/web/ingresaevaluacion',
      owner.headers,
      isakBody(client.id, owner, sites, { peso: w, estatura: h, fecha: '2026-02-20' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const isak = (await get(`/web/getevaluacion?evaluationID=${res.json().evaluacion.id}`, owner.headers)).json().data
      .results.isak;
    const f = Object.fromEntries(
      Object.entries(sites).map(([k, v]) => [k, v.length === 3 ? [...v].sort((a, b) => a - b)[1]! : mean(v)]),
    ) as Record<string, number>;
    expect(isak.sites.abdominal).toMatchObject({ measurements: [16, 17, 16.4], final: 16.4, third_required: true });

    const sum6 = f.triceps! + f.subscapular! + f.supraspinale! + f.abdominal! + f.front_thigh! + f.medial_calf!;
    expect(isak.sum6_mm).toBeCloseTo(sum6, 9);
    expect(isak.sum8_mm).toBeCloseTo(sum6 + f.biceps! + f.iliac_crest!, 9);

    // Kerr 1988 (isak.md §d), a woman over 12: BSA constant 73.074, skin thickness 1.96 mm.
    const k = 170.18 / h;
    const skin = ((73.074 * w ** 0.425 * h ** 0.725) / 10000) * 1.96 * 1.05;
    const adipose = (((sum6 * k - 116.41) / 34.79) * 5.85 + 25.6) / k ** 3;
    const corr = (girth: number, sf: number) => girth - (Math.PI * sf) / 10;
    const sMu =
      corr(f.arm_relaxed!, f.triceps!) +
      f.forearm! +
      corr(f.thigh_1cm_gluteal!, f.front_thigh!) +
      corr(f.calf_girth!, f.medial_calf!) +
      corr(f.chest!, f.subscapular!);
    const muscle = (((sMu * k - 207.21) / 13.74) * 5.4 + 24.5) / k ** 3;
    const sBo = f.biacromial! + f.biiliocristal! + 2 * f.humerus! + 2 * f.femur!;
    const bone = ((f.head! - 56.0) / 1.44) * 0.18 + 1.2 + (((sBo * k - 98.88) / 5.33) * 1.34 + 6.7) / k ** 3;
    const kr = 89.92 / f.sitting_height!;
    const sRe = f.ap_chest! + f.transverse_chest! + corr(f.waist!, f.abdominal!);
    const residual = (((sRe * kr - 109.35) / 7.08) * 1.24 + 6.1) / kr ** 3;
    expect(isak.kerr.skin_kg).toBeCloseTo(skin, 9);
    expect(isak.kerr.adipose_kg).toBeCloseTo(adipose, 9);
    expect(isak.kerr.muscle_kg).toBeCloseTo(muscle, 9);
    expect(isak.kerr.bone_kg).toBeCloseTo(bone, 9);
    expect(isak.kerr.residual_kg).toBeCloseTo(residual, 9);
    const total = skin + adipose + muscle + bone + residual;
    expect(isak.kerr.sum_five_kg).toBeCloseTo(total, 9);
    expect(isak.kerr.difference_kg).toBeCloseTo(total - w, 9);
    expect(isak.kerr.difference_pct).toBeCloseTo(((total - w) / w) * 100, 9);
  });

  it('asks for a third measurement at the site, and reports missing sites where the professional types them', async () => {
    const { owner, client } = await professionalWithClient('Masculino', '2005-07-01');
    const before = await ctx.db
      .selectFrom('evaluations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // Triceps 10.0 vs 10.6: 5.8 % apart (> 5 %), two readings only. No waist.
    const { waist: _waist, ...noWaist } = SUBJECT_573;
    const res = await post(
      '/web/ingresaevaluacion',
      owner.headers,
      isakBody(client.id, owner, { ...noWaist, triceps: [10.0, 10.6] }, { fecha: '2025-12-01' }),
      'en',
    );
    expect(res.statusCode).toBe(422);
    const message = res.json().error.message as Record<string, string[]>;
    expect(Object.keys(message).sort()).toEqual(['isak.sites.triceps', 'isak.sites.waist']);
    expect(message['isak.sites.triceps']![0]).toMatch(/third/);
    const after = await ctx.db
      .selectFrom('evaluations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Exactly 5 % apart (10.0 vs 10.5 is 4.88 %; 9.75 vs 10.25 is exactly 5 % of their mean): no third.
    const ok = await post(
      '/web/ingresaevaluacion',
      owner.headers,
      isakBody(client.id, owner, { ...SUBJECT_573, triceps: [9.75, 10.25] }, { fecha: '2025-12-01' }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a site out of range, an unknown site and a fourth measurement, with nothing stored', async () => {
    const { owner, client } = await professionalWithClient('Masculino', '2005-07-01');
    const cases: Array<[Record<string, number[]>, string]> = [
      [{ ...SUBJECT_573, triceps: [0.5, 0.5] }, 'isak.sites.triceps.0'],
      [{ ...SUBJECT_573, nose: [1, 1] }, 'isak.sites'],
      [{ ...SUBJECT_573, femur: [9.75, 9.75, 9.75, 9.75] }, 'isak.sites.femur'],
    ];
    for (const [sites, path] of cases) {
      const res = await post('/web/ingresaevaluacion', owner.headers, isakBody(client.id, owner, sites));
      expect(res.statusCode, JSON.stringify(sites)).toBe(422);
      expect(Object.keys(res.json().error.message)).toContain(path);
    }
  });

  it("gives the professional its own TEM per month, and nobody else's", async () => {
    const { owner, client } = await professionalWithClient('Masculino', '2005-07-01');
    const body = isakBody(client.id, owner, SUBJECT_573, { fecha: ctx.clock.now().toISOString().slice(0, 10) });
    expect((await post('/web/ingresaevaluacion', owner.headers, body)).statusCode).toBe(200);
    const res = await get('/web/isak/tem', owner.headers);
    expect(res.statusCode).toBe(200);
    const { months, limits } = res.json().data;
    expect(limits.level1).toEqual({ skinfolds: 7.5, others: 1.5 });
    expect(months).toHaveLength(1);
    // Skinfolds: pooled within-site SD over the four skinfold sites, 2 readings each: sqrt(Σd²/2n).
    const sf = [SUBJECT_573.triceps, SUBJECT_573.subscapular, SUBJECT_573.supraspinale, SUBJECT_573.medial_calf];
    const tem = Math.sqrt(sf.reduce((a, [m1, m2]) => a + (m1! - m2!) ** 2, 0) / (2 * sf.length));
    expect(months[0].skinfolds.absolute).toBeCloseTo(tem, 9);
    expect(months[0].skinfolds.relative_pct).toBeCloseTo((100 * tem) / mean(sf.flat()), 9);
    const stranger = await loggedIn(ctx, {});
    expect((await get('/web/isak/tem', stranger.headers)).json().data.months).toEqual([]);
  });
});
