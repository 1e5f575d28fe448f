import { USER_TYPE } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertUser, login, uniqueEmail } from '../../test/factories.ts';
import {
  chileIds,
  countryIds,
  clientBody,
  createUser,
  loggedIn,
  multipartPayload,
  networkBody,
  twoTenants,
  validRut,
  type Actor,
  type ChileIds,
  editableFields,
} from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const DAY = 24 * 3600_000;

describe('people: create, list, read, edit, delete', () => {
  let ctx: TestContext;
  let ids: ChileIds;
  let owner: Actor;
  beforeAll(async () => {
    ctx = await createTestApp();
    ids = await chileIds(ctx.db);
    owner = await loggedIn(ctx, { creditos: 50 });
  });
  afterAll(() => ctx?.close());

  const errorsOf = (res: { json: () => unknown }) =>
    (res.json() as { error: { code: string; message: Record<string, string[]> } }).error;

  it("invites a network professional with a link, never a password: the inviter named, the expiry in the inviter's zone and the e-mail's language; the link sets the password once and signs in (issue 30 item 8)", async () => {
    // A client gets no password at creation: portal/portal.int.test.ts (decision 132).
    const body = {
      ...networkBody(ids, owner.id, { lang: 'pt', email: uniqueEmail('Invite').toUpperCase() }),
      time_zone: 'America/Sao_Paulo',
    };
    const res = await createUser(ctx.app, owner.headers, body);
    expect(res.statusCode).toBe(200);
    const { data, message } = res.json<{ data: { id: number }; message: string }>();
    expect(message).toBe('El usuario ha sido creado.');
    const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 1,
      cambia_pass: 0,
      password_hash: null,
      password_expires_at: null,
      parent_user_id: owner.id,
      lang: 'pt',
      rut: body.rut,
      creditos: 0,
    });

    await ctx.mailer.idle();
    const [mail, ...more] = ctx.mailer.sent.filter((m) => m.to === body.email);
    expect(more).toEqual([]);
    const inviter = await ctx.db
      .selectFrom('users')
      .select(['nombre', 'apellido'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(mail!.subject).toBe(`${inviter.nombre} ${inviter.apellido} convida você para o Medida`);
    const expires = new Intl.DateTimeFormat('pt-BR', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'America/Sao_Paulo',
    }).format(new Date(ctx.clock.now().getTime() + 7 * DAY));
    expect(mail!.text).toContain(`expira em ${expires} (America/Sao_Paulo)`);
    expect(mail!.text).not.toMatch(/senha temporária|UTC/);
    const token = /\/pages\/reset-password#token=([A-Za-z0-9_-]+)&invitation=1/.exec(mail!.text)![1]!;

    const confirm = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/web/reestablecepass/confirm',
        payload: { token, password },
        remoteAddress: '10.9.8.7',
      });
    const accepted = await confirm('minha senha de profissional');
    expect(accepted.statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/web/authenticate/user',
      headers: bearer(accepted.json<{ token: string }>().token),
    });
    expect(me.json()).toMatchObject({ user: { id: data.id, type: 1, cambia_pass: 0 } });
    // Once only.
    expect((await confirm('outra senha qualquer 2026')).statusCode).toBe(410);
    expect(
      (await login(ctx.app, { email: body.email, password: 'minha senha de profissional' })).length,
    ).toBeGreaterThan(10);
    await ctx.mailer.idle();
    expect(ctx.mailer.sent.filter((m) => m.to === body.email).map((m) => m.subject)).toEqual([
      mail!.subject,
      'Bem-vindo ao Medida',
    ]);
  });

  it("the network professional's invitation expires after 7 days; without a time zone the expiry is in UTC", async () => {
    const body = networkBody(ids, owner.id, { lang: 'es' });
    await createUser(ctx.app, owner.headers, body);
    await ctx.mailer.idle();
    const text = ctx.mailer.sent.find((m) => m.to === body.email)!.text;
    expect(text).toMatch(/vence el .+ \(UTC\)/);
    const token = /#token=([A-Za-z0-9_-]+)&invitation=1/.exec(text)![1]!;
    ctx.clock.advance(7 * DAY + 1000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/reestablecepass/confirm',
      payload: { token, password: 'una clave que llega tarde' },
      remoteAddress: '10.9.9.9',
    });
    ctx.clock.advance(-(7 * DAY + 1000));
    expect(res.statusCode).toBe(410);
  });

  it('answers a duplicate e-mail (any case) in error.message.email[0] and writes nothing', async () => {
    const first = clientBody(ids, owner.id);
    expect((await createUser(ctx.app, owner.headers, first)).statusCode).toBe(200);
    const before = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await createUser(
      ctx.app,
      { ...owner.headers, 'accept-language': 'en' },
      clientBody(ids, owner.id, { email: first.email.toUpperCase() }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).message.email![0]).toBe('This e-mail is already registered.');
    const after = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it.each([
    ['under 13', { nacimiento: '2013-03-02' }, 'nacimiento', 'La edad debe ser mayor a 13 años.'],
    ['over 100', { nacimiento: '1925-02-28' }, 'nacimiento', 'La edad no puede superar los 100 años.'],
    ['a bad Chilean RUT', { rut: '11111111K' }, 'rut', 'RUT no válido.'],
    ['a missing name', { nombre: '' }, 'nombre', 'Este campo es obligatorio.'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email', 'Ingresa un correo electrónico válido.'],
    ['an unknown company', { company_id: 99999 }, 'company_id', 'Empresa no válida.'],
    ['an unknown sexo', { sexo: 'Otro' }, 'sexo', 'Valor no válido.'],
  ])('rejects %s with a translated field error', async (_label, overrides, field, message) => {
    const res = await createUser(ctx.app, owner.headers, { ...clientBody(ids, owner.id), ...overrides });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toMatchObject({ code: 'validation_failed' });
    expect(errorsOf(res).message[field]).toEqual([message]);
  });

  it('checks the national id by country: CPF for Brazil, a plain id elsewhere (issue 15)', async () => {
    const brazil = await countryIds(ctx.db, 'BR');
    const inBrazil = (rut: string) => ({ ...clientBody(ids, owner.id), ...brazil, rut });
    const badCpf = await createUser(ctx.app, owner.headers, inBrazil('123.456.789-00'));
    expect(badCpf.statusCode).toBe(422);
    expect(errorsOf(badCpf).message.rut).toEqual(['CPF no válido.']);
    const chileanRutInBrazil = await createUser(ctx.app, owner.headers, inBrazil(validRut()));
    expect(errorsOf(chileanRutInBrazil).message.rut).toEqual(['CPF no válido.']);
    const good = inBrazil('529.982.247-25');
    expect((await createUser(ctx.app, owner.headers, good)).statusCode).toBe(200);
    const stored = await ctx.db
      .selectFrom('users')
      .select('rut')
      .where('email', '=', good.email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(stored.rut).toBe('52998224725');

    const us = await countryIds(ctx.db, 'US');
    const passport = await createUser(ctx.app, owner.headers, { ...clientBody(ids, owner.id), ...us, rut: 'X1234567' });
    expect(passport.statusCode).toBe(200);
    const symbols = await createUser(ctx.app, owner.headers, { ...clientBody(ids, owner.id), ...us, rut: 'X#1' });
    expect(errorsOf(symbols).message.rut).toEqual(['Número de documento no válido: solo letras y dígitos (hasta 20).']);
  });

  it('requires the national id by country: the RUT in Chile, none in Brazil or the US (issue 30, decision 185)', async () => {
    const noId = { rut: '' };
    const chile = await createUser(ctx.app, owner.headers, { ...clientBody(ids, owner.id), ...noId });
    expect(chile.statusCode).toBe(422);
    expect(errorsOf(chile).message.rut).toEqual(['Este campo es obligatorio.']);
    const { rut: _r, ...withoutRut } = clientBody(ids, owner.id);
    void _r;
    const chileAbsent = await createUser(ctx.app, owner.headers, withoutRut);
    expect(errorsOf(chileAbsent).message.rut).toEqual(['Este campo es obligatorio.']);
    for (const iso2 of ['BR', 'US']) {
      const place = await countryIds(ctx.db, iso2);
      const body = { ...clientBody(ids, owner.id), ...place, ...noId };
      const res = await createUser(ctx.app, owner.headers, body);
      expect(res.statusCode, iso2).toBe(200);
      const stored = await ctx.db
        .selectFrom('users')
        .select('rut')
        .where('email', '=', body.email.toLowerCase())
        .executeTakeFirstOrThrow();
      expect(stored.rut).toBeNull();
      // A network professional in the US needs no id either.
      const pro = { ...networkBody(ids, owner.id), ...place, ...noId };
      expect((await createUser(ctx.app, owner.headers, pro)).statusCode, iso2).toBe(200);
    }
    const chilePro = await createUser(ctx.app, owner.headers, { ...networkBody(ids, owner.id), ...noId });
    expect(errorsOf(chilePro).message.rut).toEqual(['Este campo es obligatorio.']);
  });

  it('checks that the region belongs to the country and the comuna to the region', async () => {
    const res = await createUser(
      ctx.app,
      owner.headers,
      clientBody(ids, owner.id, { region_id: ids.foreign_region_id }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(res).message).sort()).toEqual(['comuna_id', 'region_id']);
    const other = await ctx.db
      .selectFrom('cities')
      .select('id')
      .where('state_id', '<>', ids.region_id)
      .limit(1)
      .executeTakeFirstOrThrow();
    const res2 = await createUser(ctx.app, owner.headers, clientBody(ids, owner.id, { comuna_id: other.id }));
    expect(Object.keys(errorsOf(res2).message)).toEqual(['comuna_id']);
  });

  it('refuses fields named like Object.prototype members (toString, constructor, __proto__) as unknown, JSON or multipart', async () => {
    // The fuzz suite found these as 500s: the field-error map inherited `toString` and failed on it.
    const names = ['toString', 'constructor', 'hasOwnProperty', '__proto__'];
    const before = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const name of names) {
      // Written as JSON text: an object literal's `__proto__` key would set the prototype, not a field.
      const body = JSON.stringify({ ...networkBody(ids, owner.id), [`${name}_`]: false }).replace(
        `"${name}_"`,
        `"${name}"`,
      );
      const json = await ctx.app.inject({
        method: 'POST',
        url: '/web/create_user',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: body,
      });
      if (name === '__proto__') {
        // Fastify's JSON parser refuses prototype poisoning before any handler: a translated 400.
        expect(json.statusCode, name).toBe(400);
        expect(errorsOf(json).code, name).toBe('bad_request');
      } else {
        expect(json.statusCode, name).toBe(422);
        expect(errorsOf(json).message[name], name).toEqual([expect.any(String)]);
      }
      const { payload, headers } = await multipartPayload({ ...clientBody(ids, owner.id), [name]: 'x' });
      const form = await ctx.app.inject({
        method: 'POST',
        url: '/web/create_user',
        headers: { ...owner.headers, ...headers },
        payload,
      });
      // @fastify/multipart refuses a part named after an Object.prototype member itself: a translated 400.
      expect(form.statusCode, `${name} ${form.body}`).toBe(400);
      expect(errorsOf(form).code, name).toBe('bad_request');
    }
    const after = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('accepts the RUT with dots and hyphen and stores it cleaned; the default company 9 is accepted', async () => {
    const rut = validRut();
    const dotted = `${rut.slice(0, -7)}.${rut.slice(-7, -4)}.${rut.slice(-4, -1)}-${rut.slice(-1).toLowerCase()}`;
    const res = await createUser(ctx.app, owner.headers, clientBody(ids, owner.id, { rut: dotted, company_id: 9 }));
    expect(res.statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('users')
      .select(['rut', 'company_id'])
      .where('id', '=', res.json<{ data: { id: number } }>().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rut, company_id: 9 });
  });

  it('requires empresa for Dependiente and clears it for Independiente', async () => {
    const missing = await createUser(ctx.app, owner.headers, networkBody(ids, owner.id, { empresa: '  ' }));
    expect(errorsOf(missing).message.empresa).toEqual(['Este campo es obligatorio.']);
    const indep = await createUser(
      ctx.app,
      owner.headers,
      networkBody(ids, owner.id, { trabajo: 'Independiente', empresa: 'Ignored' }),
    );
    expect(indep.statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', indep.json<{ data: { id: number } }>().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 1,
      empresa: null,
      trabajo: 'Independiente',
      especialidad: 'Kinesiólogo',
      cambia_pass: 0,
      lang: 'en',
    });
  });

  it('lets a professional hang a new client under a professional of its tree, never under a foreign one', async () => {
    const colleague = await createUser(ctx.app, owner.headers, networkBody(ids, owner.id));
    const colleagueId = colleague.json<{ data: { id: number } }>().data.id;
    expect((await createUser(ctx.app, owner.headers, clientBody(ids, colleagueId))).statusCode).toBe(200);
    const stranger = await insertUser(ctx);
    expect((await createUser(ctx.app, owner.headers, clientBody(ids, stranger.id))).statusCode).toBe(404);
  });

  it('lists the clients of a parent with total, paging and search, and the evaluators', async () => {
    const parent = await loggedIn(ctx);
    for (const apellido of ['Alvarez', 'Bravo', 'Castro']) {
      expect((await createUser(ctx.app, parent.headers, clientBody(ids, parent.id, { apellido }))).statusCode).toBe(
        200,
      );
    }
    await createUser(ctx.app, parent.headers, networkBody(ids, parent.id));
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/web/getMyClients?type=2&parent_user_id=${parent.id}&limit=2&skip=1`,
      headers: parent.headers,
    });
    expect(page.statusCode).toBe(200);
    const body = page.json<{
      clients: { profile: { apellido: string; comuna: string; pais: string } }[];
      total: number;
    }>();
    expect(body.total).toBe(3);
    expect(body.clients.map((c) => c.profile.apellido)).toEqual(['Bravo', 'Castro']);
    expect(body.clients[0]!.profile).toMatchObject({ pais: 'Chile', comuna: 'Santiago' });
    const search = await ctx.app.inject({
      method: 'GET',
      url: `/web/getMyClients?type=2&parent_user_id=${parent.id}&search=brav`,
      headers: parent.headers,
    });
    expect(search.json()).toMatchObject({ total: 1 });
    const evaluators = await ctx.app.inject({
      method: 'GET',
      url: `/web/getMyEvaluators?parent_user_id=${parent.id}`,
      headers: parent.headers,
    });
    expect(evaluators.json<{ evaluators: unknown[] }>().evaluators).toHaveLength(1);
    const wrongType = await ctx.app.inject({
      method: 'GET',
      url: `/web/getMyClients?type=1&parent_user_id=${parent.id}`,
      headers: parent.headers,
    });
    expect(wrongType.statusCode).toBe(422);
  });

  it('reads one user with is_parent, and a grandchild without it', async () => {
    const t = await twoTenants(ctx);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/web/usuario?id_usuario=${t.client.id}`,
      headers: t.owner.headers,
    });
    expect(own.json()).toMatchObject({ data: { id_usuario: t.client.id, is_parent: true, attachments: [] } });
    const grandchild = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: t.colleague.id });
    const gc = await ctx.app.inject({
      method: 'GET',
      url: `/web/usuario?id_usuario=${grandchild.id}`,
      headers: t.owner.headers,
    });
    expect(gc.json()).toMatchObject({ data: { id_usuario: grandchild.id, is_parent: false } });
  });

  it('edits a client (JSON) and a network professional, keeping e-mails unique', async () => {
    const t = await twoTenants(ctx);
    const edit = {
      ...editableFields(clientBody(ids, t.owner.id)),
      id_usuario: t.client.id,
      email: t.client.email,
      nombre: 'Renombrada',
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/editaperfil',
      headers: t.owner.headers,
      payload: edit,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Los datos del usuario han sido modificados.' });
    const taken = await ctx.app.inject({
      method: 'POST',
      url: '/web/editaperfil',
      headers: t.owner.headers,
      payload: { ...edit, email: t.owner.email },
    });
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken).message.email).toHaveLength(1);
    const net = {
      ...editableFields(networkBody(ids, t.owner.id)),
      id_usuario: t.colleague.id,
      email: t.colleague.email,
      trabajo: 'Independiente',
    };
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/web/editaperfil', headers: t.owner.headers, payload: net }))
        .statusCode,
    ).toBe(200);
    const rows = await ctx.db
      .selectFrom('users')
      .select(['id', 'nombre', 'trabajo', 'empresa'])
      .where('id', 'in', [t.client.id, t.colleague.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: t.client.id, nombre: 'Renombrada', trabajo: null, empresa: null },
      { id: t.colleague.id, nombre: 'Tomás', trabajo: 'Independiente', empresa: null },
    ]);
  });

  it('soft-deletes: sessions revoked, credits back to the parent through the ledger, children moved up, e-mail kept reserved', async () => {
    const t = await twoTenants(ctx);
    await ctx.db.updateTable('users').set({ creditos: 7 }).where('id', '=', t.colleague.id).execute();
    const grandchild = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: t.colleague.id });
    const colleagueToken = bearer(await login(ctx.app, t.colleague));

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/eliminausuario',
      headers: t.owner.headers,
      payload: { id_usuario: t.colleague.id },
    });
    expect(res.statusCode).toBe(200);
    const gone = await ctx.db
      .selectFrom('users')
      .select(['deleted_at', 'creditos', 'email'])
      .where('id', '=', t.colleague.id)
      .executeTakeFirstOrThrow();
    expect(gone.deleted_at).not.toBeNull();
    expect(gone.creditos).toBe(0);
    const ownerRow = await ctx.db
      .selectFrom('users')
      .select('creditos')
      .where('id', '=', t.owner.id)
      .executeTakeFirstOrThrow();
    expect(ownerRow.creditos).toBe(107);
    const ledger = await ctx.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('from_user_id', '=', t.colleague.id)
      .execute();
    expect(ledger).toMatchObject([{ to_user_id: t.owner.id, amount: 7, actor_id: t.owner.id }]);
    expect(
      (
        await ctx.db
          .selectFrom('users')
          .select('parent_user_id')
          .where('id', '=', grandchild.id)
          .executeTakeFirstOrThrow()
      ).parent_user_id,
    ).toBe(t.owner.id);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/web/authenticate/user', headers: colleagueToken })).statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/web/usuario?id_usuario=${t.colleague.id}`,
          headers: t.owner.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/web/eliminausuario',
          headers: t.owner.headers,
          payload: { id_usuario: t.colleague.id },
        })
      ).statusCode,
    ).toBe(404);
    const again = await createUser(ctx.app, t.owner.headers, networkBody(ids, t.owner.id, { email: gone.email }));
    expect(again.statusCode).toBe(422);
  });

  it('lists companies (default 9) for a logged-in user, and locations publicly', async () => {
    const companies = await ctx.app.inject({ method: 'GET', url: '/web/getCompanies', headers: owner.headers });
    expect(companies.json<{ companies: { id: number }[] }>().companies.map((c) => c.id)).toContain(9);
    expect((await ctx.app.inject({ method: 'GET', url: '/web/getCompanies' })).statusCode).toBe(401);
    const states = await ctx.app.inject({ method: 'GET', url: `/web/states?country_id=${ids.pais_id}` });
    expect(states.json<{ states: unknown[] }>().states).toHaveLength(16);
    const cities = await ctx.app.inject({ method: 'GET', url: `/web/cities?state_id=${ids.region_id}` });
    expect(cities.json<{ cities: { name: string }[] }>().cities.map((c) => c.name)).toContain('Santiago');
    expect((await ctx.app.inject({ method: 'GET', url: '/web/states?country_id=abc' })).statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: '/web/cities?state_id=999999999' })).json()).toEqual({
      cities: [],
    });
  });
});
