import { USER_TYPE } from '@medida/contracts';
import {
  ENGINE_VERSION,
  I18N_DEFAULTS,
  computeEvaluation,
  evaluationInputSchema,
  storedResultJson,
  withEquationTexts,
} from '@medida/domain';
import { sql } from '@medida/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.ts';
import { twoTenants, validRut } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody, fourSkinfoldBody } from '../../test/evaluation-factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type Tenants = Awaited<ReturnType<typeof twoTenants>>;
const post = (url: string, headers: object, payload: unknown, lang = 'es') =>
  ctx.app.inject({ method: 'POST', url, headers: { ...headers, 'accept-language': lang }, payload: payload as object });
const get = (url: string, headers: object, lang = 'es') =>
  ctx.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': lang } });
const create = (t: Tenants, overrides: Record<string, unknown> = {}) =>
  post('/web/ingresaevaluacion', t.owner.headers, evaluationBody(t.client.id, t.owner.id, overrides));

async function counts() {
  const n = async (table: 'evaluations' | 'evaluation_versions' | 'credit_ledger') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    evaluations: await n('evaluations'),
    versions: await n('evaluation_versions'),
    ledger: await n('credit_ledger'),
  };
}
const creditsOf = async (id: number) =>
  (await ctx.db.selectFrom('users').select('creditos').where('id', '=', id).executeTakeFirstOrThrow()).creditos;

