import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshIp, insertUser, login, registrationBody, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * Issue 32 item 4 (decision 205): `medida2026` and `contraseña` were accepted by the running server. Every place
 * a user chooses a password judges it with zxcvbn-ts's dictionaries, the product's words and the user's own name
 * and e-mail, and says why in the user's language.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });
const storedHash = async (id: number) =>
  (await ctx.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
    .password_hash;
const passwordErrors = (res: { statusCode: number; json: () => { error: { message: Record<string, string[]> } } }) => {
  expect(res.statusCode).toBe(422);
  const fields = res.json().error.message;
  expect(Object.keys(fields)).toEqual(['password']);
  return fields.password!;
};

async function resetToken(user: TestUser): Promise<string> {
  expect((await post('/web/reestablecepass', { email: user.email })).statusCode).toBe(200);
  await ctx.mailer.idle();
  const mail = ctx.mailer.sent.filter((m) => m.to === user.email && /#token=/.test(m.text ?? '')).at(-1);
  return /#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')![1]!;
}

describe('guessable passwords refused wherever a password is chosen (issue 32 item 4)', () => {
  it('registration: the findings, a word plus a year and the own name, each with its reason, creating nothing', async () => {
    const cases: [string, 'es' | 'en' | 'pt', string][] = [
      ['medida2026', 'es', 'nombre de este sitio'],
      ['contraseña', 'es', 'demasiado común'],
      ['Contrasena1', 'en', 'common word plus a year or a few digits'],
      ['p4ssw0rd2026', 'pt', 'palavra comum mais um ano'],
      ['Camila1992!', 'es', 'contiene tu nombre o tu correo'],
      ['Rojas2026', 'pt', 'contém seu nome ou seu e-mail'],
      ['Camila-Rojas-2026', 'en', 'contains your name or your e-mail address'],
    ];
    for (const [password, lang, reason] of cases) {
      const body = registrationBody({ password, lang });
      const messages = passwordErrors(await post('/web/creacuenta', body, { 'accept-language': lang }));
      expect(messages.join(' '), password).toContain(reason);
      const created = await ctx.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst();
      expect(created, password).toBe(undefined);
    }
    // A passphrase still registers.
    expect(
      (await post('/web/creacuenta', registrationBody({ password: 'lámpara río naranja siete' }))).statusCode,
    ).toBe(202);
  });

  it('registration: the e-mail’s local part and domain are the user’s words too', async () => {
    const body = registrationBody({ email: 'kinesiologa.valdes@centro-norte.cl', password: 'Valdes.2026' });
    expect(passwordErrors(await post('/web/creacuenta', body, { 'accept-language': 'en' }))[0]).toContain(
      'contains your name or your e-mail address',
    );
    const domain = registrationBody({ email: 'kinesiologa.valdes@centro-norte.cl', password: 'centronorte2026' });
    expect(passwordErrors(await post('/web/creacuenta', domain, { 'accept-language': 'en' }))[0]).toContain(
      'contains your name',
    );
  });

  it('change (and the forced change of a temporary password): refused, the stored hash untouched', async () => {
    const user = await insertUser(ctx, { nombre: 'María', apellido: 'Fernández' });
    const token = await login(ctx.app, user);
    const before = await storedHash(user.id);
    for (const password of ['medida2026', 'contraseña', 'Maria2026!', 'fernandez1990']) {
      const res = await post(
        '/web/actualizapass',
        { id_usuario: user.id, current_password: user.password, password },
        { ...bearer(token), 'accept-language': 'es' },
      );
      expect(passwordErrors(res), password).toHaveLength(1);
    }
    expect(await storedHash(user.id)).toBe(before);

    const forced = await insertUser(ctx, { cambia_pass: 1 });
    const forcedToken = await login(ctx.app, forced);
    const res = await post(
      '/web/actualizapass',
      { id_usuario: forced.id, password: 'medida2026' },
      bearer(forcedToken),
    );
    passwordErrors(res);
    const ok = await post(
      '/web/actualizapass',
      { id_usuario: forced.id, password: 'ventana tortuga mercado' },
      bearer(forcedToken),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('reset: refused with the reason, the link still works for a passphrase', async () => {
    const user = await insertUser(ctx);
    const token = await resetToken(user);
    const localPart = user.email.split('@')[0]!;
    for (const password of ['medida2026', 'contraseña', 'p4ssw0rd2026', `${localPart}2026`]) {
      const res = await post('/web/reestablecepass/confirm', { token, password }, { 'accept-language': 'en' });
      expect(passwordErrors(res), password).toHaveLength(1);
    }
    const ok = await post('/web/reestablecepass/confirm', { token, password: 'ventana tortuga mercado' });
    expect(ok.statusCode).toBe(200);
  });
});
