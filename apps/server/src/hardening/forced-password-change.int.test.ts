import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertUser, login } from '../test/factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** Issue 10 item 9: with a temporary password (cambia_pass = 1) only the change itself answers. */
describe('forced password change', () => {
  it('answers only authenticate/user, actualizapass and logout until the password is changed (403, translated)', async () => {
    const user = await insertUser(ctx, { cambia_pass: 1, creditos: 10 });
    const headers = bearer(await login(ctx.app, user));
    const get = (url: string, lang = 'es') =>
      ctx.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': lang } });

    const me = await get('/web/authenticate/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.cambia_pass).toBe(1);

    for (const url of ['/web/datosusuario?id_usuario=' + user.id, '/web/listaevaluaciones', '/web/getCompanies']) {
      const res = await get(url, 'en');
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatchObject({
        key: 'errors.passwordChangeRequired',
        message: 'Change your temporary password to continue.',
      });
    }
    expect((await get('/web/listaevaluaciones', 'pt')).json().error.message).toBe(
      'Altere sua senha temporária para continuar.',
    );
    const created = await ctx.app.inject({ method: 'POST', url: '/web/create_user', headers, payload: {} });
    expect(created.statusCode).toBe(403);

    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/web/actualizapass',
      headers,
      payload: { id_usuario: user.id, password: 'a brand new long passphrase 42' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/web/authenticate/user')).json().user.cambia_pass).toBe(0);
    expect((await get('/web/datosusuario?id_usuario=' + user.id)).statusCode).toBe(200);
    expect((await get('/web/listaevaluaciones')).statusCode).toBe(200);
  });

  it('lets such a session log out', async () => {
    const user = await insertUser(ctx, { cambia_pass: 1 });
    const headers = bearer(await login(ctx.app, user));
    const out = await ctx.app.inject({ method: 'POST', url: '/web/logout', headers });
    expect(out.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/web/authenticate/user', headers })).statusCode).toBe(401);
  });
});
