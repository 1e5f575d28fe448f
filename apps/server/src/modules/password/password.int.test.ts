import { ErrorCode } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { bearer, freshIp, insertUser, login, uniqueEmail, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const sessionStatus = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/web/authenticate/user', headers: bearer(token) })).statusCode;
const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = freshIp()) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });

async function mailsTo(email: string) {
  await ctx.mailer.idle();
  return ctx.mailer.sent.filter((m) => m.to === email);
}

async function requestResetToken(user: TestUser): Promise<string> {
  const res = await post('/web/reestablecepass', { email: user.email });
  expect(res.statusCode).toBe(200);
  // The reset link, not any link: a lockout notice (an unlock link) may be sent in the same background turn.
  const resetMails = (await mailsTo(user.email)).filter((m) => m.text.includes('/pages/reset-password#token='));
  const match = /#token=([A-Za-z0-9_-]{43})/.exec(resetMails.at(-1)?.text ?? '');
  if (!match) throw new Error('no reset link in the e-mail');
  return match[1]!;
}

describe('POST /web/actualizapass', () => {
  it('changes the password with the current one, clears cambia_pass, ends the other sessions only, and notifies by e-mail', async () => {
    const user = await insertUser(ctx, { cambia_pass: 1 });
    const current = await login(ctx.app, user);
    const other = await login(ctx.app, user);
    const res = await post(
      '/web/actualizapass',
      { id_usuario: user.id, current_password: user.password, password: 'a brand new password' },
      bearer(current),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await sessionStatus(current)).toBe(200);
    expect(await sessionStatus(other)).toBe(401);
    const row = await ctx.db
      .selectFrom('users')
      .select('cambia_pass')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.cambia_pass).toBe(0);
    await login(ctx.app, { email: user.email, password: 'a brand new password' });
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/contraseña/i);
  });

  it('refuses a wrong current password with a field error and changes nothing', async () => {
    const user = await insertUser(ctx);
    const token = await login(ctx.app, user);
    const before = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const res = await post(
      '/web/actualizapass',
      { id_usuario: user.id, current_password: 'not-the-password', password: 'another password' },
      bearer(token),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message.current_password).toHaveLength(1);
    const after = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('is only for oneself: another id gets 403', async () => {
    const user = await insertUser(ctx);
    const other = await insertUser(ctx);
    const res = await post(
      '/web/actualizapass',
      { id_usuario: other.id, current_password: user.password, password: 'another password' },
      bearer(await login(ctx.app, user)),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: ErrorCode.forbidden } });
  });

  it('the forced change (cambia_pass = 1) does not ask again for the temporary password; a normal change does', async () => {
    const forced = await insertUser(ctx, { cambia_pass: 1 });
    const res = await post(
      '/web/actualizapass',
      { id_usuario: forced.id, password: 'my own new password' },
      bearer(await login(ctx.app, forced)),
    );
    expect(res.statusCode).toBe(200);
    await login(ctx.app, { email: forced.email, password: 'my own new password' });
    // Now cambia_pass is 0: the next change needs the current password again.
    const again = await post(
      '/web/actualizapass',
      { id_usuario: forced.id, password: 'yet another password' },
      bearer(await login(ctx.app, { email: forced.email, password: 'my own new password' })),
    );
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().error.message)).toEqual(['current_password']);
  });

  it('requires the current password field (422 with the field name)', async () => {
    const user = await insertUser(ctx);
    const res = await post(
      '/web/actualizapass',
      { id_usuario: user.id, password: 'another password' },
      bearer(await login(ctx.app, user)),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.message)).toEqual(['current_password']);
  });
});

