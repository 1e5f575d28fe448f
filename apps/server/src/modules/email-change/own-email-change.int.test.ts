import { USER_TYPE } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, login, uniqueEmail } from '../../test/factories.ts';
import { loggedIn, type Actor } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const emailOf = async (id: number) =>
  (await ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
const pendingOf = (id: number) =>
  ctx.db
    .selectFrom('account_tokens')
    .select('new_email')
    .where('user_id', '=', id)
    .where('purpose', '=', 'email_change')
    .where('used_at', 'is', null)
    .execute();
const mailsTo = async (to: string) => {
  await ctx.mailer.idle();
  return ctx.mailer.sent.filter((m) => m.to === to);
};
const change = (actor: Actor, payload: object, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/web/cambiaemail',
    headers: { ...actor.headers, 'accept-language': lang },
    payload,
  });
const confirm = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/web/confirmaemail', payload: { token }, remoteAddress: freshIp() });

describe("one's own e-mail change from the profile (issue 12)", () => {
  it('with a wrong password: a translated 422 and nothing changes, nothing is mailed', async () => {
    const pro = await loggedIn(ctx);
    const wanted = uniqueEmail('wanted');
    const res = await change(pro, { email: wanted, password: 'not my password' }, 'es');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message.password[0]).toMatch(/contraseña/i);
    expect(await emailOf(pro.id)).toBe(pro.email);
    expect(await pendingOf(pro.id)).toHaveLength(0);
    expect(await mailsTo(wanted)).toHaveLength(0);
  });

  for (const [who, overrides] of [
    ['a professional', {}],
    ['a client', { type: USER_TYPE.client }],
  ] as const) {
    it(`${who}: the right password leaves the old e-mail, mails a link to the new one and a notice to the old`, async () => {
      const user = await loggedIn(ctx, overrides);
      const wanted = uniqueEmail('new-inbox');
      const res = await change(user, { email: wanted, password: user.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toContain(wanted);
      expect(await emailOf(user.id)).toBe(user.email);
      expect(await pendingOf(user.id)).toEqual([{ new_email: wanted }]);

      const toNew = await mailsTo(wanted);
      expect(toNew).toHaveLength(1);
      expect((await mailsTo(user.email)).at(-1)!.text).toContain(wanted);
      await login(ctx.app, user);

      const link = /confirm-email#token=([A-Za-z0-9_-]{43})/.exec(toNew[0]!.text)![1]!;
      expect((await confirm(link)).statusCode).toBe(200);
      expect(await emailOf(user.id)).toBe(wanted);
    });
  }

  it("another user's session changes only its own login, never someone else's", async () => {
    const victim = await loggedIn(ctx);
    const other = await loggedIn(ctx);
    const wanted = uniqueEmail('hijack');
    // The victim's password with another session: checked against the session's own account, refused.
    const res = await change(other, { email: wanted, password: victim.password + ' no' });
    expect(res.statusCode).toBe(422);
    // An id in the body is not accepted at all: the route only ever acts on the session's user.
    const withId = await change(other, { email: wanted, password: other.password, id_usuario: victim.id });
    expect(withId.statusCode).toBe(422);
    expect(await emailOf(victim.id)).toBe(victim.email);
    expect(await pendingOf(victim.id)).toHaveLength(0);
    expect(await mailsTo(wanted)).toHaveLength(0);
  });

  it('refuses an address another account uses, and the same address, without changing anything', async () => {
    const user = await loggedIn(ctx);
    const taken = await loggedIn(ctx);
    const res = await change(user, { email: taken.email, password: user.password });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message.email).toHaveLength(1);
    const same = await change(user, { email: user.email, password: user.password });
    expect(same.statusCode).toBe(422);
    expect(await pendingOf(user.id)).toHaveLength(0);
  });

  it('without a session: 401', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/cambiaemail',
      payload: { email: uniqueEmail(), password: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
