import { createDb } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock.ts';
import { bearer, freshIp, insertUser, login, type TestUser } from '../../test/factories.ts';
import {
  passkeyRegistrationOptions,
  registeredPasskey,
  TEST_RP as RP,
  type RegistrationOptions as Options,
} from '../../test/passkey-factories.ts';
import { softAuthenticator, type SoftOptions } from '../../test/soft-authenticator.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { relyingParty } from './passkeys.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

async function signedIn(overrides: Parameters<typeof insertUser>[1] = {}) {
  const user = await insertUser(ctx, overrides);
  return { ...user, headers: bearer(await login(ctx.app, user)) };
}

type Headers = Record<string, string>;
const post = (url: string, payload: object, headers: Headers = {}, app = ctx.app) =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });

const registrationOptions = (headers: Headers, app = ctx.app): Promise<Options> =>
  passkeyRegistrationOptions(app, headers);

/** A user with one passkey on a fresh soft authenticator. */
async function withPasskey(o: SoftOptions = {}) {
  const user = await signedIn();
  return { user, ...(await registeredPasskey(ctx.app, user.headers, o)) };
}

async function signInOptions(app = ctx.app) {
  const res = await post('/web/authenticate/passkey/options', {}, {}, app);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ options: { challenge: string; rpId: string; userVerification: string } }>().options;
}

const signIn = (response: object, app = ctx.app) => post('/web/authenticate/passkey', { response }, {}, app);

describe('the relying party (decision 209)', () => {
  it('is PUBLIC_BASE_URL: its host name and its origin; a loopback address is served as localhost', () => {
    expect(relyingParty({ publicBaseUrl: 'https://medida.example' })).toEqual({
      rpID: 'medida.example',
      origin: 'https://medida.example',
    });
    expect(relyingParty({ publicBaseUrl: 'http://localhost:3000' })).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:3000',
    });
    expect(relyingParty({ publicBaseUrl: 'http://127.0.0.1:4123' })).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:4123',
    });
  });
});

describe('registering a passkey', () => {
  it('asks for a discoverable credential with user verification, and stores it under its name', async () => {
    const user = await signedIn();
    const options = await registrationOptions(user.headers);
    expect(options).toMatchObject({
      rp: { id: 'medida.test', name: 'Medida' },
      user: { name: user.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    const authenticator = softAuthenticator(RP);
    const sent = ctx.mailer.sent.length;
    const res = await post(
      '/web/passkeys/register',
      { name: '  Work laptop ', response: authenticator.create(options) },
      user.headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      passkey: { name: 'Work laptop', device_type: 'singleDevice', backed_up: false, last_used_at: null },
    });
    const rows = await ctx.db.selectFrom('passkeys').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.credential_id).toBe(authenticator.credentials[0]!.id.toString('base64url'));
    expect(rows[0]!.transports).toBe('internal');
    await ctx.mailer.idle();
    const mail = ctx.mailer.sent.slice(sent).filter((m) => m.to === user.email);
    expect(mail.map((m) => m.subject)).toEqual(['Se agregó una llave de acceso a tu cuenta de Medida']);
    // The next options exclude it, and keep the same user handle.
    const again = await registrationOptions(user.headers);
    expect(again.excludeCredentials).toEqual([
      { id: rows[0]!.credential_id, type: 'public-key', transports: ['internal'] },
    ]);
    expect(again.user.id).toBe(options.user.id);
    // The challenge is in the database as a SHA-256 only.
    const challenges = await ctx.db
      .selectFrom('webauthn_challenges')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(challenges.map((c) => c.challenge_hash)).not.toContain(again.challenge);
  });

  it("refuses a spent challenge, another user's challenge, an expired one, another origin and no user verification", async () => {
    const user = await signedIn();
    const other = await signedIn();
    const authenticator = softAuthenticator(RP);
    const register = (response: object, headers = user.headers) =>
      post('/web/passkeys/register', { name: 'Key', response }, headers);
    const expectRejected = async (response: object, headers = user.headers) => {
      const res = await register(response, headers);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ error: { message: { response: [expect.any(String)] } } });
    };

    // Another user's challenge.
    await expectRejected(authenticator.create(await registrationOptions(other.headers)));
    // Another origin, another RP ID, no user verification.
    await expectRejected(
      authenticator.create(await registrationOptions(user.headers), { origin: 'https://evil.example' }),
    );
    await expectRejected(authenticator.create(await registrationOptions(user.headers), { rpId: 'evil.example' }));
    await expectRejected(authenticator.create(await registrationOptions(user.headers), { uv: false }));
    // Expired: 5 minutes.
    const late = await registrationOptions(user.headers);
    ctx.clock.advance(5 * MINUTE + 1000);
    await expectRejected(authenticator.create(late));
    // Spent: the first use is good, the replay is refused.
    const good = authenticator.create(await registrationOptions(user.headers));
    expect((await register(good)).statusCode).toBe(201);
    await expectRejected(good);
    // A forged clientDataJSON: a 422, never a 500.
    await expectRejected({ ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } });
    expect(await ctx.db.selectFrom('passkeys').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  it('refuses the same credential twice', async () => {
    const { user, authenticator } = await withPasskey();
    // The authenticator hands back the credential id it already has (a browser would refuse: excludeCredentials).
    const response = authenticator.create(await registrationOptions(user.headers), {
      id: authenticator.credentials[0]!.id,
    });
    const res = await post('/web/passkeys/register', { name: 'Again', response }, user.headers);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      error: { message: { response: [expect.stringMatching(/ya está registrada/)] } },
    });
  });
});

