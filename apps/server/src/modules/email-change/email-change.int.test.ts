import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, login, uniqueEmail } from '../../test/factories.ts';
import { chileIds, createUser, loggedIn, networkBody, type Actor, type ChileIds } from '../../test/people-factories.ts';
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

  it('once the owner chose its password, a parent cannot move the login: the old e-mail stays until confirmed', async () => {
    const c = await child();
    const own = 'my very own passphrase';
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/web/reestablecepass/confirm',
      payload: { token: c.invitation, password: own },
      remoteAddress: freshIp(),
    });
    expect(accepted.statusCode).toBe(200);

    const attacker = uniqueEmail('parent-inbox');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/editaperfil',
      headers: { ...parent.headers, 'accept-language': 'en' },
      payload: {
        ...c.body,
        id_usuario: c.id,
        type: undefined,
        parent_user_id: undefined,
        lang: undefined,
        email: attacker,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/once its owner confirms/);
    expect(await emailOf(c.id)).toBe(c.body.email);

    // A reset to the new address finds no account: the parent gets nothing to take over.
    await ctx.app.inject({
      method: 'POST',
      url: '/web/reestablecepass',
      payload: { email: attacker },
      remoteAddress: freshIp(),
    });
    const toAttacker = await mailsTo(attacker);
    expect(toAttacker).toHaveLength(1);
    expect(toAttacker[0]!.text).toMatch(/confirm-email#token=/);
    expect(toAttacker[0]!.text).not.toMatch(/reset-password/);
    // The owner is told at the old address.
    const notice = (await mailsTo(c.body.email)).at(-1)!;
    expect(notice.text).toContain(attacker);
    await login(ctx.app, { email: c.body.email, password: own });

    // Only the link from the new inbox applies it, once.
    const link = /confirm-email#token=([A-Za-z0-9_-]{43})/.exec(toAttacker[0]!.text)![1]!;
    expect((await confirm(link)).statusCode).toBe(200);
    expect(await emailOf(c.id)).toBe(attacker);
    expect((await confirm(link)).statusCode).toBe(410);
    await login(ctx.app, { email: attacker, password: own });
  });

  it('refuses unknown and expired confirmation tokens with 410', async () => {
    expect((await confirm('Z'.repeat(43))).statusCode).toBe(410);
  });
});
