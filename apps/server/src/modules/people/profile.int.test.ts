import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerVerified, registrationBody } from '../../test/factories.ts';
import { countryIds, twoTenants, validRut } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
const read = (headers: Headers) => ctx.app.inject({ method: 'GET', url: '/web/listadoperfil', headers });
const save = (headers: Headers, payload: object, lang = 'es') =>
  ctx.app.inject({
    method: 'POST',
    url: '/web/ingresoperfil',
    headers: { ...headers, 'accept-language': lang },
    payload,
  });

describe('profile: GET /web/listadoperfil and POST /web/ingresoperfil', () => {
  it("reads and edits one's own data and language, with the edit forms' rules", async () => {
    const t = await twoTenants(ctx);
    const before = (await read(t.owner.headers)).json().data;
    expect(before).toMatchObject({ id_usuario: t.owner.id, profile: { email: t.owner.email } });
    const body = {
      nombre: 'Paula',
      apellido: 'Pérez',
      telefono: '+56 9 1234 5678',
      nacimiento: '1985-06-01',
      sexo: 'Femenino',
      direccion: 'Av. Providencia 1234',
      pais_id: t.ids.pais_id,
      region_id: t.ids.region_id,
      comuna_id: t.ids.comuna_id,
      rut: validRut(),
      lang: 'pt',
      especialidad: 'Nutricionista',
      trabajo: 'Dependiente',
      empresa: 'Clínica Sur',
    };
    const res = await save(t.owner.headers, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      lang: 'pt',
      profile: { nombre: 'Paula', email: t.owner.email, especialidad: 'Nutricionista', empresa: 'Clínica Sur' },
    });
    const row = await ctx.db
      .selectFrom('users')
      .select(['nombre', 'lang', 'email', 'trabajo'])
      .where('id', '=', t.owner.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ nombre: 'Paula', lang: 'pt', email: t.owner.email, trabajo: 'Dependiente' });
    // Without work fields they stay as stored.
    const { especialidad: _s, trabajo: _w, empresa: _c, ...personOnly } = body;
    void [_s, _w, _c];
    expect((await save(t.owner.headers, { ...personOnly, nombre: 'Paulina' })).statusCode).toBe(200);
    const kept = await ctx.db
      .selectFrom('users')
      .select(['nombre', 'trabajo', 'empresa', 'especialidad'])
      .where('id', '=', t.owner.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({
      nombre: 'Paulina',
      trabajo: 'Dependiente',
      empresa: 'Clínica Sur',
      especialidad: 'Nutricionista',
    });

    // A client edits its own record (no work fields).
    const client = body as Record<string, unknown>;
    const { especialidad: _e, trabajo: _t, empresa: _m, ...clientBody } = client;
    void _e;
    void _t;
    void _m;
    const mine = await save(t.client.headers, { ...clientBody, nombre: 'Clara', rut: validRut(), lang: 'en' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id_usuario: t.client.id, lang: 'en', profile: { nombre: 'Clara' } });
  });

  it('stores the units the user types in (issue 15): metric by default, kept when not sent, only metric or imperial', async () => {
    const t = await twoTenants(ctx);
    const read = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/web/listadoperfil', headers: t.client.headers })).json().data;
    const current = await read();
    expect(current.units).toBe('metric');
    const body = {
      nombre: current.profile.nombre,
      apellido: current.profile.apellido,
      telefono: '+56 9 1234 5678',
      nacimiento: '1990-01-01',
      sexo: 'Femenino',
      direccion: 'Av. Providencia 1234',
      pais_id: t.ids.pais_id,
      region_id: t.ids.region_id,
      comuna_id: t.ids.comuna_id,
      rut: validRut(),
      lang: 'es',
    };
    expect((await save(t.client.headers, { ...body, units: 'imperial' })).json().data.units).toBe('imperial');
    expect((await save(t.client.headers, body)).json().data.units).toBe('imperial');
    const refused = await save(t.client.headers, { ...body, units: 'furlongs' }, 'en');
    expect(refused.statusCode).toBe(422);
    expect((await read()).units).toBe('imperial');
  });

  it('a freshly registered professional changes only language and units: what sign-up never asked stays optional (issue 30)', async () => {
    const body = registrationBody({ email: `fresh-${Date.now()}@medida.test`, telefono: '+1 555 0100' });
    const { token } = await registerVerified(ctx, body);
    const headers = bearer(token);
    const profile = (await read(headers)).json().data.profile;
    expect(profile).toMatchObject({ rut: null, direccion: null, region_id: null, comuna_id: null });
    // What the profile form sends when only language and units changed: the sign-up fields, nothing else.
    const signUpFields = { nombre: profile.nombre, apellido: profile.apellido, nacimiento: profile.nacimiento };
    const res = await save(headers, {
      ...signUpFields,
      sexo: profile.sexo,
      telefono: '',
      rut: '',
      lang: 'en',
      units: 'imperial',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ lang: 'en', units: 'imperial', profile: { rut: null, telefono: null } });
    // A US professional adds the country alone: no ID number, region or comuna asked.
    const us = await countryIds(ctx.db, 'US');
    const inUs = await save(headers, { ...signUpFields, sexo: 'Femenino', pais_id: us.pais_id, lang: 'en' });
    expect(inUs.statusCode, inUs.body).toBe(200);
    // What is given is still checked: a region of another country, a bad RUT for Chile.
    const chile = await countryIds(ctx.db, 'CL');
    const wrong = await save(
      headers,
      {
        ...signUpFields,
        sexo: 'Femenino',
        pais_id: chile.pais_id,
        region_id: us.region_id,
        rut: '11111111K',
        lang: 'pt',
      },
      'pt',
    );
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().error.message).sort()).toEqual(['region_id', 'rut']);
    // The birth date sign-up asked stays required.
    const missing = await save(headers, {
      nombre: profile.nombre,
      apellido: profile.apellido,
      sexo: 'Femenino',
      lang: 'es',
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().error.message)).toEqual(['nacimiento']);
  });

  it('refuses bad data with translated field errors and keeps the stored data', async () => {
    const t = await twoTenants(ctx);
    const base = {
      nombre: 'Paula',
      apellido: 'Pérez',
      telefono: '+56 9 1234 5678',
      nacimiento: '1985-06-01',
      sexo: 'Femenino',
      direccion: 'Av. Providencia 1234',
      pais_id: t.ids.pais_id,
      region_id: t.ids.region_id,
      comuna_id: t.ids.comuna_id,
      rut: '12345678-0',
      lang: 'es',
      especialidad: 'Nutricionista',
      trabajo: 'Dependiente',
    };
    const res = await save(t.owner.headers, { ...base, nacimiento: '2020-01-01' }, 'en');
    expect(res.statusCode).toBe(422);
    const fields = res.json().error.message as Record<string, string[]>;
    expect(Object.keys(fields).sort()).toEqual(['empresa', 'nacimiento', 'rut']);
    expect(fields.nacimiento).toEqual(['Age must be at least 13 years.']);
    // No e-mail change through this route.
    expect((await save(t.owner.headers, { ...base, email: 'new@x.cl' })).statusCode).toBe(422);
    const row = await ctx.db
      .selectFrom('users')
      .select(['nombre', 'nacimiento'])
      .where('id', '=', t.owner.id)
      .executeTakeFirstOrThrow();
    expect(row.nombre).not.toBe('Paula');
    expect((await ctx.app.inject({ method: 'GET', url: '/web/listadoperfil' })).statusCode).toBe(401);
  });
});
