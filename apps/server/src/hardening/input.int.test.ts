import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chileIds,
  clientBody,
  createUser,
  loggedIn,
  multipartPayload,
  networkBody,
  type Actor,
  type ChileIds,
} from '../test/people-factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let ids: ChileIds;
let owner: Actor;
beforeAll(async () => {
  ctx = await createTestApp();
  ids = await chileIds(ctx.db);
  owner = await loggedIn(ctx, { creditos: 10 });
});
afterAll(() => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: owner.headers });
const countUsers = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('control characters (issue 10 item 6)', () => {
  it('refuses a NUL byte in a JSON field with a translated 422 on that field, storing nothing', async () => {
    const before = await countUsers();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/create_user',
      headers: { ...owner.headers, 'accept-language': 'en' },
      payload: clientBody(ids, owner.id, { nombre: 'Ana\u0000' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toEqual({ nombre: ['This field contains characters that are not allowed.'] });
    expect(await countUsers()).toBe(before);
  });

  it('refuses NUL and other control characters in searches and filters (422, never 500)', async () => {
    const urls = [
      `/web/getMyClients?type=2&parent_user_id=${owner.id}&search=a%00b`,
      `/web/evaluationListing?type=2&parent_user_id=${owner.id}&search=%00`,
      '/web/listaevaluaciones?filter_nombre=%00',
      '/web/listaevaluaciones?filter_email=x%1Fy',
      '/web/listaevaluaciones?filter_rut=%7F',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
    }
  });

  it('refuses a NUL byte in a login e-mail and a multipart text part', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/web/authenticate',
      payload: { email: 'a\u0000@example.com', password: 'x' },
    });
    expect(login.statusCode).toBe(422);
    const form = await multipartPayload({ ...clientBody(ids, owner.id), apellido: 'Pérez\u0000' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/create_user',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.message)).toEqual(['apellido']);
  });

  it('keeps line breaks and tabs, which notes and addresses may hold', async () => {
    const res = await createUser(
      ctx.app,
      owner.headers,
      clientBody(ids, owner.id, { direccion: 'Calle 1\n\tDepto 2' }),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('malformed multipart bodies (issue 10 item 6)', () => {
  // [what, content type, body, status]: busboy skips a part whose header it cannot read (then the form lacks fields).
  const bodies: Array<[string, string, string, number]> = [
    [
      'no boundary',
      'multipart/form-data',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      400,
    ],
    [
      'cut short',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nAn',
      400,
    ],
    [
      'bad part header',
      'multipart/form-data; boundary=x',
      '--x\r\nthis is not a header\r\n\r\nvalue\r\n--x--\r\n',
      422,
    ],
    ['garbage', 'multipart/form-data; boundary=x', '\u0001\u0002\u0003 not multipart at all', 400],
  ];
  for (const [what, contentType, payload, status] of bodies) {
    it(`answers ${status} with the error envelope for ${what}`, async () => {
      for (const url of ['/web/create_user', '/web/editaperfil']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { ...owner.headers, 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, `${url} ${res.body}`).toBe(status);
        expect(res.json().error.code).toEqual(expect.any(String));
      }
    });
  }
});

describe('ids (issue 10 item 10)', () => {
  it('takes JSON integers only in bodies: "5", "0x5", [5], true, 1.5 and 2^31 are refused', async () => {
    for (const bad of ['5', '0x5', [5], true, 1.5, 2 ** 31]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/web/eliminausuario',
        headers: owner.headers,
        payload: { id_usuario: bad },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(res.json().error.message)).toEqual(['id_usuario']);
    }
  });

  it('takes decimal digits only in query strings and paths', async () => {
    for (const bad of ['0x5', '5.0', '+5', ' 5', '1e3', '-1', '0']) {
      const q = encodeURIComponent(bad);
      expect((await get(`/web/datosusuario?id_usuario=${q}`)).statusCode, bad).toBe(422);
      expect((await get(`/web/evaluations/${q}/report.pdf`)).statusCode, bad).not.toBe(200);
    }
    expect((await get(`/web/datosusuario?id_usuario=${owner.id}`)).statusCode).toBe(200);
    const page = await get('/web/listaevaluaciones?page=0x1');
    expect(page.statusCode).toBe(422);
    expect((await get('/web/listaevaluaciones?page=1&limit=20')).statusCode).toBe(200);
  });

  it('reads ids from multipart text parts as digits', async () => {
    const form = await multipartPayload({ ...clientBody(ids, owner.id), pais_id: '0x1' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/create_user',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.message)).toContain('pais_id');
    const ok = await multipartPayload(clientBody(ids, owner.id));
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/web/create_user',
      headers: { ...owner.headers, ...ok.headers },
      payload: ok.payload,
    });
    expect(created.statusCode, created.body).toBe(200);
  });
});

describe('unknown fields (issue 10 item 15)', () => {
  it('create_user refuses a field it does not know (JSON and multipart) with 422 on that field, storing nothing', async () => {
    const before = await countUsers();
    const json = await createUser(
      ctx.app,
      { ...owner.headers, 'accept-language': 'pt' },
      {
        ...clientBody(ids, owner.id),
        creditos: 1000,
      },
    );
    expect(json.statusCode, json.body).toBe(422);
    expect(json.json().error.message).toEqual({ creditos: [expect.any(String)] });
    const network = await createUser(ctx.app, owner.headers, { ...networkBody(ids, owner.id), cambia_pass: 0 });
    expect(network.statusCode).toBe(422);
    expect(Object.keys(network.json().error.message)).toEqual(['cambia_pass']);
    const form = await multipartPayload({ ...clientBody(ids, owner.id), account_level: 'premium' });
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: '/web/create_user',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    });
    expect(multipart.statusCode).toBe(422);
    expect(Object.keys(multipart.json().error.message)).toEqual(['account_level']);
    expect(await countUsers()).toBe(before);
  });

  it('editaperfil refuses a field it does not know, leaving the record as it was', async () => {
    const created = await createUser(ctx.app, owner.headers, networkBody(ids, owner.id));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const {
      type: _type,
      lang: _lang,
      parent_user_id: _parent,
      ...fields
    } = networkBody(ids, owner.id, {
      nombre: 'Changed',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/editaperfil',
      headers: owner.headers,
      payload: { ...fields, id_usuario: id, parent_user_id: owner.id },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().error.message)).toEqual(['parent_user_id']);
    const row = await ctx.db.selectFrom('users').select('nombre').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.nombre).toBe('Tomás');
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/web/editaperfil',
      headers: owner.headers,
      payload: { ...fields, id_usuario: id },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('inputs found by the API fuzzing suite (issue 16)', () => {
  const post = (url: string, payload: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload,
    });

  it('answers 400 with the envelope to a body nested 20,000 levels deep (was a 500)', async () => {
    const res = await post('/web/logout', '['.repeat(20_000) + ']'.repeat(20_000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'bad_request', key: 'errors.badRequest' } });
  });

  it('names an unknown field called "constructor" or "toString" in a 422 (was a 500 with an internal message)', async () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty']) {
      const res = await post('/web/eliminausuario', JSON.stringify({ id_usuario: 99_999, [key]: 1 }));
      expect(res.statusCode, key).toBe(422);
      expect(Object.keys(res.json().error.message), key).toContain(key);
    }
  });

  it('answers an over-long path parameter with the envelope, without echoing the path (was 414 with the path)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/web/attachments/${'7'.repeat(500)}/download`,
      headers: { ...owner.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'bad_request', key: 'errors.badRequest', message: expect.any(String) },
    });
    expect(res.body).not.toContain('7777');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
