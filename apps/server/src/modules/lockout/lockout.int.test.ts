import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../lib/clock.ts';
import { DEVICE_COOKIE } from '../../lib/device-cookie.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { freshIp, insertUser, uniqueEmail, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// Issue 10 item 13 (decision 015): the back-off is a weapon no more. Each test failed on the code
// before: the counter never decayed, nobody was told, and the right password got 429 from anywhere.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const signIn = (email: string, password: string, deviceToken?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/web/authenticate',
    payload: { email, password },
    remoteAddress: freshIp(),
    headers: deviceToken ? { cookie: `other=1; ${DEVICE_COOKIE}=${deviceToken}` } : {},
  });
const deviceTokenOf = (res: Awaited<ReturnType<typeof signIn>>) =>
  new RegExp(`${DEVICE_COOKIE}=([^;]+)`).exec(String(res.headers['set-cookie']))![1]!;
const unlock = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/web/desbloquea', payload: { token }, remoteAddress: freshIp() });
const mailsTo = async (to: string) => {
  await ctx.mailer.idle();
  return ctx.mailer.sent.filter((m) => m.to === to);
};
const unlockTokenIn = (text: string) => /\/pages\/unlock#token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

/** `n` wrong passwords from unknown browsers, each after the wait the previous one imposed. */
async function fail(user: Pick<TestUser, 'email'>, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await signIn(user.email, 'wrong password');
    if (res.statusCode === 429) {
      ctx.clock.advance(Number(res.headers['retry-after']) * 1000);
      i--;
      continue;
    }
    expect(res.statusCode).toBe(401);
  }
}

describe('the sign-in back-off decays (sliding window)', () => {
  it('after 100 failures every browser is refused, and once the window has passed the owner signs in', async () => {
    const user = await insertUser(ctx);
    await fail(user, 100);
    const refused = await signIn(user.email, user.password);
    expect(refused.statusCode).toBe(429);
    // Until enough failures have left the 24-hour window, i.e. the first one.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(HOUR / 1000);
    ctx.clock.advance(Number(refused.headers['retry-after']) * 1000);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('failures older than 24 hours stop counting: five old ones and a new one give no wait', async () => {
    const user = await insertUser(ctx);
    await fail(user, 5);
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    ctx.clock.advance(24 * HOUR);
    await fail(user, 1);
    // One failure in the window: no back-off, and old rows were dropped.
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('the owner is told and can lift the back-off', () => {
  it('e-mails the owner once per lockout with a one-time unlock link that works once', async () => {
    const user = await insertUser(ctx, { lang: 'en' });
    await fail(user, 9);
    expect(await mailsTo(user.email)).toHaveLength(0);
    await fail(user, 3);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Sign-in to your Medida account was paused');
    const token = unlockTokenIn(mails[0]!.text);
    // Only the hash is stored.
    const stored = await ctx.db
      .selectFrom('account_tokens')
      .select(['token_hash', 'purpose'])
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual([{ token_hash: sha256Hex(token), purpose: 'unlock' }]);

    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    const res = await unlock(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('El inicio de sesión está desbloqueado. Ya puedes entrar.');
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);

    const again = await unlock(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: { key: 'errors.unlockTokenInvalid' } });
  });

  it('refuses an unknown or expired link (410) and tells nobody about an unknown e-mail', async () => {
    expect((await unlock('A'.repeat(43))).statusCode).toBe(410);
    const user = await insertUser(ctx);
    await fail(user, 11);
    const token = unlockTokenIn((await mailsTo(user.email))[0]!.text);
    ctx.clock.advance(25 * HOUR);
    expect((await unlock(token)).statusCode).toBe(410);

    const ghost = uniqueEmail('ghost');
    await fail({ email: ghost }, 11);
    expect(await mailsTo(ghost)).toHaveLength(0);
  });
});

describe('a browser that signed in before passes the back-off', () => {
  it('gives an httpOnly, SameSite=Strict cookie scoped to the sign-in route and stores only its hash', async () => {
    const user = await insertUser(ctx);
    const res = await signIn(user.email, user.password);
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/web\/authenticate/);
    const rows = await ctx.db.selectFrom('known_devices').select('token_hash').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([{ token_hash: sha256Hex(deviceTokenOf(res)) }]);
  });

  it('lets the right password through from a known device while unknown ones stay throttled', async () => {
    const user = await insertUser(ctx);
    const device = deviceTokenOf(await signIn(user.email, user.password));
    await fail(user, 30);

    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    const fromDevice = await signIn(user.email, user.password, device);
    expect(fromDevice.statusCode).toBe(200);
    expect(deviceTokenOf(fromDevice)).toBe(device);
    // The owner's sign-in does not reopen the door for the guesser.
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
  });

  it('throttles guesses from a known device on their own budget, without touching the account', async () => {
    const user = await insertUser(ctx);
    const device = deviceTokenOf(await signIn(user.email, user.password));
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, 'wrong password', device)).statusCode).toBe(401);
    expect((await signIn(user.email, user.password, device)).statusCode).toBe(429);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it("does not count another account's device, an unknown cookie or one unseen for a year", async () => {
    const user = await insertUser(ctx);
    const other = await insertUser(ctx);
    const othersDevice = deviceTokenOf(await signIn(other.email, other.password));
    const device = deviceTokenOf(await signIn(user.email, user.password));
    await fail(user, 20);
    expect((await signIn(user.email, user.password, othersDevice)).statusCode).toBe(429);
    expect((await signIn(user.email, user.password, 'B'.repeat(43))).statusCode).toBe(429);
    ctx.clock.advance(366 * 24 * HOUR);
    await fail(user, 20);
    expect((await signIn(user.email, user.password, device)).statusCode).toBe(429);
  });
});
