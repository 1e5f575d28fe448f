import { deletedEmailOf } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  DEFAULT_PASSWORD,
  insertUser,
  login,
  registerVerified,
  registrationBody,
} from '../../test/factories.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
const remove = (headers: Headers, body: object, lang = 'es') =>
  ctx.app.inject({
    method: 'POST',
    url: '/web/account/delete',
    headers: { ...headers, 'accept-language': lang },
    payload: body,
  });
const me = (headers: Headers) => ctx.app.inject({ method: 'GET', url: '/web/authenticate/user', headers });
const userRow = (id: number) =>
  ctx.db
    .selectFrom('users')
    .select(['email', 'password_hash', 'deleted_at', 'creditos', 'parent_user_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('POST /web/account/delete', () => {
  it('refuses a wrong password, a wrong confirmation and a professional who still has people; nothing changes', async () => {
    const t = await twoTenants(ctx);
    const deletion = await ctx.app.inject({ method: 'GET', url: '/web/account/deletion', headers: t.owner.headers });
    expect(deletion.json()).toEqual({ clients: 1, network: 1, can_delete: false });

    const wrong = await remove(t.owner.headers, { password: 'not it', confirmation: t.owner.email }, 'en');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toEqual({ password: ['The current password is not correct.'] });
    const typo = await remove(t.owner.headers, { password: DEFAULT_PASSWORD, confirmation: 'x' + t.owner.email }, 'pt');
    expect(typo.statusCode).toBe(422);
    expect(typo.json().error.message).toEqual({
      confirmation: ['Digite o e-mail da sua conta exatamente como ele é.'],
    });
    const empty = await remove(t.owner.headers, { password: '', confirmation: '' });
    expect(Object.keys(empty.json().error.message).sort()).toEqual(['confirmation', 'password']);
    const busy = await remove(t.owner.headers, {
      password: DEFAULT_PASSWORD,
      confirmation: t.owner.email.toUpperCase(),
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toBe(
      'Tu cuenta aún tiene clientes o profesionales en tu red. Traspásalos o elimínalos primero.',
    );
    const row = await userRow(t.owner.id);
    expect(row).toMatchObject({ email: t.owner.email, deleted_at: null });
    expect((await me(t.owner.headers)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/web/account/delete', payload: {} })).statusCode).toBe(401);
  });

  it('a network professional: credits back to its parent, every session ends, the e-mail registers again', async () => {
    const t = await twoTenants(ctx);
    await ctx.db.updateTable('users').set({ creditos: 7 }).where('id', '=', t.colleague.id).execute();
    const ownerBefore = (await userRow(t.owner.id)).creditos;
    const first = bearer(await login(ctx.app, t.colleague));
    const second = bearer(await login(ctx.app, t.colleague));
    const ledgerBefore = await ctx.db.selectFrom('credit_ledger').select('id').execute();

    const res = await remove(first, { password: DEFAULT_PASSWORD, confirmation: ` ${t.colleague.email} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Tu cuenta ha sido eliminada.' });
    for (const headers of [first, second]) expect((await me(headers)).statusCode).toBe(401);
    const row = await userRow(t.colleague.id);
    expect(row).toMatchObject({ email: deletedEmailOf(t.colleague.id), password_hash: null, creditos: 0 });
    expect(row.deleted_at).not.toBeNull();
    expect((await userRow(t.owner.id)).creditos).toBe(ownerBefore + 7);
    // The ledger keeps every entry and gains the return.
    expect((await ctx.db.selectFrom('credit_ledger').select('id').execute()).length).toBe(ledgerBefore.length + 1);
    // The old login is gone; the address signs up again as a new account.
    const oldLogin = await ctx.app.inject({
      method: 'POST',
      url: '/web/authenticate',
      payload: { email: t.colleague.email, password: DEFAULT_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    const again = await registerVerified(ctx, registrationBody({ email: t.colleague.email }));
    expect(again.id).not.toBe(t.colleague.id);
    // The owner no longer sees it in its network.
    const network = await ctx.app.inject({
      method: 'GET',
      url: `/web/usuario?id_usuario=${t.colleague.id}`,
      headers: t.owner.headers,
    });
    expect(network.statusCode).toBe(404);
  });

  it('a client: its login goes, its record and evaluations stay with its professional', async () => {
    const t = await twoTenants(ctx);
    const evaluation = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers: t.owner.headers,
      payload: evaluationBody(t.client.id, t.owner.id),
    });
    expect(evaluation.statusCode).toBe(200);
    const res = await remove(t.client.headers, { password: DEFAULT_PASSWORD, confirmation: t.client.email });
    expect(res.statusCode).toBe(200);
    expect((await me(t.client.headers)).statusCode).toBe(401);
    const row = await userRow(t.client.id);
    expect(row).toMatchObject({ email: deletedEmailOf(t.client.id), password_hash: null, deleted_at: null });
    // Clinical record (Ley 20.584): the professional still reads the client and its evaluation.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/web/listaevaluaciones?page=1&limit=10&id_evaluado=${t.client.id}`,
      headers: t.owner.headers,
    });
    expect(list.json().datos_total).toBe(1);
    const again = await registerVerified(ctx, registrationBody({ email: t.client.email }));
    expect(again.id).not.toBe(t.client.id);
  });

  it('a top-level professional whose clients were removed first: deleted, their records kept in the database', async () => {
    const t = await twoTenants(ctx);
    const solo = await insertUser(ctx, { creditos: 20 });
    const headers = bearer(await login(ctx.app, solo));
    const loc = { pais_id: t.ids.pais_id, region_id: t.ids.region_id, comuna_id: t.ids.comuna_id };
    const client = await insertUser(ctx, { type: 2, parent_user_id: solo.id, ...loc });
    const evaluated = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers,
      payload: evaluationBody(client.id, solo.id),
    });
    expect(evaluated.statusCode).toBe(200);
    expect((await remove(headers, { password: DEFAULT_PASSWORD, confirmation: solo.email })).statusCode).toBe(409);
    const removed = await ctx.app.inject({
      method: 'POST',
      url: '/web/eliminausuario',
      headers,
      payload: { id_usuario: client.id },
    });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/web/account/deletion', headers })).json()).toEqual({
      clients: 0,
      network: 0,
      can_delete: true,
    });
    expect((await remove(headers, { password: DEFAULT_PASSWORD, confirmation: solo.email })).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    // Kept: the evaluation (retention period) and the ledger entries of the account.
    const kept = await ctx.db.selectFrom('evaluations').select('id').where('client_id', '=', client.id).execute();
    expect(kept).toHaveLength(1);
    const ledger = await ctx.db
      .selectFrom('credit_ledger')
      .select('id')
      .where((eb) => eb.or([eb('from_user_id', '=', solo.id), eb('to_user_id', '=', solo.id)]))
      .execute();
    expect(ledger.length).toBeGreaterThan(0);
    expect((await userRow(solo.id)).creditos).toBe(19);
  });
});