describe("managing one's passkeys", () => {
  it("lists, renames and deletes only one's own; another user's passkey is 404", async () => {
    const { user, passkey } = await withPasskey();
    const stranger = await signedIn();
    const list = await ctx.app.inject({ method: 'GET', url: '/web/passkeys', headers: stranger.headers });
    expect(list.json()).toEqual({ passkeys: [] });
    const own = await ctx.app.inject({ method: 'GET', url: '/web/passkeys', headers: user.headers });
    expect(own.json<{ passkeys: { id: number; name: string }[] }>().passkeys.map((p) => p.name)).toEqual(['Laptop']);

    const rename = (headers: Record<string, string>, name: string) =>
      ctx.app.inject({ method: 'PATCH', url: `/web/passkeys/${passkey.id}`, payload: { name }, headers });
    expect((await rename(stranger.headers, 'Mine now')).statusCode).toBe(404);
    expect((await rename(user.headers, 'x'.repeat(61))).statusCode).toBe(422);
    const renamed = await rename(user.headers, 'Phone');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ passkey: { id: passkey.id, name: 'Phone' } });

    const remove = (headers: Record<string, string>, password: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/web/passkeys/${passkey.id}`, payload: { password }, headers });
    expect((await remove(stranger.headers, stranger.password)).statusCode).toBe(404);
    const wrong = await remove(user.headers, `${user.password}x`);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ error: { message: { password: [expect.any(String)] } } });
    expect(await ctx.db.selectFrom('passkeys').select('name').where('id', '=', passkey.id).execute()).toEqual([
      { name: 'Phone' },
    ]);

    const sent = ctx.mailer.sent.length;
    expect((await remove(user.headers, user.password)).statusCode).toBe(204);
    expect(await ctx.db.selectFrom('passkeys').select('id').where('id', '=', passkey.id).execute()).toEqual([]);
    await ctx.mailer.idle();
    expect(ctx.mailer.sent.slice(sent).map((m) => [m.to, m.subject])).toEqual([
      [user.email, 'Se eliminó una llave de acceso de tu cuenta de Medida'],
    ]);
    expect((await remove(user.headers, user.password)).statusCode).toBe(404);
  });
});

describe('signing in with a passkey alone', () => {
  it('opens a session whose second factor is the passkey, with user verification required', async () => {
    const { user, authenticator } = await withPasskey();
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'medida.test', userVerification: 'required' });
    expect(options).not.toHaveProperty('allowCredentials.0');
    const res = await signIn(authenticator.get(options));
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json<{ token: string }>();
    const me = await ctx.app.inject({ method: 'GET', url: '/web/authenticate/user', headers: bearer(token) });
    expect(me.json()).toMatchObject({ user: { id: user.id } });
    const sessions = await ctx.app.inject({ method: 'GET', url: '/web/sessions', headers: bearer(token) });
    expect(sessions.json<{ sessions: { current: boolean; second_factor: string | null }[] }>().sessions).toContainEqual(
      expect.objectContaining({ current: true, second_factor: 'passkey' }),
    );
    const row = await ctx.db
      .selectFrom('passkeys')
      .select(['sign_count', 'last_used_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.sign_count).toBe(1);
    expect(row.last_used_at).toEqual(ctx.clock.now());
  });

  it('refuses a replay, a counter that went back, no user verification, another origin, a deleted account', async () => {
    const refused = async (response: object) => {
      const res = await signIn(response);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ error: { key: 'errors.passkeyRefused' } });
    };
    // Each case on its own account: five refusals in a row would start the account's back-off (tested below).
    const used = async () => {
      const { user, authenticator } = await withPasskey();
      expect((await signIn(authenticator.get(await signInOptions()))).statusCode).toBe(200);
      return { user, authenticator };
    };
    const replayed = await used();
    const good = replayed.authenticator.get(await signInOptions());
    expect((await signIn(good)).statusCode).toBe(200);
    await refused(good);
    // A cloned authenticator: its counter is behind the stored one (decision 210).
    const cloned = await used();
    await refused(cloned.authenticator.get(await signInOptions(), undefined, { counter: 1 }));
    await refused(cloned.authenticator.get(await signInOptions(), undefined, { counter: 0 }));
    expect((await signIn(cloned.authenticator.get(await signInOptions(), undefined, { counter: 5 }))).statusCode).toBe(
      200,
    );
    const other = await used();
    await refused(other.authenticator.get(await signInOptions(), undefined, { uv: false }));
    await refused(other.authenticator.get(await signInOptions(), undefined, { origin: 'https://evil.example' }));
    await refused(other.authenticator.get(await signInOptions(), undefined, { rpId: 'evil.example' }));
    const wrongHandle = other.authenticator.get(await signInOptions());
    await refused({ ...wrongHandle, response: { ...wrongHandle.response, userHandle: 'c29tZW9uZS1lbHNl' } });
    // A challenge that was never issued, and one that expired.
    const stale = await used();
    await refused(stale.authenticator.get({ challenge: 'bm90LWEtY2hhbGxlbmdlLWF0LWFsbA' }));
    const late = await signInOptions();
    ctx.clock.advance(5 * MINUTE + 1000);
    await refused(stale.authenticator.get(late));
    // A deleted account's passkey.
    await ctx.db.updateTable('users').set({ deleted_at: ctx.clock.now() }).where('id', '=', stale.user.id).execute();
    await refused(stale.authenticator.get(await signInOptions()));
  });

  it('accepts a synced passkey whose counter stays 0 (decision 210)', async () => {
    const { authenticator } = await withPasskey({ synced: true });
    const rows = await ctx.db
      .selectFrom('passkeys')
      .select(['device_type', 'backed_up'])
      .where('credential_id', '=', authenticator.credentials[0]!.id.toString('base64url'))
      .execute();
    expect(rows).toEqual([{ device_type: 'multiDevice', backed_up: true }]);
    for (let i = 0; i < 3; i++) {
      expect((await signIn(authenticator.get(await signInOptions(), undefined, { synced: true }))).statusCode).toBe(
        200,
      );
    }
  });

  it('is throttled like the password: per account once the credential names it', async () => {
    const { user, authenticator } = await withPasskey();
    const unsigned = (response: ReturnType<typeof authenticator.get>) => ({
      ...response,
      response: { ...response.response, signature: response.response.signature.replace(/^../, 'AA') },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await signIn(unsigned(authenticator.get(await signInOptions())))).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
    // The password is held back the same way: one account, one back-off.
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/web/authenticate',
      payload: { email: user.email, password: user.password },
      remoteAddress: freshIp(),
    });
    expect(password.statusCode).toBe(429);
  });
});

describe('the challenge store across instances', () => {
  it.skipIf(!process.env.DATABASE_URL)('starts a ceremony on one instance and finishes it on another', async () => {
    const first = await createFreshTestDb();
    const second = await createDb({ postgres: { connectionString: first.connectionString!, max: 2 } });
    const one = await createTestApp({}, { handle: first });
    const two = await createTestApp({}, { handle: second });
    try {
      const user: TestUser = await insertUser(one);
      const headers = bearer(await login(one.app, user));
      const authenticator = softAuthenticator(RP);
      const options = await registrationOptions(headers, one.app);
      const res = await post(
        '/web/passkeys/register',
        { name: 'K', response: authenticator.create(options) },
        headers,
        two.app,
      );
      expect(res.statusCode, res.body).toBe(201);
      const signInAt = await signInOptions(two.app);
      expect((await signIn(authenticator.get(signInAt), one.app)).statusCode).toBe(200);
      // Spent on one: refused on the other.
      const replay = authenticator.get(await signInOptions(one.app));
      expect((await signIn(replay, two.app)).statusCode).toBe(200);
      expect((await signIn(replay, one.app)).statusCode).toBe(401);
    } finally {
      await two.close();
      await one.close();
    }
  });
});

describe('a passkey as the second step after the password', () => {
  const password = (user: { email: string; password: string }) =>
    post('/web/authenticate', { email: user.email, password: user.password });
  const stepOptions = async (ticket: string) => {
    const res = await post('/web/authenticate/second-factor/passkey/options', { ticket });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ options: { challenge: string; allowCredentials: { id: string }[]; userVerification: string } }>()
      .options;
  };
  const step = (ticket: string, response: object) =>
    post('/web/authenticate/second-factor/passkey', { ticket, response });

  it("asks for it after the password, and signs in with one of the user's own passkeys for that ticket only", async () => {
    const { user, authenticator } = await withPasskey();
    const first = await password(user);
    expect(first.statusCode).toBe(200);
    const { ticket, methods } = first.json<{ second_factor: { ticket: string; methods: string[] } }>().second_factor;
    expect(methods).toEqual(['passkey']);
    const options = await stepOptions(ticket);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id.toString('base64url')]);
    expect(options.userVerification).toBe('preferred');

    // Another user's passkey, even with a good signature, does not answer this ticket.
    const other = await withPasskey();
    expect((await step(ticket, other.authenticator.get(options))).statusCode).toBe(401);
    // A usernameless challenge does not answer a ticket either.
    expect((await step(ticket, authenticator.get(await signInOptions()))).statusCode).toBe(401);
    // Its own, without user verification (the password was the other factor): a session with the passkey.
    const res = await step(ticket, authenticator.get(await stepOptions(ticket), undefined, { uv: false }));
    expect(res.statusCode, res.body).toBe(200);
    const sessions = await ctx.app.inject({
      method: 'GET',
      url: '/web/sessions',
      headers: bearer(res.json<{ token: string }>().token),
    });
    expect(sessions.json<{ sessions: { current: boolean; second_factor: string }[] }>().sessions).toContainEqual(
      expect.objectContaining({ current: true, second_factor: 'passkey' }),
    );
    // The ticket is spent.
    expect((await post('/web/authenticate/second-factor/passkey/options', { ticket })).statusCode).toBe(401);
  });

  it('refuses a ticket that is unknown or expired', async () => {
    const { user } = await withPasskey();
    const { ticket } = (await password(user)).json<{ second_factor: { ticket: string } }>().second_factor;
    expect((await post('/web/authenticate/second-factor/passkey/options', { ticket: 'x'.repeat(43) })).statusCode).toBe(
      401,
    );
    ctx.clock.advance(5 * MINUTE + 1000);
    const late = await post('/web/authenticate/second-factor/passkey/options', { ticket });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ error: { key: 'errors.signInTicketInvalid' } });
  });
});

describe("a passkey and the account's requirement of a second factor (decisions 208, 210)", () => {
  async function requiringRoot() {
    const root = await signedIn();
    // The root's own session must have used a second factor to switch the requirement on: its passkey does.
    const { authenticator } = await registeredPasskey(ctx.app, root.headers);
    const token = (await signIn(authenticator.get(await signInOptions()))).json<{ token: string }>().token;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/web/second-factor/network-policy',
      payload: { required: true },
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { root, headers: bearer(token) };
  }

  it('lets a professional held at the enrolment add a passkey, which upgrades its session', async () => {
    const { root } = await requiringRoot();
    const child = await signedIn({ parent_user_id: root.id });
    const blocked = await ctx.app.inject({ method: 'GET', url: '/web/sessions', headers: child.headers });
    expect(blocked.statusCode).toBe(403);
    await registeredPasskey(ctx.app, child.headers);
    const open = await ctx.app.inject({ method: 'GET', url: '/web/sessions', headers: child.headers });
    expect(open.statusCode).toBe(200);
    expect(open.json<{ sessions: { current: boolean; second_factor: string }[] }>().sessions).toContainEqual(
      expect.objectContaining({ current: true, second_factor: 'passkey' }),
    );
  });

  it('refuses to delete the last factor while the account requires one; a second passkey may go', async () => {
    const { root, headers } = await requiringRoot();
    const [only] = (await ctx.db.selectFrom('passkeys').select('id').where('user_id', '=', root.id).execute())!;
    const remove = (id: number) =>
      ctx.app.inject({ method: 'DELETE', url: `/web/passkeys/${id}`, payload: { password: root.password }, headers });
    const refused = await remove(only!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { key: 'errors.secondFactorStillRequired' } });
    const second = await registeredPasskey(ctx.app, headers);
    expect((await remove(second.passkey.id)).statusCode).toBe(204);
    expect((await remove(only!.id)).statusCode).toBe(409);
  });

  it('goes with the other factors when a professional above resets them (a lost device)', async () => {
    const root = await signedIn();
    const child = await signedIn({ parent_user_id: root.id });
    await registeredPasskey(ctx.app, child.headers);
    const res = await post(`/web/people/${child.id}/second-factor/reset`, {}, root.headers);
    expect(res.statusCode, res.body).toBe(204);
    expect(await ctx.db.selectFrom('passkeys').select('id').where('user_id', '=', child.id).execute()).toEqual([]);
  });
});
