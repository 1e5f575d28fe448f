import { DEFAULT_COMPANY_ID } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, registerVerified, registrationBody } from '../../test/factories.ts';
import { clientBody, createUser, editableFields, networkBody, twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PATCH', url: string, headers: Headers, payload: object, lang = 'es') =>
  ctx.app.inject({ method, url, headers: { ...headers, 'accept-language': lang }, payload });
const choices = async (headers: Headers) =>
  (await get('/web/getCompanies', headers)).json<{ companies: { id: number; name: string }[] }>().companies;
const createCompany = async (headers: Headers, body: object) => {
  const res = await send('POST', '/web/companies', headers, body);
  expect(res.statusCode).toBe(200);
  return res.json<{ company: { id: number; name: string } }>().company;
};

describe('companies', () => {
  it('an account creates, renames and archives its own companies; its professionals share them', async () => {
    const t = await twoTenants(ctx);
    // Fresh: only the default company 9 (not the partners', not another account's).
    expect(await choices(t.owner.headers)).toEqual([{ id: DEFAULT_COMPANY_ID, name: 'Medida' }]);

    const acme = await createCompany(t.owner.headers, { name: '  Acme Ltda  ', tax_id: '76.123.456-7' });
    expect(acme).toEqual({
      id: expect.any(Number),
      name: 'Acme Ltda',
      tax_id: '76.123.456-7',
      archived: false,
      clients: 0,
    });
    const beta = await createCompany(t.owner.headers, { name: 'Beta' });
    expect((await choices(t.owner.headers)).map((c) => c.name)).toEqual(['Acme Ltda', 'Beta', 'Medida']);
    // The network colleague (same account) sees and uses them; the account's client reads the same list.
    const colleague = { authorization: bearer(await login(ctx.app, t.colleague)).authorization };
    expect((await choices(colleague)).map((c) => c.id)).toContain(acme.id);
    expect((await choices(t.client.headers)).map((c) => c.id)).toContain(acme.id);
    // Another account sees none of them.
    expect(await choices(t.other.headers)).toEqual([{ id: DEFAULT_COMPANY_ID, name: 'Medida' }]);
    expect((await get('/web/companies', t.other.headers)).json()).toEqual({ companies: [] });

    const renamed = await send('PATCH', `/web/companies/${beta.id}`, t.owner.headers, { name: 'Beta SpA', tax_id: '' });
    expect(renamed.json()).toMatchObject({ company: { id: beta.id, name: 'Beta SpA', tax_id: null } });
    const archived = await send('PATCH', `/web/companies/${beta.id}`, t.owner.headers, { archived: true });
    expect(archived.json()).toMatchObject({ company: { archived: true } });
    expect((await choices(t.owner.headers)).map((c) => c.name)).toEqual(['Acme Ltda', 'Medida']);
    const listed = (await get('/web/companies', t.owner.headers)).json();
    expect(listed.companies.map((c: { name: string; archived: boolean }) => [c.name, c.archived])).toEqual([
      ['Acme Ltda', false],
      ['Beta SpA', true],
    ]);
    await send('PATCH', `/web/companies/${beta.id}`, t.owner.headers, { archived: false });
    expect((await choices(t.owner.headers)).map((c) => c.name)).toContain('Beta SpA');
  });

  it('refuses bad input with translated errors and answers 404 for another account’s or a shared company', async () => {
    const t = await twoTenants(ctx);
    const mine = await createCompany(t.owner.headers, { name: 'Clínica Norte' });
    const empty = await send('POST', '/web/companies', t.owner.headers, { name: '   ' }, 'en');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.message).toEqual({ name: ['This field is required.'] });
    const dup = await send('POST', '/web/companies', t.owner.headers, { name: 'clínica norte' }, 'pt');
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.message.name).toEqual(['Sua conta já tem uma empresa com este nome.']);
    const long = await send('PATCH', `/web/companies/${mine.id}`, t.owner.headers, { tax_id: 'x'.repeat(41) });
    expect(long.statusCode).toBe(422);
    // Another account's company, the default company and an unknown id: not found, nothing changed.
    for (const [headers, id] of [
      [t.other.headers, mine.id],
      [t.owner.headers, DEFAULT_COMPANY_ID],
      [t.owner.headers, 987654],
    ] as const) {
      const res = await send('PATCH', `/web/companies/${id}`, headers, { name: 'Tomada' });
      expect(res.statusCode).toBe(404);
    }
    const row = await ctx.db
      .selectFrom('companies')
      .select(['name', 'tax_id'])
      .where('id', '=', mine.id)
      .executeTakeFirst();
    expect(row).toEqual({ name: 'Clínica Norte', tax_id: null });
    // Clients never manage companies; without a session nothing.
    expect((await send('POST', '/web/companies', t.client.headers, { name: 'X' })).statusCode).toBe(403);
    expect((await get('/web/companies', t.client.headers)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/web/companies' })).statusCode).toBe(401);
  });

  it('assigns only the account’s live companies to clients; an archived current company stays on edit', async () => {
    const t = await twoTenants(ctx);
    const mine = await createCompany(t.owner.headers, { name: 'Gimnasio Sur' });
    const theirs = await createCompany(t.other.headers, { name: 'Ajena' });

    const refused = await createUser(
      ctx.app,
      t.owner.headers,
      clientBody(t.ids, t.owner.id, { company_id: theirs.id }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toEqual({ company_id: ['Empresa no válida.'] });

    const created = await createUser(ctx.app, t.owner.headers, clientBody(t.ids, t.owner.id, { company_id: mine.id }));
    expect(created.statusCode).toBe(200);
    const clientId = (
      await ctx.db.selectFrom('users').select('id').where('company_id', '=', mine.id).executeTakeFirstOrThrow()
    ).id;
    expect((await get('/web/companies', t.owner.headers)).json().companies[0]).toMatchObject({
      id: mine.id,
      clients: 1,
    });

    await send('PATCH', `/web/companies/${mine.id}`, t.owner.headers, { archived: true });
    const again = await createUser(ctx.app, t.owner.headers, clientBody(t.ids, t.owner.id, { company_id: mine.id }));
    expect(again.statusCode).toBe(422);
    const client = await ctx.db
      .selectFrom('users')
      .select(['email'])
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    const edit = (company_id: number) =>
      send('POST', '/web/editaperfil', t.owner.headers, {
        ...editableFields(clientBody(t.ids, t.owner.id, { company_id })),
        id_usuario: clientId,
        email: client.email,
      });
    expect((await edit(mine.id)).statusCode).toBe(200);
    expect((await edit(theirs.id)).statusCode).toBe(422);
    const stored = await ctx.db
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(stored.company_id).toBe(mine.id);
    // A network professional is never put in a company (spec: company is a client field).
    const net = await createUser(ctx.app, t.owner.headers, networkBody(t.ids, t.owner.id));
    expect(net.statusCode).toBe(200);
  });

  it('shows the company column once the clients span two companies, and filters by company', async () => {
    const t = await twoTenants(ctx);
    const north = await createCompany(t.owner.headers, { name: 'Norte' });
    const evaluate = async (clientId: number) =>
      expect(
        (await send('POST', '/web/ingresaevaluacion', t.owner.headers, evaluationBody(clientId, t.owner.id)))
          .statusCode,
      ).toBe(200);
    await evaluate(t.client.id);
    const list = async (query = '') =>
      (await get(`/web/listaevaluaciones?page=1&limit=10${query}`, t.owner.headers)).json<{
        show_company: boolean;
        datos: { client: { id: number; company: { id: number; name: string } | null } }[];
      }>();
    expect((await list()).show_company).toBe(false);
    await createUser(ctx.app, t.owner.headers, clientBody(t.ids, t.owner.id, { company_id: north.id }));
    const northClient = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', north.id)
      .executeTakeFirstOrThrow();
    await evaluate(northClient.id);
    const both = await list();
    expect(both.show_company).toBe(true);
    const filtered = await list(`&filter_company=${north.id}`);
    expect(filtered.datos.map((d) => [d.client.id, d.client.company?.name])).toEqual([[northClient.id, 'Norte']]);
    // The other account's list is untouched by this account's companies.
    expect((await get('/web/listaevaluaciones?page=1&limit=10', t.other.headers)).json().show_company).toBe(false);
  });

  it('a partner registration page puts the new account under the partner’s company', async () => {
    for (const [variant, name] of [
      ['register-pacific', 'Pacific'],
      ['register-mcam', 'MCAM'],
      ['register-seguridad', 'Seguridad'],
    ] as const) {
      const user = await registerVerified(ctx, registrationBody({ variant }));
      const { token } = user;
      const row = await ctx.db
        .selectFrom('users')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .select('companies.name')
        .where('users.id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe(name);
      // Its clients can be put in the partner's company.
      expect((await choices(bearer(token))).map((c) => c.name)).toEqual([name, 'Medida'].sort());
    }
    const plain = await registerVerified(ctx, registrationBody());
    const plainRow = await ctx.db
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', plain.id)
      .executeTakeFirstOrThrow();
    expect(plainRow.company_id).toBeNull();
  });
});