describe('POST /web/ingresaevaluacion', () => {
  it('creates the evaluation, recomputes the results with the engine and stores them with its version', async () => {
    const t = await twoTenants(ctx);
    // A forged result and a forged sex/birth date: the server ignores all three.
    const res = await create(t, { results: { bmi: { value: 1 } }, sexo: 'Masculino', nacimiento: '1950-01-01' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: 'Se ha creado correctamente la evaluación',
      evaluacion: {
        id: expect.any(Number),
        version: 1,
        evaluation_type: 1,
        fecha: '2026-02-20',
        engine_version: ENGINE_VERSION,
      },
      creditos: 99,
    });
    const v = await ctx.db
      .selectFrom('evaluation_versions')
      .selectAll()
      .where('evaluation_id', '=', body.evaluacion.id)
      .executeTakeFirstOrThrow();
    const expected = computeEvaluation(
      evaluationInputSchema.parse({
        ...evaluationBody(0, 0),
        id_evaluado: undefined,
        id_evaluador: undefined,
        sexo: 'Femenino',
        nacimiento: '1990-05-17',
        locale: 'es-CL',
      }),
    );
    // Stored with known equations by id (decision 253), read back whole.
    expect(v.results).toEqual(JSON.parse(storedResultJson(expected)));
    expect(JSON.stringify(v.results)).not.toContain('"citation"');
    expect(withEquationTexts(v.results)).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(v.engine_version).toBe(expected.engine_version);
    expect(v.inputs).toMatchObject({ sexo: 'Femenino', nacimiento: '1990-05-17', fecha: '2026-02-20' });
    expect(v.inputs).not.toHaveProperty('results');
    expect(v.created_by).toBe(t.owner.id);
  });

  it("picks the food guide from the client's country, not the language (issue 14)", async () => {
    const t = await twoTenants(ctx);
    const guide = async () => {
      const id = (await create(t, { locale: undefined })).json().evaluacion.id as number;
      const row = await ctx.db
        .selectFrom('evaluation_versions')
        .select('results')
        .where('evaluation_id', '=', id)
        .executeTakeFirstOrThrow();
      return (row.results as { food_guide: { system: string } }).food_guide.system;
    };
    await ctx.db.updateTable('users').set({ lang: 'en' }).where('id', '=', t.client.id).execute();
    expect(await guide()).toBe('chile_ley_20606');
    const brazil = await ctx.db.selectFrom('countries').select('id').where('iso2', '=', 'BR').executeTakeFirstOrThrow();
    await ctx.db.updateTable('users').set({ lang: 'es', pais_id: brazil.id }).where('id', '=', t.client.id).execute();
    // Brazil's own front-of-pack "ALTO EM" (issue 30 item 12, decision 187), in Spanish too.
    expect(await guide()).toBe('brazil_rdc_429');
    const us = await ctx.db.selectFrom('countries').select('id').where('iso2', '=', 'US').executeTakeFirstOrThrow();
    await ctx.db.updateTable('users').set({ lang: 'es', pais_id: us.id }).where('id', '=', t.client.id).execute();
    expect(await guide()).toBe('us_fda_daily_value');
  });

  it('defaults the evaluation date to today and refuses a future one', async () => {
    const t = await twoTenants(ctx);
    const res = await create(t, { fecha: undefined });
    expect(res.json().evaluacion.fecha).toBe('2026-03-01');
    const future = await create(t, { fecha: '2026-03-02' });
    expect(future.statusCode).toBe(422);
    expect(future.json().error.message).toEqual({ fecha: ['La fecha de evaluación no puede ser futura'] });
  });

  it('accepts a four-skinfold evaluation with Rockport and exams', async () => {
    const t = await twoTenants(ctx);
    const res = await post('/web/ingresaevaluacion', t.owner.headers, fourSkinfoldBody(t.client.id, t.owner.id));
    expect(res.statusCode).toBe(200);
    const detail = (await get(`/web/getevaluacion?evaluationID=${res.json().evaluacion.id}`, t.owner.headers)).json()
      .data;
    expect(detail.results.rockport.vo2max).toBeGreaterThan(0);
    expect(detail.results.exams).toHaveLength(2);
  });

  it.each([
    ['es', { peso: ['Ingresa un número'], presion_d: ['El valor está fuera del rango plausible'] }],
    ['en', { peso: ['Enter a number'], presion_d: ['The value is outside the plausible range'] }],
    ['pt', { peso: ['Digite um número'], presion_d: ['O valor está fora da faixa plausível'] }],
  ])('answers 422 with every field error translated (%s) and writes nothing', async (lang, expected) => {
    const t = await twoTenants(ctx);
    const before = await counts();
    const res = await post(
      '/web/ingresaevaluacion',
      t.owner.headers,
      { ...evaluationBody(t.client.id, t.owner.id, { presion_d: 300 }), peso: 'mucho' },
      lang,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { code: 'validation_failed', key: 'errors.validation', message: expected } });
    expect(await counts()).toEqual(before);
    expect(await creditsOf(t.owner.id)).toBe(100);
  });

  it('reports missing type-specific fields, Rockport all-or-none and nested exam paths', async () => {
    const t = await twoTenants(ctx);
    const res = await post(
      '/web/ingresaevaluacion',
      t.owner.headers,
      evaluationBody(t.client.id, t.owner.id, {
        evaluation_type: 4,
        rockport: { minutes: 12 },
        clinical_data: { temperatura: 36.5, exams: [{ name: 'hdl', value: 9999, status: true }] },
      }),
      'en',
    );
    expect(res.statusCode).toBe(422);
    const message = res.json().error.message;
    expect(message.triceps).toEqual([I18N_DEFAULTS['evaluation.errors.required'].en]);
    expect(message['rockport.bpm']).toEqual([I18N_DEFAULTS['evaluation.errors.rockportIncomplete'].en]);
    expect(message['clinical_data.exams.0.value']).toEqual([I18N_DEFAULTS['evaluation.errors.range'].en]);
  });

  it.each([
    ['a non-object body', [1, 2, 3]],
    ['an empty object', {}],
    ['garbage types everywhere', { id_evaluado: 'x', id_evaluador: {}, evaluation_type: 'bio' }],
  ])('never answers 5xx for %s', async (_name, payload) => {
    const t = await twoTenants(ctx);
    const res = await post('/web/ingresaevaluacion', t.owner.headers, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it('refuses a client under 13 with the spec message (es, en)', async () => {
    const t = await twoTenants(ctx);
    const kid = await insertUser(ctx, {
      type: USER_TYPE.client,
      parent_user_id: t.owner.id,
      nacimiento: '2015-06-01',
      rut: validRut(),
    });
    const es = await post('/web/ingresaevaluacion', t.owner.headers, evaluationBody(kid.id, t.owner.id));
    expect(es.statusCode).toBe(422);
    expect(es.json().error.message.nacimiento).toEqual([
      'La persona evaluada tiene menos de 13 años: verifica su fecha de nacimiento y pídele que actualice sus datos antes de continuar.',
    ]);
    const en = await post('/web/ingresaevaluacion', t.owner.headers, evaluationBody(kid.id, t.owner.id), 'en');
    expect(en.json().error.message.nacimiento).toEqual([
      'The selected user is under 13 years old, please correct it before continuing with the evaluation.',
    ]);
  });

  it('needs id_evaluado to be a client in the tree (404) and id_evaluador to be the session user (403)', async () => {
    const t = await twoTenants(ctx);
    const before = await counts();
    expect(
      (await post('/web/ingresaevaluacion', t.owner.headers, evaluationBody(t.otherClient.id, t.owner.id))).statusCode,
    ).toBe(404);
    expect(
      (await post('/web/ingresaevaluacion', t.owner.headers, evaluationBody(t.colleague.id, t.owner.id))).statusCode,
    ).toBe(404);
    expect((await post('/web/ingresaevaluacion', t.owner.headers, evaluationBody(999999, t.owner.id))).statusCode).toBe(
      404,
    );
    expect(
      (await post('/web/ingresaevaluacion', t.owner.headers, evaluationBody(t.client.id, t.other.id))).statusCode,
    ).toBe(403);
    const missing = await post('/web/ingresaevaluacion', t.owner.headers, {
      ...evaluationBody(t.client.id, t.owner.id),
      id_evaluado: undefined,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.message).toEqual({ id_evaluado: ['Este campo es obligatorio'] });
    expect(await counts()).toEqual(before);
  });
});

describe('credits', () => {
  it('charges one credit per evaluation in the ledger, and refuses with a translated error when they run out', async () => {
    const t = await twoTenants(ctx);
    await ctx.db.updateTable('users').set({ creditos: 2 }).where('id', '=', t.owner.id).execute();
    const first = await create(t);
    expect(first.json().creditos).toBe(1);
    expect((await create(t)).json().creditos).toBe(0);
    const charges = await ctx.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('from_user_id', '=', t.owner.id)
      .orderBy('id')
      .execute();
    expect(charges).toHaveLength(2);
    expect(charges[0]).toMatchObject({
      actor_id: t.owner.id,
      to_user_id: null,
      amount: 1,
      evaluation_id: first.json().evaluacion.id,
    });

    const before = await counts();
    const broke = await post('/web/ingresaevaluacion', t.owner.headers, evaluationBody(t.client.id, t.owner.id), 'en');
    expect(broke.statusCode).toBe(409);
    expect(broke.json().error).toEqual({
      code: 'conflict',
      key: 'errors.insufficientCreditsEvaluation',
      message: 'You do not have enough credits to create this evaluation.',
    });
    expect(await counts()).toEqual(before);
    expect(await creditsOf(t.owner.id)).toBe(0);
  });

  it('edits are free', async () => {
    const t = await twoTenants(ctx);
    const id = (await create(t)).json().evaluacion.id;
    const res = await post('/web/editEvaluation', t.owner.headers, {
      ...evaluationBody(t.client.id, t.owner.id),
      evaluationID: id,
    });
    expect(res.json().creditos).toBe(99);
    expect(await creditsOf(t.owner.id)).toBe(99);
  });

  it('EVALUATION_CREDIT_COST=0 turns charging off; a higher cost is charged whole or not at all', async () => {
    const free = await createTestApp({ EVALUATION_CREDIT_COST: '0' });
    const dear = await createTestApp({ EVALUATION_CREDIT_COST: '5' });
    try {
      for (const [app, expected] of [
        [free, [200, 3]],
        [dear, [409, 3]],
      ] as const) {
        const t = await twoTenants(app);
        await app.db.updateTable('users').set({ creditos: 3 }).where('id', '=', t.owner.id).execute();
        const res = await app.app.inject({
          method: 'POST',
          url: '/web/ingresaevaluacion',
          headers: t.owner.headers,
          payload: evaluationBody(t.client.id, t.owner.id),
        });
        expect(res.statusCode).toBe(expected[0]);
        const row = await app.db
          .selectFrom('users')
          .select('creditos')
          .where('id', '=', t.owner.id)
          .executeTakeFirstOrThrow();
        expect(row.creditos).toBe(expected[1]);
      }
    } finally {
      await free.close();
      await dear.close();
    }
  });

  it('two concurrent creations with one credit left: exactly one succeeds', async () => {
    const t = await twoTenants(ctx);
    await ctx.db.updateTable('users').set({ creditos: 1 }).where('id', '=', t.owner.id).execute();
    const results = await Promise.all([create(t), create(t)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await creditsOf(t.owner.id)).toBe(0);
  });
});

describe('POST /web/editEvaluation and versions', () => {
  it('adds version n+1; the earlier version stays readable', async () => {
    const t = await twoTenants(ctx);
    const id = (await create(t)).json().evaluacion.id;
    const res = await post('/web/editEvaluation', t.owner.headers, {
      ...evaluationBody(t.client.id, t.owner.id, { peso: 70 }),
      evaluationID: id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().evaluacion).toMatchObject({ id, version: 2 });
    const latest = (await get(`/web/getevaluacion?evaluationID=${id}`, t.owner.headers)).json().data;
    expect(latest).toMatchObject({ version: 2, current_version: 2, can_edit: true, inputs: { peso: 70 } });
    expect(latest.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    // Read in the same statement as the evaluation (as JSON): the same instants and authors as the stored rows.
    const stored = await ctx.db
      .selectFrom('evaluation_versions as v')
      .innerJoin('users as u', 'u.id', 'v.created_by')
      .select(['v.version', 'v.created_at', 'v.engine_version', 'v.created_by', 'u.nombre', 'u.apellido'])
      .where('v.evaluation_id', '=', id)
      .orderBy('v.version')
      .execute();
    expect(latest.versions).toEqual(
      stored.map((v) => ({
        version: v.version,
        created_at: v.created_at.toISOString(),
        engine_version: v.engine_version,
        created_by: { id: v.created_by, nombre: v.nombre, apellido: v.apellido },
      })),
    );
    expect(stored.every((v) => v.created_by === t.owner.id)).toBe(true);
    const old = (await get(`/web/getevaluacion?evaluationID=${id}&version=1`, t.owner.headers)).json().data;
    expect(old).toMatchObject({ version: 1, current_version: 2, can_edit: false, inputs: { peso: 72.5 } });
    expect((await get(`/web/getevaluacion?evaluationID=${id}&version=3`, t.owner.headers)).statusCode).toBe(404);
  });

  it('a stored version cannot be changed or deleted, even by SQL', async () => {
    const t = await twoTenants(ctx);
    const id = (await create(t)).json().evaluacion.id;
    await expect(
      ctx.db.updateTable('evaluation_versions').set({ engine_version: 'x' }).where('evaluation_id', '=', id).execute(),
    ).rejects.toThrow(/immutable/);
    await expect(ctx.db.deleteFrom('evaluation_versions').where('evaluation_id', '=', id).execute()).rejects.toThrow(
      /immutable/,
    );
  });

  it('validates like create (422, nothing written), and refuses foreign or unknown evaluations (404) and a changed client (422)', async () => {
    const t = await twoTenants(ctx);
    const id = (await create(t)).json().evaluacion.id;
    const before = await counts();
    const bad = await post(
      '/web/editEvaluation',
      t.owner.headers,
      { ...evaluationBody(t.client.id, t.owner.id, { estatura: 20 }), evaluationID: id },
      'pt',
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message.estatura).toEqual(['O valor está fora da faixa plausível']);
    expect(
      (
        await post('/web/editEvaluation', t.other.headers, {
          ...evaluationBody(t.client.id, t.other.id),
          evaluationID: id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post('/web/editEvaluation', t.owner.headers, {
          ...evaluationBody(t.client.id, t.owner.id),
          evaluationID: 999999,
        })
      ).statusCode,
    ).toBe(404);
    const moved = await post('/web/editEvaluation', t.owner.headers, {
      ...evaluationBody(t.otherClient.id, t.owner.id),
      evaluationID: id,
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().error.message).toHaveProperty('id_evaluado');
    const noId = await post('/web/editEvaluation', t.owner.headers, evaluationBody(t.client.id, t.owner.id));
    expect(noId.statusCode).toBe(422);
    expect(noId.json().error.message).toHaveProperty('evaluationID');
    expect(await counts()).toEqual(before);
  });
});

describe('GET /web/getevaluacion', () => {
  it('answers { data } with inputs, results, client, evaluator and the client history (oldest first)', async () => {
    const t = await twoTenants(ctx);
    await create(t, { fecha: '2026-01-10', peso: 75 });
    const id = (await create(t, { fecha: '2026-02-20', peso: 72 })).json().evaluacion.id;
    const res = await get(`/web/getevaluacion?evaluationID=${id}`, t.owner.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id,
      evaluation_type: 1,
      fecha: '2026-02-20',
      engine_version: ENGINE_VERSION,
      client: { id: t.client.id, email: t.client.email, sexo: 'Femenino' },
      evaluator: { id: t.owner.id },
      created_by_me: true,
      can_edit: true,
      report_path: `/web/evaluations/${id}/report.pdf`,
    });
    expect(data.results.bmi.value).toBeCloseTo(72 / 1.68 ** 2, 6);
    expect(data.results.bmi.equation.citation).toMatch(/Quetelet/);
    expect(data.history.map((h: { fecha: string; peso: number }) => [h.fecha, h.peso])).toEqual([
      ['2026-01-10', 75],
      ['2026-02-20', 72],
    ]);
  });

  it('history items carry waist_cm (the pcintura input) and vo2max (Rockport), null when absent', async () => {
    const t = await twoTenants(ctx);
    await create(t, { fecha: '2026-01-05', pcintura: 86.5 }); // no Rockport test
    const rockportId = (
      await post(
        '/web/ingresaevaluacion',
        t.owner.headers,
        fourSkinfoldBody(t.client.id, t.owner.id, { fecha: '2026-01-20', pcintura: 82 }),
      )
    ).json().evaluacion.id;
    // A version stored without pcintura (inputs from before the field was required): waist_cm is null.
    const now = ctx.clock.now();
    const legacy = await ctx.db
      .insertInto('evaluations')
      .values({
        client_id: t.client.id,
        evaluator_id: t.owner.id,
        evaluation_type: 1,
        evaluated_on: '2026-02-01',
        current_version: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { pcintura: _dropped, ...legacyInputs } = evaluationBody(t.client.id, t.owner.id, { fecha: '2026-02-01' });
    await ctx.db
      .insertInto('evaluation_versions')
      .values({
        evaluation_id: legacy.id,
        version: 1,
        evaluation_type: 1,
        inputs: JSON.stringify(legacyInputs),
        results: JSON.stringify({ rockport: null }),
        engine_version: '0.9.0',
        created_by: t.owner.id,
        created_at: now,
      })
      .execute();

    const data = (await get(`/web/getevaluacion?evaluationID=${rockportId}`, t.owner.headers)).json().data;
    expect(data.results.rockport.vo2max).toBeGreaterThan(0);
    expect(
      data.history.map((h: { fecha: string; waist_cm: number | null; vo2max: number | null }) => [
        h.fecha,
        h.waist_cm,
        h.vo2max,
      ]),
    ).toEqual([
      ['2026-01-05', 86.5, null],
      ['2026-01-20', 82, data.results.rockport.vo2max],
      ['2026-02-01', null, null],
    ]);
    // The equations behind fat % and muscle mass, so the history compares like with like (decision 151).
    expect(
      data.history.map((h: { body_fat_equation: string | null; muscle_equation: string | null }) => [
        h.body_fat_equation,
        h.muscle_equation,
      ]),
    ).toEqual([
      ['bia_device', expect.any(String)],
      [data.results.body_fat.equation.id, data.results.muscle_mass.equation.id],
      [null, null],
    ]);
    expect(data.history[1].body_fat_equation).not.toBe('bia_device');
  });

  it('a client reads its own evaluation read-only; others get 404; bad ids 422', async () => {
    const t = await twoTenants(ctx);
    const id = (await create(t)).json().evaluacion.id;
    const own = (await get(`/web/getevaluacion?evaluationID=${id}`, t.client.headers)).json().data;
    expect(own).toMatchObject({ id, can_edit: false, created_by_me: false });
    expect((await get(`/web/getevaluacion?evaluationID=${id}`, t.other.headers)).statusCode).toBe(404);
    expect((await get('/web/getevaluacion?evaluationID=abc', t.owner.headers)).statusCode).toBe(422);
    expect((await get('/web/getevaluacion', t.owner.headers)).statusCode).toBe(422);
  });
});

describe('POST /web/eliminaevaluacion', () => {
  it('soft-deletes: gone from reads and the list, versions kept, no refund', async () => {
    const t = await twoTenants(ctx);
    const id = (await create(t)).json().evaluacion.id;
    const res = await post('/web/eliminaevaluacion', t.owner.headers, { evaluationID: id }, 'en');
    expect(res.json()).toEqual({ message: 'The evaluation has been deleted.' });
    expect((await get(`/web/getevaluacion?evaluationID=${id}`, t.owner.headers)).statusCode).toBe(404);
    expect((await get('/web/listaevaluaciones?page=1&limit=10', t.owner.headers)).json().datos_total).toBe(0);
    expect((await post('/web/eliminaevaluacion', t.owner.headers, { evaluationID: id })).statusCode).toBe(404);
    const row = await ctx.db
      .selectFrom('evaluations')
      .select(['deleted_at', 'deleted_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deleted_at: expect.any(Date), deleted_by: t.owner.id });
    expect(
      await ctx.db.selectFrom('evaluation_versions').select('version').where('evaluation_id', '=', id).execute(),
    ).toHaveLength(1);
    expect(await creditsOf(t.owner.id)).toBe(99);
  });

  it('validates the body (422) and hides other tenants (404)', async () => {
    const t = await twoTenants(ctx);
    const id = (await create(t)).json().evaluacion.id;
    expect((await post('/web/eliminaevaluacion', t.owner.headers, {})).statusCode).toBe(422);
    expect((await post('/web/eliminaevaluacion', t.owner.headers, { evaluationID: 'x' })).statusCode).toBe(422);
    expect((await post('/web/eliminaevaluacion', t.owner.headers, { evaluationID: id, extra: 1 })).statusCode).toBe(
      422,
    );
    expect((await post('/web/eliminaevaluacion', t.other.headers, { evaluationID: id })).statusCode).toBe(404);
  });
});

describe('GET /web/listaevaluaciones', () => {
  it('pages newest first with totals, filters by prefix and flags show_company', async () => {
    const t = await twoTenants(ctx);
    const company = await ctx.db
      .insertInto('companies')
      .values({ name: 'Clínica Sur' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const zoe = await insertUser(ctx, {
      type: USER_TYPE.client,
      parent_user_id: t.owner.id,
      nombre: 'Zoë',
      apellido: 'Muñoz',
      email: 'ZOE.munoz@example.cl',
      rut: '12345678K',
      company_id: company.id,
    });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(1000);
      ids.push((await create(t)).json().evaluacion.id);
    }
    ctx.clock.advance(1000);
    const zoeEval = (await post('/web/ingresaevaluacion', t.owner.headers, evaluationBody(zoe.id, t.owner.id))).json()
      .evaluacion.id;

    const page1 = (await get('/web/listaevaluaciones?type=1&page=1&limit=3', t.owner.headers)).json();
    expect(page1.datos_total).toBe(4);
    expect(page1.show_company).toBe(true);
    expect(page1.datos.map((d: { id: number }) => d.id)).toEqual([zoeEval, ids[2], ids[1]]);
    expect(page1.datos[0]).toMatchObject({
      client: {
        id: zoe.id,
        nombre: 'Zoë',
        apellido: 'Muñoz',
        rut: '12345678K',
        company: { id: company.id, name: 'Clínica Sur' },
      },
      evaluator: { id: t.owner.id },
      created_by_me: true,
    });
    const page2 = (await get('/web/listaevaluaciones?page=2&limit=3', t.owner.headers)).json();
    expect(page2.datos.map((d: { id: number }) => d.id)).toEqual([ids[0]]);

    const only = async (query: string) =>
      (await get(`/web/listaevaluaciones?page=1&limit=10&${query}`, t.owner.headers))
        .json()
        .datos.map((d: { id: number }) => d.id);
    expect(await only('filter_nombre=zO')).toEqual([zoeEval]);
    expect(await only('filter_apellido=MUÑ')).toEqual([zoeEval]);
    expect(await only('filter_email=zoe.m')).toEqual([zoeEval]);
    expect(await only('filter_rut=12.345.678-k')).toEqual([zoeEval]);
    expect(await only(`filter_company=${company.id}`)).toEqual([zoeEval]);
    expect(await only('filter_nombre=oë')).toEqual([]); // prefix, not contains
    expect(await only('filter_nombre=%25')).toEqual([]); // LIKE wildcards are literal
    expect(await only('filter_company=')).toHaveLength(4);
  });

  it('is scoped: the client lists its own only, another tenant nothing; show_company false by default', async () => {
    const t = await twoTenants(ctx);
    await create(t);
    const mine = (await get('/web/listaevaluaciones?type=2&page=1&limit=10', t.client.headers)).json();
    expect(mine).toMatchObject({ datos_total: 1, show_company: false });
    expect(mine.datos[0].created_by_me).toBe(false);
    expect((await get('/web/listaevaluaciones?page=1&limit=10', t.other.headers)).json()).toEqual({
      datos: [],
      datos_total: 0,
      datos_total_capped: false,
      next_cursor: null,
      show_company: false,
    });
  });

  it('counts up to 1,000 past the page start ("1,000+"); a cursor continues exactly where offset paging would', async () => {
    const t = await twoTenants(ctx);
    // 1,205 evaluations of the owner's client, some sharing a created_at (the id breaks the tie), one deleted.
    await sql`INSERT INTO evaluations (client_id, evaluator_id, evaluation_type, evaluated_on, created_at, updated_at)
      SELECT ${t.client.id}, ${t.owner.id}, 1, DATE '2026-01-01',
        TIMESTAMPTZ '2026-01-01' + (g / 3) * INTERVAL '1.000001 seconds', now()
      FROM generate_series(1, 1205) g`.execute(ctx.db);
    await sql`UPDATE evaluations SET deleted_at = now(), deleted_by = ${t.owner.id}
      WHERE id = (SELECT max(id) FROM evaluations WHERE client_id = ${t.client.id})`.execute(ctx.db);
    const list = async (query: string, headers = t.owner.headers) =>
      (await get(`/web/listaevaluaciones?limit=50&${query}`, headers)).json();

    const first = await list('page=1');
    expect(first).toMatchObject({ datos_total: 1000, datos_total_capped: true });
    expect(first.next_cursor).toMatch(/^\d+\.\d+$/);
    // Far enough in, the exact remainder is within the cap again.
    expect(await list('page=5')).toMatchObject({ datos_total: 1200, datos_total_capped: true });
    expect(await list('page=6')).toMatchObject({ datos_total: 1204, datos_total_capped: false });

    // Walk every page by cursor and compare with offset paging: same rows, same order, nothing skipped.
    let cursor: string | null = null;
    const seen: number[] = [];
    for (let page = 1; page <= 25; page++) {
      const byCursor = await list(`page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
      const byOffset = await list(`page=${page}`);
      const ids = byCursor.datos.map((d: { id: number }) => d.id);
      expect(ids).toEqual(byOffset.datos.map((d: { id: number }) => d.id));
      expect(byCursor.datos_total).toBe(Math.min(1204, (page - 1) * 50 + 1000));
      expect(byOffset.datos_total).toBe(byCursor.datos_total);
      seen.push(...ids);
      cursor = byCursor.next_cursor;
      if (page === 25) expect(cursor).toBeNull();
    }
    expect(new Set(seen).size).toBe(1204);

    // A cursor never widens the scope: another tenant still sees nothing with the owner's cursor.
    expect(await list(`page=2&cursor=${first.next_cursor}`, t.other.headers)).toMatchObject({
      datos: [],
      next_cursor: null,
    });
    expect((await get('/web/listaevaluaciones?page=2&cursor=1;DROP', t.owner.headers)).statusCode).toBe(422);
  });

  it('id_evaluado narrows to one client of the scope; a client outside it is 404 (like id_usuario); bad ids 422', async () => {
    const t = await twoTenants(ctx);
    const underColleague = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: t.colleague.id });
    const mine = [(await create(t)).json().evaluacion.id, (await create(t)).json().evaluacion.id];
    const theirs = (
      await post('/web/ingresaevaluacion', t.owner.headers, evaluationBody(underColleague.id, t.owner.id))
    ).json().evaluacion.id;
    const foreign = (
      await post('/web/ingresaevaluacion', t.other.headers, evaluationBody(t.otherClient.id, t.other.id))
    ).json().evaluacion.id;
    const list = (query: string, headers = t.owner.headers) =>
      get(`/web/listaevaluaciones?page=1&limit=10&${query}`, headers);
    const ids = async (query: string, headers = t.owner.headers) =>
      (await list(query, headers)).json().datos.map((d: { id: number }) => d.id);

    expect(await ids('')).toHaveLength(3);
    const onlyClient = (await list(`id_evaluado=${t.client.id}`)).json();
    expect(onlyClient.datos_total).toBe(2);
    expect(onlyClient.datos.map((d: { id: number }) => d.id).sort()).toEqual([...mine].sort());
    expect(onlyClient.datos.every((d: { client: { id: number } }) => d.client.id === t.client.id)).toBe(true);
    expect(await ids(`id_evaluado=${underColleague.id}`)).toEqual([theirs]); // a client deeper in the tree
    expect(await ids(`id_evaluado=${t.client.id}&filter_nombre=zzz`)).toEqual([]); // combines with the filters
    expect(await ids(`id_usuario=${t.colleague.id}&id_evaluado=${underColleague.id}`)).toEqual([theirs]);
    expect(await ids(`id_evaluado=${t.client.id}`, t.client.headers)).toEqual(mine.slice().reverse()); // a client: itself

    // Outside the scope: another tenant's client, a client outside the id_usuario sub-tree, a professional, nobody.
    expect((await list(`id_evaluado=${t.otherClient.id}`)).statusCode).toBe(404);
    expect((await list(`id_evaluado=${t.client.id}`, t.other.headers)).statusCode).toBe(404);
    expect((await list(`id_usuario=${t.colleague.id}&id_evaluado=${t.client.id}`)).statusCode).toBe(404);
    expect((await list(`id_evaluado=${underColleague.id}`, t.client.headers)).statusCode).toBe(404);
    expect((await list(`id_evaluado=${t.colleague.id}`)).statusCode).toBe(404);
    expect((await list('id_evaluado=2147483000')).statusCode).toBe(404);
    expect(await ids(`id_evaluado=${t.otherClient.id}`, t.other.headers)).toEqual([foreign]);

    for (const bad of ['abc', '0', '-3', '1.5', '']) {
      const res = await list(`id_evaluado=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(Object.keys(res.json().error.message)).toEqual(['id_evaluado']);
    }
  });

  it('id_usuario narrows to a professional of the network; anyone else is 404; limits are checked', async () => {
    const t = await twoTenants(ctx);
    await create(t);
    expect(
      (await get(`/web/listaevaluaciones?page=1&limit=10&id_usuario=${t.owner.id}`, t.owner.headers)).json()
        .datos_total,
    ).toBe(1);
    expect(
      (await get(`/web/listaevaluaciones?page=1&limit=10&id_usuario=${t.colleague.id}`, t.owner.headers)).json()
        .datos_total,
    ).toBe(0);
    expect(
      (await get(`/web/listaevaluaciones?page=1&limit=10&id_usuario=${t.other.id}`, t.owner.headers)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/web/listaevaluaciones?page=1&limit=10&id_usuario=${t.owner.id}`, t.client.headers)).statusCode,
    ).toBe(404);
    expect((await get('/web/listaevaluaciones?page=0&limit=10', t.owner.headers)).statusCode).toBe(422);
    expect((await get('/web/listaevaluaciones?page=1&limit=101', t.owner.headers)).statusCode).toBe(422);
    expect((await get('/web/listaevaluaciones?page=1&limit=10&filter_x=1', t.owner.headers)).statusCode).toBe(422);
  });
});

describe('GET /web/evaluationListing', () => {
  it("searches the actor's clients (every word must match a field), with age, at most 20", async () => {
    const t = await twoTenants(ctx);
    await insertUser(ctx, {
      type: USER_TYPE.client,
      parent_user_id: t.owner.id,
      nombre: 'Matías',
      apellido: 'Fuentes',
      nacimiento: '2000-03-01',
    });
    for (let i = 0; i < 22; i++)
      await insertUser(ctx, {
        type: USER_TYPE.client,
        parent_user_id: t.colleague.id,
        nombre: `Serie${i}`,
        apellido: 'Lote',
      });
    const res = await get(
      `/web/evaluationListing?type=2&parent_user_id=${t.owner.id}&search=mat%20fuen`,
      t.owner.headers,
    );
    expect(res.json()).toEqual({
      lista: [
        {
          id_usuario: expect.any(Number),
          nombre: 'Matías',
          apellido: 'Fuentes',
          email: expect.any(String),
          rut: null,
          nacimiento: '2000-03-01',
          sexo: 'Femenino',
          age: 26,
        },
      ],
    });
    expect(
      (await get(`/web/evaluationListing?type=2&parent_user_id=${t.owner.id}&search=lote`, t.owner.headers)).json()
        .lista,
    ).toHaveLength(20);
    expect(
      (await get(`/web/evaluationListing?type=2&parent_user_id=${t.colleague.id}`, t.owner.headers)).json().lista,
    ).toHaveLength(20);
    expect(
      (
        await get(
          `/web/evaluationListing?type=2&parent_user_id=${t.owner.id}&search=${encodeURIComponent(t.otherClient.email)}`,
          t.owner.headers,
        )
      ).json().lista,
    ).toEqual([]);
  });

  it('refuses foreign parents (404) and bad queries (422)', async () => {
    const t = await twoTenants(ctx);
    expect((await get(`/web/evaluationListing?type=2&parent_user_id=${t.other.id}`, t.owner.headers)).statusCode).toBe(
      404,
    );
    expect((await get(`/web/evaluationListing?type=1&parent_user_id=${t.owner.id}`, t.owner.headers)).statusCode).toBe(
      422,
    );
    expect((await get('/web/evaluationListing?type=2', t.owner.headers)).statusCode).toBe(422);
  });
});
