import { USER_TYPE, ErrorCode } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { bearer, freshIp, insertUser, login, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createPasswordHasher } from '../../lib/passwords.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const authenticate = (email: string, password: string, ip = freshIp()) =>
  ctx.app.inject({ method: 'POST', url: '/web/authenticate', payload: { email, password }, remoteAddress: ip });
const sessionUser = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/web/authenticate/user', headers: bearer(token) });

describe('POST /web/authenticate', () => {
  it('returns an opaque 43-character token and stores only its SHA-256', async () => {
    const user = await insertUser(ctx);
    const res = await authenticate(user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await ctx.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((s) => s.token_hash)).toEqual([sha256Hex(token)]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives the same 401 body for a wrong password and for an unknown e-mail', async () => {
    const user = await insertUser(ctx);
    const wrong = await authenticate(user.email, `${user.password}x`);
    const unknown = await authenticate(uniqueEmail('nobody'), user.password);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toMatchObject({
      error: { code: ErrorCode.invalidCredentials, key: 'errors.invalidCredentials' },
    });
  });

  it('checks the password exactly as typed (no case folding, no truncation)', async () => {
    const user = await insertUser(ctx, { password: 'contraseña ñandú' });
    expect((await authenticate(user.email, 'CONTRASEÑA ÑANDÚ')).statusCode).toBe(401);
    expect((await authenticate(user.email, 'contraseña ñandú ')).statusCode).toBe(401);
    expect((await authenticate(user.email, 'contraseña ñandú')).statusCode).toBe(200);
  });

  it('issues a new, distinct token on every login', async () => {
    const user = await insertUser(ctx);
    const a = await login(ctx.app, user);
    const b = await login(ctx.app, user);
    expect(a).not.toBe(b);
    expect((await sessionUser(a)).statusCode).toBe(200);
    expect((await sessionUser(b)).statusCode).toBe(200);
  });

  it('rehashes a password stored with weaker argon2 parameters on login', async () => {
    const weak = createPasswordHasher({ memoryCost: 4096, timeCost: 1, parallelism: 1 });
    const user = await insertUser(ctx);
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await weak.hash(user.password) })
      .where('id', '=', user.id)
      .execute();
    await login(ctx.app, user);
    const { password_hash } = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses deleted accounts like unknown ones', async () => {
    const user = await insertUser(ctx, { deleted_at: new Date() });
    expect((await authenticate(user.email, user.password)).statusCode).toBe(401);
  });
});

