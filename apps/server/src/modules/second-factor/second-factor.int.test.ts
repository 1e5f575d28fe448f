import { ErrorCode, USER_TYPE } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { bearer, DEFAULT_PASSWORD, freshIp, insertUser, login, type TestUser } from '../../test/factories.ts';
import { loggedIn } from '../../test/people-factories.ts';
import { enrolledTotp, startTotp, totpCode } from '../../test/second-factor-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { base32Encode } from './totp.policy.ts';

/** Issue 32 items 5 and 7; security.md R03, R07, R09, R16; decisions 206, 207, 208. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = freshIp()) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const passwordStep = (user: Pick<TestUser, 'email' | 'password'>, ip = freshIp()) =>
  post('/web/authenticate', { email: user.email, password: user.password }, {}, ip);
async function ticketOf(user: Pick<TestUser, 'email' | 'password'>) {
  const res = await passwordStep(user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ second_factor: { ticket: string; methods: string[] } }>().second_factor.ticket;
}
const codeStep = (ticket: string, code: string, ip = freshIp()) =>
  post('/web/authenticate/second-factor', { ticket, code }, {}, ip);
async function mailsTo(email: string) {
  await ctx.mailer.idle();
  return ctx.mailer.sent.filter((m) => m.to === email);
}
const sessionsOf = async (headers: Record<string, string>) =>
  (await get('/web/sessions', headers)).json<{ sessions: { current: boolean; second_factor: string | null }[] }>()
    .sessions;

describe('setting up an authenticator', () => {
  it('asks the password again, shows the key, its URI and a QR code, and keeps the secret sealed', async () => {
    const user = await loggedIn(ctx);
    const wrong = await post('/web/second-factor/totp/setup', { current_password: 'not it' }, user.headers);
    expect(wrong.statusCode).toBe(422);
    const setup = await startTotp(ctx.app, user.headers);
    expect(setup.manual_key).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_uri).toContain(`secret=${setup.manual_key}`);
    expect(setup.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Medida:/);
    expect(setup.qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qr_svg.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const row = await ctx.db
      .selectFrom('totp_factors')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBeNull();
    expect(row.sealed_secret).not.toContain(setup.manual_key);
    expect(row.sealed_secret).not.toContain(setup.secret.toString('hex'));
    // Not in force until confirmed: the password alone still signs in.
    expect((await passwordStep(user)).json()).toHaveProperty('token');
  });

  it('confirms with a code: ten single-use recovery codes (stored hashed), the session counts as two-factor, a notice', async () => {
    const user = await loggedIn(ctx);
    const { secret } = await startTotp(ctx.app, user.headers);
    expect((await post('/web/second-factor/totp/confirm', { code: '000000' }, user.headers)).statusCode).toBe(422);
    const res = await post('/web/second-factor/totp/confirm', { code: totpCode(ctx.app, secret) }, user.headers);
    expect(res.statusCode, res.body).toBe(200);
    const codes = res.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await ctx.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join()).not.toContain(row.code_hash);
    expect((await sessionsOf(user.headers)).find((s) => s.current)?.second_factor).toBe('totp');
    const mails = await mailsTo(user.email);
    expect(mails.at(-1)?.subject).toMatch(/Two-step sign-in is on|dos pasos|duas etapas/);
    // A second set-up while one is in force is refused: turn it off first.
    expect(
      (await post('/web/second-factor/totp/setup', { current_password: DEFAULT_PASSWORD }, user.headers)).statusCode,
    ).toBe(409);
    const status = (await get('/web/second-factor', user.headers)).json();
    expect(status).toMatchObject({
      totp: { confirmed_at: expect.any(String) },
      recovery_codes_left: 10,
      methods: ['totp'],
    });
  });
});

describe('signing in with a second factor', () => {
  it('a right password gives no token but a ticket (R09), stored hashed; the code then signs in, recorded on the session', async () => {
    const user = await loggedIn(ctx);
    const { secret } = await enrolledTotp(ctx.app, user.headers);
    const res = await passwordStep(user);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ second_factor: { ticket: string; methods: string[] } }>();
    expect(body).not.toHaveProperty('token');
    expect(body.second_factor.methods).toEqual(['totp']);
    expect(res.headers['set-cookie']).toBeUndefined();
    const stored = await ctx.db
      .selectFrom('account_tokens')
      .select(['token_hash', 'expires_at'])
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'sign_in')
      .execute();
    expect(stored.map((r) => r.token_hash)).toEqual([sha256Hex(body.second_factor.ticket)]);
    expect(stored[0]!.expires_at.getTime() - ctx.clock.now().getTime()).toBe(5 * MINUTE);

    const wrong = await codeStep(body.second_factor.ticket, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      error: { code: ErrorCode.invalidCredentials, key: 'errors.secondFactorCodeInvalid' },
    });
    const ok = await codeStep(body.second_factor.ticket, totpCode(ctx.app, secret));
    expect(ok.statusCode, ok.body).toBe(200);
    const token = ok.json<{ token: string }>().token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ok.headers['set-cookie']).toBeDefined();
    expect((await sessionsOf(bearer(token))).find((s) => s.current)?.second_factor).toBe('totp');
    // The ticket works once.
    const again = await codeStep(body.second_factor.ticket, totpCode(ctx.app, secret, 1));
    expect(again.json()).toMatchObject({ error: { key: 'errors.signInTicketInvalid' } });
  });

  it('a code works once: replaying it inside its window is rejected (R09); ±1 step is accepted, 2 steps not', async () => {
    const user = await loggedIn(ctx);
    const { secret } = await enrolledTotp(ctx.app, user.headers);
    const code = totpCode(ctx.app, secret);
    expect((await codeStep(await ticketOf(user), code)).statusCode).toBe(200);
    expect((await codeStep(await ticketOf(user), code)).statusCode).toBe(401);
    expect((await codeStep(await ticketOf(user), totpCode(ctx.app, secret, 2))).statusCode).toBe(401);
    // Four failures so far (each password step counts until its code is right): the fifth attempt waits a second.
    const ticket = await ticketOf(user);
    ctx.clock.advance(1000);
    expect((await codeStep(ticket, totpCode(ctx.app, secret, 1))).statusCode).toBe(200);
    // A code older than the last one used is a replay too.
    ctx.clock.advance(30_000);
    expect((await codeStep(await ticketOf(user), totpCode(ctx.app, secret, -1))).statusCode).toBe(401);
  });

  it('a ticket expires after 5 minutes', async () => {
    const user = await loggedIn(ctx);
    const { secret } = await enrolledTotp(ctx.app, user.headers);
    const ticket = await ticketOf(user);
    ctx.clock.advance(5 * MINUTE + 1000);
    const res = await codeStep(ticket, totpCode(ctx.app, secret));
    expect(res.json()).toMatchObject({ error: { key: 'errors.signInTicketInvalid' } });
  });

  it('a recovery code signs in once, recorded as such', async () => {
    const user = await loggedIn(ctx);
    const { recoveryCodes } = await enrolledTotp(ctx.app, user.headers);
    const res = await codeStep(await ticketOf(user), recoveryCodes[3]!.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect((await sessionsOf(bearer(res.json<{ token: string }>().token))).find((s) => s.current)?.second_factor).toBe(
      'recovery',
    );
    expect((await codeStep(await ticketOf(user), recoveryCodes[3]!)).statusCode).toBe(401);
    expect((await get('/web/second-factor', user.headers)).json()).toMatchObject({ recovery_codes_left: 9 });
  });

  it('a password reset does not skip the second factor (R07)', async () => {
    const user = await loggedIn(ctx);
    await enrolledTotp(ctx.app, user.headers);
    expect((await post('/web/reestablecepass', { email: user.email })).statusCode).toBe(200);
    await ctx.mailer.idle();
    const mail = ctx.mailer.sent
      .filter((m) => m.to === user.email && m.text.includes('/pages/reset-password#token='))
      .at(-1);
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')![1]!;
    const reset = await post('/web/reestablecepass/confirm', { token, password: 'una clave nueva bastante larga 91' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).not.toHaveProperty('token');
    const res = await passwordStep({ email: user.email, password: 'una clave nueva bastante larga 91' });
    expect(res.json()).toHaveProperty('second_factor');
    expect(res.json()).not.toHaveProperty('token');
  });

  it('no answer carries the secret, a hash or the recovery codes beyond their one showing (R16)', async () => {
    const user = await loggedIn(ctx);
    const { secret } = await enrolledTotp(ctx.app, user.headers);
    const bodies = [
      (await get('/web/second-factor', user.headers)).body,
      (await get('/web/sessions', user.headers)).body,
      (await passwordStep(user)).body,
    ];
    for (const body of bodies) {
      expect(body).not.toContain(base32Encode(secret));
      expect(body).not.toMatch(/hash|secret|password/i);
    }
  });
});

describe('changing or removing the authenticator (R03)', () => {
  it('turning it off needs the password and a current code; the user is told; the password alone then signs in', async () => {
    const user = await loggedIn(ctx);
    const { secret, recoveryCodes } = await enrolledTotp(ctx.app, user.headers);
    const code = totpCode(ctx.app, secret);
    const noPassword = await post('/web/second-factor/totp/disable', { current_password: 'wrong', code }, user.headers);
    expect(noPassword.statusCode).toBe(422);
    const recovery = await post(
      '/web/second-factor/totp/disable',
      { current_password: DEFAULT_PASSWORD, code: recoveryCodes[0]! },
      user.headers,
    );
    expect(recovery.statusCode).toBe(422);
    const before = ctx.mailer.sent.length;
    const res = await post(
      '/web/second-factor/totp/disable',
      { current_password: DEFAULT_PASSWORD, code },
      user.headers,
    );
    expect(res.statusCode, res.body).toBe(204);
    await ctx.mailer.idle();
    expect(ctx.mailer.sent.slice(before).filter((m) => m.to === user.email)).toHaveLength(1);
    expect(await ctx.db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await passwordStep(user)).json()).toHaveProperty('token');
  });

  it('new recovery codes need the password and a code, and the old ones stop working', async () => {
    const user = await loggedIn(ctx);
    const { secret, recoveryCodes } = await enrolledTotp(ctx.app, user.headers);
    const res = await post(
      '/web/second-factor/recovery-codes',
      { current_password: DEFAULT_PASSWORD, code: totpCode(ctx.app, secret) },
      user.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect((await codeStep(await ticketOf(user), recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await codeStep(await ticketOf(user), fresh[0]!)).statusCode).toBe(200);
  });
});

describe("an account's requirement (item 7)", () => {
  async function network() {
    const root = await loggedIn(ctx);
    const child = await insertUser(ctx, { type: USER_TYPE.professional, parent_user_id: root.id });
    const client = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: root.id });
    return { root, child, client };
  }
  const setPolicy = (required: boolean, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'PUT', url: '/web/second-factor/network-policy', payload: { required }, headers });

  it('only a root whose own session used a second factor switches it on; password-only sessions of its network end', async () => {
    const { root, child, client } = await network();
    const childToken = await login(ctx.app, child);
    const clientToken = await login(ctx.app, client);
    expect((await setPolicy(true, root.headers)).json()).toMatchObject({
      error: { key: 'errors.secondFactorPolicyNeedsOwn' },
    });
    await enrolledTotp(ctx.app, root.headers); // this session now counts as two-factor
    const res = await setPolicy(true, root.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ required: true, ended_sessions: 1 });
    expect((await get('/web/authenticate/user', bearer(childToken))).statusCode).toBe(401);
    expect((await get('/web/authenticate/user', bearer(clientToken))).statusCode).toBe(200);
    expect((await get('/web/authenticate/user', root.headers)).statusCode).toBe(200);
    // A network child is not the root: 403.
    const childAgain = bearer(await login(ctx.app, child));
    expect((await setPolicy(false, childAgain)).statusCode).toBe(403);
    expect((await get('/web/second-factor', root.headers)).json()).toMatchObject({
      network_policy: { required: true },
    });
  });

  it('a network professional without one signs in to the enrolment only, and enrolling opens the rest', async () => {
    const { root, child } = await network();
    await enrolledTotp(ctx.app, root.headers);
    await setPolicy(true, root.headers);
    const headers = bearer(await login(ctx.app, child));
    const user = await get('/web/authenticate/user', headers);
    expect(user.json()).toMatchObject({ user: { second_factor_required: true } });
    const blocked = await get('/web/sessions', headers);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: { key: 'errors.secondFactorRequired' } });
    expect((await get('/web/second-factor', headers)).json()).toMatchObject({ account_requires: true, totp: null });
    const { secret } = await enrolledTotp(ctx.app, headers);
    expect((await get('/web/sessions', headers)).statusCode).toBe(200);
    expect((await get('/web/authenticate/user', headers)).json()).toMatchObject({
      user: { second_factor_required: false },
    });
    // While required, the only factor cannot be turned off.
    const off = await post(
      '/web/second-factor/totp/disable',
      { current_password: DEFAULT_PASSWORD, code: totpCode(ctx.app, secret) },
      headers,
    );
    expect(off.json()).toMatchObject({ error: { key: 'errors.secondFactorStillRequired' } });
  });

  it('someone above resets a lost factor (a notice to the user); nobody else can', async () => {
    const { root, child } = await network();
    const childHeaders = bearer(await login(ctx.app, child));
    await enrolledTotp(ctx.app, childHeaders, child.password);
    const stranger = await loggedIn(ctx);
    expect((await post(`/web/people/${child.id}/second-factor/reset`, {}, stranger.headers)).statusCode).toBe(404);
    expect((await post(`/web/people/${root.id}/second-factor/reset`, {}, childHeaders)).statusCode).toBe(404);
    const before = ctx.mailer.sent.length;
    const res = await post(`/web/people/${child.id}/second-factor/reset`, {}, root.headers);
    expect(res.statusCode, res.body).toBe(204);
    await ctx.mailer.idle();
    const notice = ctx.mailer.sent.slice(before).filter((m) => m.to === child.email);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toMatch(/second factors|segundos factores|segundos fatores/);
    expect((await passwordStep(child)).json()).toHaveProperty('token');
  });
});
