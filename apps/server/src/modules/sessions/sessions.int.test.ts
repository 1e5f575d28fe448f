import { ErrorCode, type ActiveSession } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import { bearer, freshIp, insertUser } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

async function loginFrom(user: { email: string; password: string }, ip: string, userAgent: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/web/authenticate',
    payload: { email: user.email, password: user.password },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}
const list = (token: string) => ctx.app.inject({ method: 'GET', url: '/web/sessions', headers: bearer(token) });
const listed = async (token: string) => (await list(token)).json<{ sessions: ActiveSession[] }>().sessions;
const endOne = (token: string, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/web/sessions/${id}`, headers: bearer(token) });
const endOthers = (token: string) => ctx.app.inject({ method: 'DELETE', url: '/web/sessions', headers: bearer(token) });
const whoAmI = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/web/authenticate/user', headers: bearer(token) })).statusCode;

describe('GET /web/sessions', () => {
  it("lists the user's live sessions with device, address and last use, the current one marked", async () => {
    const user = await insertUser(ctx);
    const laptopIp = freshIp();
    const laptop = await loginFrom(user, laptopIp, 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0');
    ctx.clock.advance(2 * MINUTE);
    const phone = await loginFrom(user, freshIp(), 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1');
    const other = await insertUser(ctx);
    await loginFrom(other, freshIp(), 'curl/8');
    // A minute later, so the laptop's use by the request below is strictly the most recent.
    ctx.clock.advance(2 * MINUTE);

    const res = await list(laptop);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const sessions = res.json<{ sessions: ActiveSession[] }>().sessions;
    expect(sessions).toHaveLength(2);
    // Most recently used first: this very request has just used the laptop's session.
    expect(sessions[0]).toMatchObject({ current: true, ip: laptopIp, user_agent: expect.stringContaining('Windows') });
    expect(sessions[1]).toMatchObject({ current: false, user_agent: expect.stringContaining('iPhone') });
    expect(Object.keys(sessions[0]!).sort()).toEqual([
      'created_at',
      'current',
      'id',
      'ip',
      'last_seen_at',
      'second_factor',
      'user_agent',
    ]);
    expect((await listed(phone)).find((s) => s.current)?.user_agent).toContain('iPhone');
  });

  it('leaves out revoked and expired sessions', async () => {
    const user = await insertUser(ctx);
    const a = await loginFrom(user, freshIp(), 'A');
    const b = await loginFrom(user, freshIp(), 'B');
    await ctx.app.inject({ method: 'POST', url: '/web/logout', headers: bearer(b) });
    ctx.clock.advance(13 * HOUR);
    const c = await loginFrom(user, freshIp(), 'C');
    expect(await whoAmI(a)).toBe(401);
    expect((await listed(c)).map((s) => s.user_agent)).toEqual(['C']);
  });
});

describe('session look-ups of concurrent requests (decision 170: looked up together)', () => {
  it('gives each request its own session: the right user for a live token, 401 for an ended or unknown one', async () => {
    const users = [await insertUser(ctx), await insertUser(ctx), await insertUser(ctx)];
    const live = [];
    for (const user of users) live.push({ token: await loginFrom(user, freshIp(), 'live'), id: user.id });
    const ended = await loginFrom(users[0]!, freshIp(), 'ended');
    await ctx.app.inject({ method: 'POST', url: '/web/logout', headers: bearer(ended) });
    const tokens = [...live.map((l) => l.token), ended, 'x'.repeat(43)];
    const expected = [...live.map((l) => l.id), 401, 401];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        ctx.app.inject({ method: 'GET', url: '/web/authenticate/user', headers: bearer(tokens[i % tokens.length]!) }),
      ),
    );
    expect(
      answers.map((a) => (a.statusCode === 200 ? a.json<{ user: { id: number } }>().user.id : a.statusCode)),
    ).toEqual(answers.map((_, i) => expected[i % tokens.length]));
  });
});

describe('DELETE /web/sessions/:id', () => {
  it('ends only that session; the others keep working', async () => {
    const user = await insertUser(ctx);
    const a = await loginFrom(user, freshIp(), 'A');
    const b = await loginFrom(user, freshIp(), 'B');
    const c = await loginFrom(user, freshIp(), 'C');
    const idOfB = (await listed(a)).find((s) => s.user_agent === 'B')!.id;
    const res = await endOne(a, idOfB);
    expect(res.statusCode).toBe(204);
    expect(await whoAmI(b)).toBe(401);
    expect(await whoAmI(a)).toBe(200);
    expect(await whoAmI(c)).toBe(200);
    expect((await listed(a)).map((s) => s.user_agent).sort()).toEqual(['A', 'C']);
  });

  it('ending the current session logs out', async () => {
    const user = await insertUser(ctx);
    const a = await loginFrom(user, freshIp(), 'A');
    const own = (await listed(a))[0]!.id;
    expect((await endOne(a, own)).statusCode).toBe(204);
    expect(await whoAmI(a)).toBe(401);
  });

  it("answers 404 for another user's session, an ended one and an unknown id, and ends nothing", async () => {
    const victim = await insertUser(ctx);
    const victimToken = await loginFrom(victim, freshIp(), 'victim');
    const victimSession = (await listed(victimToken))[0]!.id;
    const attacker = await insertUser(ctx);
    const attackerToken = await loginFrom(attacker, freshIp(), 'attacker');

    const foreign = await endOne(attackerToken, victimSession);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe(ErrorCode.notFound);
    expect(await whoAmI(victimToken)).toBe(200);

    expect((await endOne(attackerToken, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const own = (await listed(attackerToken))[0]!.id;
    const second = await loginFrom(attacker, freshIp(), 'attacker-2');
    expect((await endOne(attackerToken, own)).statusCode).toBe(204);
    expect((await endOne(second, own)).statusCode).toBe(404);
  });

  it('answers 422 with a translated field error for an id that is not a UUID', async () => {
    const user = await insertUser(ctx);
    const token = await loginFrom(user, freshIp(), 'A');
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: "/web/sessions/1' OR '1'='1",
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message.id).toEqual(['Invalid value.']);
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/web/sessions/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /web/sessions', () => {
  it('ends every other session of the user and keeps the current one and other users', async () => {
    const user = await insertUser(ctx);
    const others = [];
    for (const agent of ['B', 'C', 'D']) others.push(await loginFrom(user, freshIp(), agent));
    const current = await loginFrom(user, freshIp(), 'A');
    const stranger = await insertUser(ctx);
    const strangerToken = await loginFrom(stranger, freshIp(), 'S');

    const res = await endOthers(current);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 3 });
    for (const token of others) expect(await whoAmI(token)).toBe(401);
    expect(await whoAmI(current)).toBe(200);
    expect(await whoAmI(strangerToken)).toBe(200);
    expect(await listed(current)).toHaveLength(1);
    expect((await endOthers(current)).json()).toEqual({ ended: 0 });
  });
});