describe('POST /web/reestablecepass', () => {
  it('answers the same for known and unknown e-mails, and mails only the known one', async () => {
    const user = await insertUser(ctx);
    const ghost = uniqueEmail('ghost');
    const known = await post('/web/reestablecepass', { email: user.email });
    const unknown = await post('/web/reestablecepass', { email: ghost });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await mailsTo(ghost)).toHaveLength(0);
  });

  it('mails a link built from PUBLIC_BASE_URL with the token in the fragment, and stores only its SHA-256', async () => {
    const user = await insertUser(ctx);
    const token = await requestResetToken(user);
    const mail = (await mailsTo(user.email)).at(-1)!;
    expect(mail.text).toContain(`http://medida.test/pages/reset-password#token=${token}`);
    const rows = await ctx.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((r) => r.token_hash)).toEqual([sha256Hex(token)]);
  });

  it('sends at most 5 mails an hour per e-mail, still answering 200', async () => {
    const user = await insertUser(ctx);
    for (let i = 0; i < 7; i++)
      expect((await post('/web/reestablecepass', { email: user.email })).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(5);
    ctx.clock.advance(60 * MINUTE);
    await post('/web/reestablecepass', { email: user.email });
    expect(await mailsTo(user.email)).toHaveLength(6);
  });

  it('allows 20 requests an hour per IP, then 429 with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await post('/web/reestablecepass', { email: uniqueEmail('x') }, {}, ip)).statusCode).toBe(200);
    const res = await post('/web/reestablecepass', { email: uniqueEmail('x') }, {}, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('rejects an invalid e-mail with a translated field error', async () => {
    const res = await post('/web/reestablecepass', { email: 'not-an-email' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toEqual({ email: ['Enter a valid e-mail address.'] });
  });
});

describe('POST /web/reestablecepass/confirm', () => {
  it('sets the new password, ends every session, and the token works only once', async () => {
    const user = await insertUser(ctx);
    const a = await login(ctx.app, user);
    const b = await login(ctx.app, user);
    const token = await requestResetToken(user);
    const res = await post('/web/reestablecepass/confirm', { token, password: 'reset to this one' });
    expect(res.statusCode).toBe(200);
    expect(await sessionStatus(a)).toBe(401);
    expect(await sessionStatus(b)).toBe(401);
    await login(ctx.app, { email: user.email, password: 'reset to this one' });

    const reuse = await post('/web/reestablecepass/confirm', { token, password: 'and again this one' });
    expect(reuse.statusCode).toBe(410);
    expect(reuse.json()).toMatchObject({ error: { code: ErrorCode.resetTokenInvalid } });
  });

  it('rejects a token older than 30 minutes with 410', async () => {
    const user = await insertUser(ctx);
    const token = await requestResetToken(user);
    ctx.clock.advance(30 * MINUTE + 1000);
    const res = await post('/web/reestablecepass/confirm', { token, password: 'too late for this' });
    expect(res.statusCode).toBe(410);
    await login(ctx.app, user); // the old password still works
  });

  it('rejects unknown tokens with 410 and a newer request invalidates older tokens', async () => {
    const user = await insertUser(ctx);
    const first = await requestResetToken(user);
    const second = await requestResetToken(user);
    expect((await post('/web/reestablecepass/confirm', { token: first, password: 'first token pw' })).statusCode).toBe(
      410,
    );
    expect(
      (await post('/web/reestablecepass/confirm', { token: 'A'.repeat(43), password: 'unknown token' })).statusCode,
    ).toBe(410);
    expect(
      (await post('/web/reestablecepass/confirm', { token: second, password: 'second token pw' })).statusCode,
    ).toBe(200);
  });

  it('lifts the login throttle and the 100-failure disable', async () => {
    const user = await insertUser(ctx);
    const failedAt = ctx.clock.now();
    await ctx.db
      .insertInto('login_failures')
      .values(
        Array.from({ length: 100 }, () => ({ account_key: sha256Hex(user.email.toLowerCase()), failed_at: failedAt })),
      )
      .execute();
    expect((await post('/web/authenticate', { email: user.email, password: user.password })).statusCode).toBe(429);
    const token = await requestResetToken(user);
    expect((await post('/web/reestablecepass/confirm', { token, password: 'back in business' })).statusCode).toBe(200);
    await login(ctx.app, { email: user.email, password: 'back in business' });
  });

  it('validates the new password length (422)', async () => {
    const res = await post('/web/reestablecepass/confirm', { token: 'A'.repeat(43), password: 'short' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.message)).toEqual(['password']);
  });
});
