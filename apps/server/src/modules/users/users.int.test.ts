import { USER_TYPE, ErrorCode } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshIp, insertUser, login, mailedToken, registrationBody } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(); // fake clock: 2026-03-01
});
afterAll(() => ctx?.close());

async function registerVerifiedLink(email: string) {
  const token = await mailedToken(ctx, email, '/pages/verify-email');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/web/confirmaregistro',
    payload: { token },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>();
}

const register = (body: object, lang = 'es') =>
  ctx.app.inject({
    method: 'POST',
    url: '/web/creacuenta',
    payload: body,
    headers: { 'accept-language': lang },
    remoteAddress: freshIp(),
  });
const countryId = async (iso2: string) =>
  (await ctx.db.selectFrom('countries').select('id').where('iso2', '=', iso2).executeTakeFirstOrThrow()).id;
/** The account a registration made once its work after the answer is done. */
const registeredRow = async (email: string) => {
  await ctx.mailer.idle();
  return ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
};

describe('POST /web/creacuenta', () => {
  it('creates an unverified professional with SIGNUP_CREDITS (10); the mailed link verifies it and signs in', async () => {
    const body = registrationBody();
    const res = await register(body, 'en');
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(`Check your inbox: we sent a message to ${body.email} to continue.`);
    expect(res.json()).not.toHaveProperty('token');
    const row = await registeredRow(body.email);
    expect(row).toMatchObject({
      type: 1,
      cambia_pass: 0,
      creditos: 10,
      account_level: 'basic',
      registration_variant: 'register',
      email_verified_at: null,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.terms_accepted_at).toEqual(ctx.clock.now());
    expect(
      await ctx.db
        .selectFrom('credit_ledger')
        .select(['actor_id', 'from_user_id', 'to_user_id', 'amount', 'note'])
        .where('to_user_id', '=', row.id)
        .execute(),
    ).toEqual([{ actor_id: null, from_user_id: null, to_user_id: row.id, amount: 10, note: 'signup' }]);
    const mails = ctx.mailer.sent.filter((m) => m.to === body.email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirma tu correo para empezar a usar Medida']);

    // The link is the sign-in: no second login (issue 15).
    const { token } = await registerVerifiedLink(body.email);
    const me = await ctx.app.inject({ method: 'GET', url: '/web/authenticate/user', headers: bearer(token) });
    expect(me.json()).toEqual({
      user: {
        id: row.id,
        type: 1,
        cambia_pass: 0,
        email_verified: true,
        second_factor_required: false,
        operator: false,
      },
    });
    const summary = await ctx.app.inject({ method: 'GET', url: '/web/creditos', headers: bearer(token) });
    expect(summary.json()).toEqual({
      creditos: 10,
      evaluation_cost: 1,
      ask: { kind: 'operator', email: 'soporte@medida.app' },
    });
    await login(ctx.app, body);
  });

  it('accepts age 13 and rejects age 12 with a field error on nacimiento', async () => {
    expect((await register(registrationBody({ nacimiento: '2013-03-01' }))).statusCode).toBe(202);
    const young = await register(registrationBody({ nacimiento: '2013-03-02' }), 'en');
    expect(young.statusCode).toBe(422);
    expect(young.json()).toEqual({
      error: {
        code: ErrorCode.validation,
        key: 'errors.validation',
        message: { nacimiento: ['Age must be at least 13 years.'] },
      },
    });
  });

  it('accepts age 100 and rejects 101', async () => {
    expect((await register(registrationBody({ nacimiento: '1926-03-01' }))).statusCode).toBe(202);
    expect((await register(registrationBody({ nacimiento: '1925-02-28' }))).statusCode).toBe(422);
  });

  it('requires the terms to be accepted', async () => {
    const res = await register({ ...registrationBody(), terms_accepted: false }, 'pt');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toEqual({ terms_accepted: ['Você deve aceitar os termos e condições.'] });
  });

  it('applies the variant presets on the server: register-br (pt, Brazil), register-pacific (forced es, Chile, partner)', async () => {
    const br = registrationBody({ variant: 'register-br', lang: 'pt' });
    await register(br);
    expect(await registeredRow(br.email)).toMatchObject({
      lang: 'pt',
      pais_id: await countryId('BR'),
      registration_variant: 'register-br',
    });

    const pacific = registrationBody({ variant: 'register-pacific', lang: 'en' });
    await register(pacific);
    expect(await registeredRow(pacific.email)).toMatchObject({
      lang: 'es',
      pais_id: await countryId('CL'),
      account_level: 'partner',
    });

    const trainer = registrationBody({ variant: 'register-trainer' });
    await register(trainer);
    expect(await registeredRow(trainer.email)).toMatchObject({ especialidad: 'Entrenador' });
  });

  it('gives an unknown register-<partner> the generic presets (never a partner level)', async () => {
    const body = registrationBody({ variant: 'register-acme' });
    expect((await register(body)).statusCode).toBe(202);
    expect(await registeredRow(body.email)).toMatchObject({
      account_level: 'basic',
      registration_variant: 'register-acme',
    });
  });

  it('maps every invalid field to its own message, and refuses fields it does not know (no mass assignment)', async () => {
    const res = await register(
      { ...registrationBody({ email: 'nope', password: 'short' }), creditos: 1000, account_level: 'partner' },
      'en',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toEqual({
      email: ['Enter a valid e-mail address.'],
      password: ['The password must have at least 8 characters.'],
      creditos: ['This field is not allowed.'],
      account_level: ['This field is not allowed.'],
    });
  });

  it('rejects an unknown country id', async () => {
    const res = await register(registrationBody({ pais_id: 999_999 }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.message)).toEqual(['pais_id']);
  });
});

describe('GET /web/datosusuario', () => {
  const datos = (token: string, id: number | string) =>
    ctx.app.inject({ method: 'GET', url: `/web/datosusuario?id_usuario=${id}`, headers: bearer(token) });

  it("returns one's own profile with the country name and account level", async () => {
    const me = await insertUser(ctx, { pais_id: await countryId('CL'), account_level: 'professional', creditos: 7 });
    const res = await datos(await login(ctx.app, me), me.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      pais: 'Chile',
      account_level: 'professional',
      datos: { id_usuario: me.id, email: me.email, creditos: 7, img_url: '' },
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|token/i);
  });

  it('lets a parent read the users below it (any depth), and nobody else', async () => {
    const parent = await insertUser(ctx);
    const child = await insertUser(ctx, { parent_user_id: parent.id, type: USER_TYPE.client });
    const grandchild = await insertUser(ctx, { parent_user_id: child.id, type: USER_TYPE.client });
    const sibling = await insertUser(ctx, { parent_user_id: parent.id });
    const stranger = await insertUser(ctx);
    const parentToken = await login(ctx.app, parent);
    const childToken = await login(ctx.app, child);

    expect((await datos(parentToken, child.id)).statusCode).toBe(200);
    expect((await datos(parentToken, grandchild.id)).statusCode).toBe(200);
    for (const [token, id] of [
      [childToken, parent.id],
      [childToken, sibling.id],
      [parentToken, stranger.id],
      [childToken, stranger.id],
      [parentToken, 987_654_321],
    ] as const) {
      const res = await datos(token, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: ErrorCode.notFound } });
    }
  });

  it('validates id_usuario (422) and rejects repeated parameters', async () => {
    const me = await insertUser(ctx);
    const token = await login(ctx.app, me);
    expect((await datos(token, 'abc')).statusCode).toBe(422);
    expect((await datos(token, -1)).statusCode).toBe(422);
    const repeated = await ctx.app.inject({
      method: 'GET',
      url: `/web/datosusuario?id_usuario=${me.id}&id_usuario=${me.id}`,
      headers: bearer(token),
    });
    expect(repeated.statusCode).toBe(422);
  });
});
