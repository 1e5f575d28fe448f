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
    expect(deletion.json()).toEqual({ clients: 1, network: 1, can_delete: false, choices: ['everything'] });

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
      choices: [],
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

  describe('a top-level professional with a network and clients (issue 30 item 4, decision 184)', () => {
    /** Owner → colleague A (with a client of its own) and colleague B; two clients of the owner, one evaluated. */
    async function account() {
      const owner = await insertUser(ctx, { creditos: 20 });
      const headers = bearer(await login(ctx.app, owner));
      const pro = (label: string) =>
        insertUser(ctx, { type: 1, parent_user_id: owner.id, nombre: label, especialidad: 'Nutricionista' });
      const a = await pro('Ana');
      const b = await pro('Beto');
      const aClient = await insertUser(ctx, { type: 2, parent_user_id: a.id });
      const clients = [
        await insertUser(ctx, { type: 2, parent_user_id: owner.id }),
        await insertUser(ctx, { type: 2, parent_user_id: owner.id }),
      ];
      const evaluated = await ctx.app.inject({
        method: 'POST',
        url: '/web/ingresaevaluacion',
        headers,
        payload: evaluationBody(clients[0]!.id, owner.id),
      });
      expect(evaluated.statusCode).toBe(200);
      return { owner, headers, a, b, aClient, clients };
    }
    const receivers = async (headers: Headers) =>
      (await ctx.app.inject({ method: 'GET', url: '/web/handover/receivers', headers })).json().receivers as {
        id: number;
        branch_id: number | null;
      }[];
    const handOver = (headers: Headers, payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/web/handover', headers, payload });
    const deletion = async (headers: Headers) =>
      (await ctx.app.inject({ method: 'GET', url: '/web/account/deletion', headers })).json();

    it('every offered receiver takes "everyone": the clients and the rest of the network go to it, then the account goes and the network keeps its accounts', async () => {
      const t = await account();
      const offered = await receivers(t.headers);
      expect(offered.map((r) => [r.id, r.branch_id]).sort()).toEqual([
        [t.a.id, t.a.id],
        [t.b.id, t.b.id],
      ]);
      // Before: with clients left, only "everything" may go with the account.
      expect(await deletion(t.headers)).toMatchObject({ clients: 2, network: 2, choices: ['everything'] });
      const keepRefused = await remove(t.headers, {
        password: DEFAULT_PASSWORD,
        confirmation: t.owner.email,
        people: 'keep_network',
      });
      expect(keepRefused.statusCode).toBe(409);

      // "Hand over everyone" to A: what the server accepts is what was offered (it was a 422 before).
      const moved = await handOver(t.headers, { receiver_id: t.a.id, all: true });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ clients: 2, network: 1 });
      expect((await userRow(t.b.id)).parent_user_id).toBe(t.a.id);
      expect((await userRow(t.clients[0]!.id)).parent_user_id).toBe(t.a.id);
      expect(await deletion(t.headers)).toEqual({
        clients: 0,
        network: 1,
        can_delete: false,
        choices: ['keep_network', 'everything'],
      });

      // Without a choice the account still refuses; with "keep the network" it goes and A keeps everything.
      expect((await remove(t.headers, { password: DEFAULT_PASSWORD, confirmation: t.owner.email })).statusCode).toBe(
        409,
      );
      const done = await remove(
        t.headers,
        { password: DEFAULT_PASSWORD, confirmation: t.owner.email, people: 'keep_network' },
        'en',
      );
      expect(done.statusCode).toBe(200);
      expect((await me(t.headers)).statusCode).toBe(401);
      expect(await userRow(t.owner.id)).toMatchObject({ email: deletedEmailOf(t.owner.id), password_hash: null });
      const aRow = await userRow(t.a.id);
      expect(aRow).toMatchObject({ deleted_at: null, parent_user_id: t.owner.id });
      const aHeaders = bearer(await login(ctx.app, t.a));
      const aClients = await ctx.app.inject({
        method: 'GET',
        url: `/web/getMyClients?type=2&parent_user_id=${t.a.id}&limit=10&skip=0`,
        headers: aHeaders,
      });
      expect(aClients.statusCode).toBe(200);
      expect(aClients.json().total).toBe(3);
      // The evaluation went with its client and is A's to read.
      const evaluations = await ctx.db
        .selectFrom('evaluations')
        .select('id')
        .where('client_id', '=', t.clients[0]!.id)
        .execute();
      expect(evaluations).toHaveLength(1);
    });

    it('"delete everything" closes every account below; evaluations and the ledger stay', async () => {
      const t = await account();
      const sum = async () =>
        (
          await ctx.db
            .selectFrom('users')
            .select((eb) => eb.fn.sum<string>('creditos').as('s'))
            .executeTakeFirstOrThrow()
        ).s;
      const before = await sum();
      const aHeaders = bearer(await login(ctx.app, t.a));
      const done = await remove(
        t.headers,
        { password: DEFAULT_PASSWORD, confirmation: t.owner.email, people: 'everything' },
        'pt',
      );
      expect(done.statusCode, done.body).toBe(200);
      for (const user of [t.owner, t.a, t.b, t.aClient, ...t.clients]) {
        const row = await userRow(user.id);
        expect(row.deleted_at, String(user.id)).not.toBeNull();
        expect(row).toMatchObject({ email: deletedEmailOf(user.id), password_hash: null });
      }
      expect((await me(aHeaders)).statusCode).toBe(401);
      expect(await sum()).toBe(before);
      const kept = await ctx.db
        .selectFrom('evaluations')
        .select('id')
        .where('client_id', '=', t.clients[0]!.id)
        .execute();
      expect(kept).toHaveLength(1);
    });

    it('denials: an unknown choice is a translated 422, a choice the people do not allow a 409, a chosen network without the receiver 422; nothing changes', async () => {
      const t = await account();
      const bad = await remove(
        t.headers,
        { password: DEFAULT_PASSWORD, confirmation: t.owner.email, people: 'all' },
        'en',
      );
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error.message.people).toEqual(['Invalid value.']);
      const wrongPassword = await remove(t.headers, {
        password: 'nope',
        confirmation: t.owner.email,
        people: 'everything',
      });
      expect(wrongPassword.statusCode).toBe(422);
      // A network professional chosen to move cannot receive: the modal never offers it (acceptsReceiver).
      const inMoved = await handOver(t.headers, { receiver_id: t.a.id, network_ids: [t.a.id] });
      expect(inMoved.statusCode).toBe(422);
      // A colleague in another account is never a receiver.
      const stranger = await insertUser(ctx, { type: 1 });
      expect((await handOver(t.headers, { receiver_id: stranger.id, all: true })).statusCode).toBe(422);
      // A network professional cannot delete its parent's tree: "everything" is its own branch only.
      const aHeaders = bearer(await login(ctx.app, t.a));
      expect((await deletion(aHeaders)).choices).toEqual(['everything']);
      for (const user of [t.owner, t.a, t.b, ...t.clients]) expect((await userRow(user.id)).deleted_at).toBeNull();
      expect((await me(t.headers)).statusCode).toBe(200);
    });
  });
});
