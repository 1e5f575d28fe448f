import { createHash } from 'node:crypto';
import { CONSENT_TEXTS, CONSENT_TEXT_VERSION, ErrorCode, type Consent } from '@medida/contracts';
import { sql } from '@medida/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chileIds, clientBody, createUser, twoTenants, type ChileIds } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';

let ctx: TestContext;
let ids: ChileIds;
beforeAll(async () => {
  ctx = await createTestApp();
  ids = await chileIds(ctx.db);
});
afterAll(() => ctx?.close());

const consentOf = async (headers: object, clientId: number) =>
  ctx.app.inject({ method: 'GET', url: `/web/clients/${clientId}/consent`, headers: { ...headers } });
const withdraw = (headers: object, clientId: number) =>
  ctx.app.inject({ method: 'POST', url: `/web/clients/${clientId}/consent/withdraw`, headers: { ...headers } });
const record = (headers: object, clientId: number, lang = 'pt') =>
  ctx.app.inject({
    method: 'POST',
    url: `/web/clients/${clientId}/consent`,
    headers: { ...headers },
    payload: { consent_method: 'verbal', consent_version: CONSENT_TEXT_VERSION, consent_lang: lang },
  });
const rowsOf = (clientId: number) =>
  ctx.db.selectFrom('client_consents').selectAll().where('client_id', '=', clientId).execute();

describe('consent on client creation', () => {
  it('refuses a client without consent with a translated field error, and stores nothing', async () => {
    const { owner } = await twoTenants(ctx);
    const body = clientBody(ids, owner.id);
    const { consent_method: _m, consent_version: _v, consent_lang: _l, ...withoutConsent } = body;
    for (const [lang, text] of [
      ['en', "Record the client's consent to store health data (how it was given)."],
      ['es', 'Registra el consentimiento del cliente para guardar datos de salud (cómo lo dio).'],
      ['pt', 'Registre o consentimento do cliente para guardar dados de saúde (como foi dado).'],
    ] as const) {
      const res = await createUser(ctx.app, { ...owner.headers, 'accept-language': lang }, withoutConsent);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message.consent_method).toEqual([text]);
    }
    const stale = await createUser(
      ctx.app,
      { ...owner.headers, 'accept-language': 'en' },
      {
        ...body,
        consent_version: '2020-01',
      },
    );
    expect(stale.statusCode).toBe(422);
    expect(stale.json().error.message.consent_version[0]).toMatch(/consent text has changed/);
    const stored = await ctx.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
    expect(stored).toEqual([]);
  });

  it('stores the consent with the text version, the hash of the text shown, language, method and date', async () => {
    const { owner } = await twoTenants(ctx);
    const res = await createUser(ctx.app, owner.headers, clientBody(ids, owner.id, { consent_lang: 'en' }));
    expect(res.statusCode).toBe(200);
    const clientId = res.json().data.id as number;
    const [row] = await rowsOf(clientId);
    expect(row).toMatchObject({
      purpose: 'health_data',
      text_version: CONSENT_TEXT_VERSION,
      text_sha256: createHash('sha256').update(CONSENT_TEXTS.en).digest('hex'),
      lang: 'en',
      method: 'written',
      given_at: ctx.clock.now(),
      recorded_by: owner.id,
      withdrawn_at: null,
    });
    const read = await consentOf(owner.headers, clientId);
    expect(read.json<{ consent: Consent }>().consent).toMatchObject({ method: 'written', withdrawn_at: null });
  });
});

describe('seeing and withdrawing consent', () => {
  it('the client sees its consent and withdraws it; the record is then read-only and marked', async () => {
    const f = await twoTenants(ctx);
    expect((await consentOf(f.owner.headers, f.client.id)).json()).toEqual({ consent: null });
    expect((await record(f.owner.headers, f.client.id)).statusCode).toBe(200);
    expect((await record(f.owner.headers, f.client.id)).statusCode).toBe(409);

    const seen = await consentOf(f.client.headers, f.client.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().consent).toMatchObject({ lang: 'pt', method: 'verbal', withdrawn_at: null });

    const evaluation = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers: f.owner.headers,
      payload: evaluationBody(f.client.id, f.owner.id),
    });
    expect(evaluation.statusCode).toBe(200);
    const evaluationId = evaluation.json().evaluacion.id as number;

    const withdrawn = await withdraw(f.client.headers, f.client.id);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().consent.withdrawn_at).toBe(ctx.clock.now().toISOString());
    expect((await withdraw(f.client.headers, f.client.id)).statusCode).toBe(409);

    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers: { ...f.owner.headers, 'accept-language': 'en' },
      payload: evaluationBody(f.client.id, f.owner.id),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: ErrorCode.conflict, key: 'errors.consentWithdrawn' });
    expect(refused.json().error.message).toMatch(/withdrew consent/);
    const editEval = await ctx.app.inject({
      method: 'POST',
      url: '/web/editEvaluation',
      headers: f.owner.headers,
      payload: { ...evaluationBody(f.client.id, f.owner.id), evaluationID: evaluationId },
    });
    expect(editEval.statusCode).toBe(409);
    const mail = await ctx.app.inject({
      method: 'POST',
      url: '/web/enviarevalua',
      headers: f.owner.headers,
      payload: { evaluationID: evaluationId },
    });
    expect(mail.statusCode).toBe(409);
    const edit = await ctx.app.inject({
      method: 'POST',
      url: '/web/editaperfil',
      headers: f.owner.headers,
      payload: { ...clientBody(ids, f.owner.id), id_usuario: f.client.id, type: undefined },
    });
    expect(edit.statusCode).toBe(409);
    // Still readable: the record and its evaluation.
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/web/getevaluacion?evaluationID=${evaluationId}`,
      headers: f.owner.headers,
    });
    expect(read.statusCode).toBe(200);
    expect((await consentOf(f.owner.headers, f.client.id)).json().consent.withdrawn_at).not.toBeNull();
    const count = await ctx.db.selectFrom('evaluations').select('id').where('client_id', '=', f.client.id).execute();
    expect(count).toHaveLength(1);
  });

  it('another account gets 404 and changes nothing; a client cannot record consent for itself', async () => {
    const f = await twoTenants(ctx);
    await record(f.owner.headers, f.client.id);
    for (const res of [
      await consentOf(f.other.headers, f.client.id),
      await withdraw(f.other.headers, f.client.id),
      await record(f.other.headers, f.otherClient.id === f.client.id ? 0 : f.client.id),
      await consentOf(f.client.headers, f.otherClient.id),
    ])
      expect(res.statusCode).toBe(404);
    expect((await record(f.client.headers, f.client.id)).statusCode).toBe(403);
    expect((await rowsOf(f.client.id)).map((r) => r.withdrawn_at)).toEqual([null]);
  });

  it('consent rows cannot be rewritten or deleted, and a withdrawal is final', async () => {
    const f = await twoTenants(ctx);
    await record(f.owner.headers, f.client.id);
    await expect(
      sql`UPDATE client_consents SET method = 'written' WHERE client_id = ${f.client.id}`.execute(ctx.db),
    ).rejects.toThrow(/only be withdrawn/);
    await expect(sql`DELETE FROM client_consents WHERE client_id = ${f.client.id}`.execute(ctx.db)).rejects.toThrow(
      /kept/,
    );
    await withdraw(f.client.headers, f.client.id);
    await expect(
      sql`UPDATE client_consents SET withdrawn_at = NULL, withdrawn_by = NULL WHERE client_id = ${f.client.id}`.execute(
        ctx.db,
      ),
    ).rejects.toThrow(/only be withdrawn/);
  });
});