describe('login throttling', () => {
  it('allows 5 failures, then answers 429 with Retry-After; the correct password works after the wait; other accounts are unaffected', async () => {
    const victim = await insertUser(ctx);
    const bystander = await insertUser(ctx);
    for (let i = 0; i < 5; i++) expect((await authenticate(victim.email, 'wrong-password')).statusCode).toBe(401);

    const throttled = await authenticate(victim.email, victim.password);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('1');
    expect(throttled.json()).toMatchObject({ error: { code: ErrorCode.tooManyRequests } });
    expect((await authenticate(bystander.email, bystander.password)).statusCode).toBe(200);

    ctx.clock.advance(1000);
    expect((await authenticate(victim.email, 'wrong-again')).statusCode).toBe(401); // 6th failure: next wait 2 s
    const second = await authenticate(victim.email, victim.password);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');

    ctx.clock.advance(2000);
    expect((await authenticate(victim.email, victim.password)).statusCode).toBe(200);
    // Success resets the counter: five free failures again.
    for (let i = 0; i < 5; i++) expect((await authenticate(victim.email, 'nope-nope')).statusCode).toBe(401);
  });

  it('throttles unknown e-mails exactly like real accounts (no enumeration through 429s)', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await authenticate(ghost, 'whatever1')).statusCode).toBe(401);
    const res = await authenticate(ghost, 'whatever1');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
  });

  it('caps the wait at 15 minutes and refuses every attempt from unknown browsers at 100 failures in the window', async () => {
    const user = await insertUser(ctx);
    let lastRetryAfter = 0;
    for (let failures = 1; failures <= 100; failures++) {
      expect((await authenticate(user.email, 'wrong-password')).statusCode).toBe(401);
      if (failures >= 5 && failures < 100) {
        // An attempt during the wait is refused without being counted.
        const blocked = await authenticate(user.email, 'wrong-password');
        expect(blocked.statusCode).toBe(429);
        lastRetryAfter = Number(blocked.headers['retry-after']);
        ctx.clock.advance(lastRetryAfter * 1000);
      }
    }
    expect(lastRetryAfter).toBe(15 * 60);
    ctx.clock.advance(60 * MINUTE);
    const disabled = await authenticate(user.email, user.password);
    expect(disabled.statusCode).toBe(429);
  });

  it('limits one IP to 20 attempts a minute, whatever the accounts', async () => {
    const ip = freshIp();
    const user = await insertUser(ctx);
    for (let i = 0; i < 20; i++)
      expect((await authenticate(uniqueEmail('spray'), 'password1', ip)).statusCode).toBe(401);
    const blocked = await authenticate(user.email, user.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await authenticate(user.email, user.password, freshIp())).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /web/authenticate/user returns id, type and cambia_pass', async () => {
    const user = await insertUser(ctx, { type: USER_TYPE.client, cambia_pass: 1 });
    const res = await sessionUser(await login(ctx.app, user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: user.id,
        type: 2,
        cambia_pass: 1,
        email_verified: true,
        second_factor_required: false,
        operator: false,
      },
    });
  });

  it('rejects missing, malformed, unknown and one-character-changed tokens with 401', async () => {
    const token = await login(ctx.app, await insertUser(ctx));
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    for (const authorization of [undefined, 'Bearer', `Basic ${token}`, `Bearer ${flipped}`, `Bearer ${token}x`]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/web/authenticate/user',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: ErrorCode.unauthenticated } });
    }
  });

  it('accepts the X-Requested-With marker without requiring it', async () => {
    const token = await login(ctx.app, await insertUser(ctx));
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/web/authenticate/user',
      headers: { ...bearer(token), 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('logout revokes the current token only', async () => {
    const user = await insertUser(ctx);
    const a = await login(ctx.app, user);
    const b = await login(ctx.app, user);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/logout',
      headers: { ...bearer(a), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(204);
    expect((await sessionUser(a)).statusCode).toBe(401);
    expect((await sessionUser(b)).statusCode).toBe(200);
  });

  it('expires after 30 idle minutes, and activity slides the idle window', async () => {
    const token = await login(ctx.app, await insertUser(ctx));
    ctx.clock.advance(29 * MINUTE);
    expect((await sessionUser(token)).statusCode).toBe(200); // touches the session
    ctx.clock.advance(29 * MINUTE);
    expect((await sessionUser(token)).statusCode).toBe(200);
    ctx.clock.advance(30 * MINUTE);
    expect((await sessionUser(token)).statusCode).toBe(401);
  });

  it('expires 12 hours after login even when kept active', async () => {
    const token = await login(ctx.app, await insertUser(ctx));
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      ctx.clock.advance(20 * MINUTE);
      expect((await sessionUser(token)).statusCode).toBe(200);
    }
    ctx.clock.advance(20 * MINUTE);
    expect((await sessionUser(token)).statusCode).toBe(401);
  });

  it('a deleted account loses its sessions', async () => {
    const user = await insertUser(ctx);
    const token = await login(ctx.app, user);
    await ctx.db.updateTable('users').set({ deleted_at: ctx.clock.now() }).where('id', '=', user.id).execute();
    expect((await sessionUser(token)).statusCode).toBe(401);
  });
});

describe('sign-ins per client address: configurable (security.md §4.4)', () => {
  it('takes its limits from LOGIN_IP_PER_MINUTE and LOGIN_IP_PER_HOUR (a clinic behind one NAT address)', async () => {
    const configured = await createTestApp({ LOGIN_IP_PER_MINUTE: '3', LOGIN_IP_PER_HOUR: '5' });
    try {
      const user = await insertUser(configured);
      const signIn = () =>
        configured.app.inject({
          method: 'POST',
          url: '/web/authenticate',
          payload: { email: user.email, password: user.password },
          remoteAddress: '198.51.100.7',
        });
      for (let i = 0; i < 3; i++) expect((await signIn()).statusCode).toBe(200);
      expect((await signIn()).statusCode).toBe(429); // refused attempts count too: 4 of the hour's 5
      configured.clock.advance(MINUTE);
      expect((await signIn()).statusCode).toBe(200); // the hour's 5th
      configured.clock.advance(MINUTE);
      expect((await signIn()).statusCode).toBe(429); // the hour's limit, although the minute is new
    } finally {
      await configured.close();
    }
  });
});
