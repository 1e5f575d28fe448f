import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshIp, login, uniqueEmail } from '../../test/factories.ts';
import {
  chileIds,
  clientBody,
  createUser,
  editableFields,
  loggedIn,
  networkBody,
  type Actor,
  type ChileIds,
} from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let ids: ChileIds;
let parent: Actor;
beforeAll(async () => {
  ctx = await createTestApp();
  ids = await chileIds(ctx.db);
  parent = await loggedIn(ctx, { creditos: 10 });
});
afterAll(() => ctx?.close());

const emailOf = async (id: number) =>
  (await ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
const mailsTo = async (to: string) => {
  await ctx.mailer.idle();
  return ctx.mailer.sent.filter((m) => m.to === to);
};
const edit = (body: object) =>
  ctx.app.inject({ method: 'POST', url: '/web/editaperfil', headers: parent.headers, payload: body });
const editable = (body: object) => ({ ...body, type: undefined, parent_user_id: undefined, lang: undefined });
const detail = async (id: number) =>
  (await ctx.app.inject({ url: `/web/usuario?id_usuario=${id}`, headers: parent.headers })).json().data as {
    email_owner_only: boolean;
  };
const pendingChanges = async (userId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom('account_tokens')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const acceptInvitation = (token: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/web/reestablecepass/confirm',
    payload: { token, password },
    remoteAddress: freshIp(),
  });
const confirm = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/web/confirmaemail', payload: { token }, remoteAddress: freshIp() });

/** A network professional created by `parent`, with the one-time link of its invitation (decision 186). */
async function child() {
  const body = networkBody(ids, parent.id);
  const res = await createUser(ctx.app, parent.headers, body);
  expect(res.statusCode).toBe(200);
  const id = res.json().data.id as number;
  const invitation = /#token=([A-Za-z0-9_-]+)&invitation=1/.exec((await mailsTo(body.email))[0]!.text)![1]!;
  return { id, body, invitation };
}

describe('e-mail change of a login (issue 10 item 3)', () => {
  it('lets the creator correct the address while the account has no password of its own yet', async () => {
    const c = await child();
    const corrected = uniqueEmail('corrected');
    const res = await edit({
      ...c.body,
      id_usuario: c.id,
      type: undefined,
      parent_user_id: undefined,
      lang: undefined,
      email: corrected,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailOf(c.id)).toBe(corrected);
  });

  it('once the owner chose its password, the parent cannot take the login over: edit, confirm, reset and sign in all fail (issue 32 item 1)', async () => {
    const c = await child();
    const own = 'my very own passphrase';
    expect((await acceptInvitation(c.invitation, own)).statusCode).toBe(200);
    expect((await detail(c.id)).email_owner_only).toBe(true);
    const tokensBefore = await pendingChanges(c.id);

    // 1. The edit: a translated 422 on `email`, and nothing of the save is stored (not even the other fields).
    const attacker = uniqueEmail('parent-inbox');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/editaperfil',
      headers: { ...parent.headers, 'accept-language': 'en' },
      payload: { ...editable(c.body), id_usuario: c.id, nombre: 'Renamed', email: attacker },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.message.email).toEqual([
      'This person chose their own password, so only they can change their sign-in e-mail. You can ask them to change it.',
    ]);
    const row = await ctx.db
      .selectFrom('users')
      .select(['email', 'nombre'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: c.body.email, nombre: c.body.nombre });
    expect(await pendingChanges(c.id)).toBe(tokensBefore);

    // 2. Nothing to confirm: no mail went to the parent's inbox.
    expect(await mailsTo(attacker)).toEqual([]);
    // 3. A reset asked for the parent's address finds no account, so nothing arrives there either.
    await ctx.app.inject({
      method: 'POST',
      url: '/web/reestablecepass',
      payload: { email: attacker },
      remoteAddress: freshIp(),
    });
    expect(await mailsTo(attacker)).toEqual([]);
    // 4. The parent cannot sign in as the child; the child still signs in with its own address and password.
    const takeover = await ctx.app.inject({
      method: 'POST',
      url: '/web/authenticate',
      payload: { email: attacker, password: own },
      remoteAddress: freshIp(),
    });
    expect(takeover.statusCode).toBe(401);
    await login(ctx.app, { email: c.body.email, password: own });

    // The same address, or a save without the e-mail changed, still goes through.
    const same = await edit({ ...editable(c.body), id_usuario: c.id, nombre: 'Renamed' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('applies the same rule to a client with its own portal password, and lets the professional correct one without', async () => {
    const body = { ...clientBody(ids, parent.id), invite: true };
    const created = await createUser(ctx.app, parent.headers, body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const clientEdit = (email: string) => edit({ ...editableFields(body), invite: undefined, id_usuario: id, email });

    // Invited, link not used yet: the professional still fixes a mistyped address.
    expect((await detail(id)).email_owner_only).toBe(false);
    const fixed = uniqueEmail('client-fixed');
    expect((await clientEdit(fixed)).statusCode).toBe(200);
    expect(await emailOf(id)).toBe(fixed);

    // Invited again at the right address, the client chooses its password: from then on only it changes the address.
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/web/clients/${id}/invite`, headers: parent.headers, payload: {} }))
        .statusCode,
    ).toBe(200);
    const link = /#token=([A-Za-z0-9_-]+)&invitation=1/.exec((await mailsTo(fixed)).at(-1)!.text)![1]!;
    expect((await acceptInvitation(link, 'the client chose this one')).statusCode).toBe(200);
    expect((await detail(id)).email_owner_only).toBe(true);
    const attacker = uniqueEmail('client-takeover');
    const res = await clientEdit(attacker);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message.email).toHaveLength(1);
    expect(await emailOf(id)).toBe(fixed);
    expect(await mailsTo(attacker)).toEqual([]);
  });

  it('lets the parent ask the owner to change it: a mail to the current address, rate-limited, only for its own people', async () => {
    const c = await child();
    expect((await acceptInvitation(c.invitation, 'another own passphrase')).statusCode).toBe(200);
    const suggested = uniqueEmail('suggested');
    const ask = (id: number, email = suggested, headers: object = parent.headers) =>
      ctx.app.inject({
        method: 'POST',
        url: `/web/people/${id}/email-change-request`,
        headers: { ...headers, 'accept-language': 'en' },
        payload: { email },
      });
    const res = await ask(c.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(c.body.nombre);
    const notice = (await mailsTo(c.body.email)).at(-1)!;
    expect(notice.text).toContain(suggested);
    expect(notice.text).not.toMatch(/#token=/);
    expect(await mailsTo(suggested)).toEqual([]);
    expect(await emailOf(c.id)).toBe(c.body.email);

    // The owner does it itself, with its password: the link goes to the new address and applies it.
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/web/cambiaemail',
      headers: bearer(await login(ctx.app, { email: c.body.email, password: 'another own passphrase' })),
      payload: { email: suggested, password: 'another own passphrase' },
    });
    expect(own.statusCode, own.body).toBe(200);
    const token = /confirm-email#token=([A-Za-z0-9_-]{43})/.exec((await mailsTo(suggested))[0]!.text)![1]!;
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await emailOf(c.id)).toBe(suggested);

    // The current address is no suggestion; someone else's person is 404; a fourth ask in a day is 429.
    expect((await ask(c.id, suggested)).statusCode).toBe(422);
    const stranger = await loggedIn(ctx);
    expect((await ask(c.id, uniqueEmail(), stranger.headers)).statusCode).toBe(404);
    expect((await ask(c.id, uniqueEmail())).statusCode).toBe(200);
    const limited = await ask(c.id, uniqueEmail());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('refuses unknown and expired confirmation tokens with 410', async () => {
    expect((await confirm('Z'.repeat(43))).statusCode).toBe(410);
  });
});
