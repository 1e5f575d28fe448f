import { randomUUID } from 'node:crypto';
import { CHAT_CLOSE, ErrorCode } from '@medida/contracts';
import { createDb, type DbHandle } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../lib/tokens.ts';
import { SHARED_SEND_RATE } from '../modules/chat/chat.routes.ts';
import { createChatService } from '../modules/chat/chat.service.ts';
import { connectChat, type ChatTestClient } from '../test/chat-client.ts';
import { freshIp, insertUser, login, registrationBody } from '../test/factories.ts';
import { loggedIn } from '../test/people-factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

const LOCALHOST = '127.0.0.1';
const PER_ADDRESS = 12;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every limit holds per account and per address across server instances, not per process (issue 34 item 3, decision
 * 222): two app instances on one database. On PostgreSQL each has its own pool (and NOTIFY link); on PGlite, where
 * one process owns the database, the two apps share its handle: the counters are the same rows either way.
 */
describe('limits shared by two server instances on one database', () => {
  let one: TestContext;
  let two: TestContext;
  let urlOne: string;
  let urlTwo: string;
  const sockets: ChatTestClient[] = [];

  beforeAll(async () => {
    const first = await createFreshTestDb();
    const second: DbHandle = first.connectionString
      ? await createDb({ postgres: { connectionString: first.connectionString, max: 5 } })
      : first;
    const env = {
      LOGIN_IP_PER_MINUTE: '4',
      REGISTER_IP_PER_HOUR: '2',
      CHAT_SOCKETS_PER_ADDRESS: String(PER_ADDRESS),
      // Heartbeats only when a test calls beat(): a timer's beat could sweep the dead instance before it is counted.
      INSTANCE_HEARTBEAT_SECONDS: '600',
    };
    one = await createTestApp(env, { handle: first });
    two = await createTestApp(env, { handle: second });
    urlOne = await one.app.listen({ port: 0, host: LOCALHOST });
    urlTwo = await two.app.listen({ port: 0, host: LOCALHOST });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    // On PGlite both close the one handle: the second close may find it closed.
    await two?.close().catch(() => undefined);
    await one?.close().catch(() => undefined);
  });

  const instances = () => [one, two];

  it("an e-mail's login back-off counts the failures of both instances", async () => {
    const user = await insertUser(one);
    const attempt = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/web/authenticate',
        payload: { email: user.email, password: 'not the password' },
        remoteAddress: freshIp(),
      });
    // Five free failures in all, alternating: per process each instance would allow five.
    for (let i = 0; i < 5; i++) expect((await attempt(instances()[i % 2]!)).statusCode).toBe(401);
    for (const ctx of instances()) {
      const res = await attempt(ctx);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe(ErrorCode.tooManyRequests);
    }
  });

  it("an address's sign-in limit counts the attempts on both instances", async () => {
    const ip = freshIp();
    const attempt = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/web/authenticate',
        payload: { email: `nobody-${randomUUID()}@medida.test`, password: 'whatever it is' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 4; i++) expect((await attempt(instances()[i % 2]!)).statusCode).toBe(401);
    for (const ctx of instances()) expect((await attempt(ctx)).statusCode).toBe(429);
  });

  it("an address's sign-up limit counts the registrations on both instances", async () => {
    const ip = freshIp();
    const register = (ctx: TestContext) =>
      ctx.app.inject({ method: 'POST', url: '/web/creacuenta', payload: registrationBody(), remoteAddress: ip });
    expect((await register(one)).statusCode).toBe(202);
    expect((await register(two)).statusCode).toBe(202);
    for (const ctx of instances()) expect((await register(ctx)).statusCode).toBe(429);
    await one.mailer.idle();
    await two.mailer.idle();
  });

  it("a user's chat sends count on both instances together (one window: at most one bucket's most)", async () => {
    const pro = await loggedIn(one);
    const client = await insertUser(one, { type: 2, parent_user_id: pro.id });
    const room = await one.app.inject({
      method: 'POST',
      url: '/web/getOrCreateUserChatRoom',
      headers: pro.headers,
      payload: { user_id: client.id },
    });
    const roomId = room.json().room.chat_room_id as string;
    const onOne = await connectChat(urlOne, pro.token);
    const onTwo = await connectChat(urlTwo, await login(two.app, pro));
    sockets.push(onOne, onTwo);

    // Each instance's bucket lets a burst through and refills: about 16 each, 32 together within one window (the
    // fake clocks stand still), of which the shared window stores its limit.
    let n = 0;
    const burst = (count: number) => {
      for (let i = 0; i < count; i++)
        for (const socket of [onOne, onTwo])
          socket.send({
            type: 'send',
            room_id: roomId,
            client_id: `rate-${String(++n).padStart(4, '0')}`,
            message: `m${n}`,
          });
    };
    burst(10);
    await sleep(1300);
    burst(6);
    const stored = async () =>
      Number(
        (
          await one.db
            .selectFrom('chat_messages')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('user_id', '=', pro.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const refusals = () =>
      [...onOne.frames, ...onTwo.frames].filter((f) => f.type === 'error' && f.code === 'too_many_requests').length;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await stored()) + refusals() < 2 * 16) await sleep(100);
    expect(await stored(), JSON.stringify([...onOne.frames, ...onTwo.frames].slice(0, 3))).toBe(SHARED_SEND_RATE.limit);
    expect(refusals()).toBe(2 * 16 - SHARED_SEND_RATE.limit);
    const refusal = [...onOne.frames, ...onTwo.frames].find((f) => f.type === 'error');
    expect(refusal).toMatchObject({ code: 'too_many_requests', key: 'chat.tooManyMessages' });

    // A window's counter goes once the window is over (every session-check interval), not after the hourly day.
    const counters = () =>
      one.db
        .selectFrom('rate_limit_counters')
        .select('hits')
        .where('scope', '=', `chat-send:${SHARED_SEND_RATE.windowMs}`)
        .execute();
    expect(await counters()).toEqual([{ hits: 2 * 16 }]);
    const chat = createChatService({ db: one.db, clock: one.clock, sendRate: SHARED_SEND_RATE });
    await chat.pruneSendRate();
    expect(await counters()).toHaveLength(1);
    one.clock.advance(3 * SHARED_SEND_RATE.windowMs);
    await chat.pruneSendRate();
    one.clock.advance(-3 * SHARED_SEND_RATE.windowMs);
    expect(await counters()).toEqual([]);
  });

  const liveSockets = async (column: 'user_id' | 'address_key', value: number | string) =>
    Number(
      (
        await one.db
          .selectFrom('chat_sockets')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where(column, '=', value)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const untilSockets = async (column: 'user_id' | 'address_key', value: number | string, n: number) => {
    const deadline = Date.now() + 5000;
    while ((await liveSockets(column, value)) !== n && Date.now() < deadline) await sleep(25);
    expect(await liveSockets(column, value)).toBe(n);
  };
  const closeAll = async (list: ChatTestClient[]) => {
    for (const s of list) s.close();
    await Promise.all(list.map((s) => s.closed));
  };

  it("a user's socket cap counts the sockets open on both instances", async () => {
    const user = await loggedIn(one);
    const tokenTwo = await login(two.app, user);
    const open: ChatTestClient[] = [];
    for (let i = 0; i < 5; i++) open.push(await connectChat(urlOne, user.token), await connectChat(urlTwo, tokenTwo));
    await untilSockets('user_id', user.id, 10);
    for (const [url, token] of [
      [urlOne, user.token],
      [urlTwo, tokenTwo],
    ] as const) {
      const refused = await connectChat(url, token);
      expect((await refused.closed).code).toBe(CHAT_CLOSE.tooManySockets);
      expect(refused.frames).toContainEqual(expect.objectContaining({ type: 'error', key: 'chat.tooManySockets' }));
    }
    // One closed on instance one frees a slot on instance two.
    await closeAll(open.splice(0, 1));
    await untilSockets('user_id', user.id, 9);
    const admitted = await connectChat(urlTwo, tokenTwo);
    open.push(admitted);
    await untilSockets('user_id', user.id, 10);
    await closeAll(open);
    await untilSockets('user_id', user.id, 0);
  });

  it("an address's socket cap counts the sockets of every user on both instances", async () => {
    const address = sha256Hex(LOCALHOST);
    await untilSockets('address_key', address, 2); // the send-rate test's two
    const users = await Promise.all([loggedIn(one), loggedIn(one)]);
    const open: ChatTestClient[] = [];
    for (let i = 0; i < PER_ADDRESS - 2; i++)
      open.push(await connectChat(i % 2 ? urlTwo : urlOne, users[i % 2]!.token));
    await untilSockets('address_key', address, PER_ADDRESS);
    const refused = await connectChat(urlTwo, await login(two.app, users[0]!));
    expect((await refused.closed).code).toBe(CHAT_CLOSE.tooManySockets);
    await closeAll(open);
    await untilSockets('address_key', address, 2);
  });

  it("a killed instance's sockets stop counting, and a heartbeat removes them", async () => {
    const user = await loggedIn(one);
    // What a killed instance leaves behind: its row, its heartbeat a few intervals old, and the user's ten sockets.
    const dead = randomUUID();
    const longAgo = new Date(one.clock.now().getTime() - 24 * 60 * 60_000);
    await one.db.insertInto('server_instances').values({ id: dead, seen_at: longAgo }).execute();
    await one.db
      .insertInto('chat_sockets')
      .values(
        Array.from({ length: 10 }, () => ({
          id: randomUUID(),
          instance_id: dead,
          user_id: user.id,
          address_key: sha256Hex(LOCALHOST),
          opened_at: longAgo,
        })),
      )
      .execute();
    const admitted = await connectChat(urlTwo, await login(two.app, user));
    await untilSockets('user_id', user.id, 11);
    expect(admitted.socket.readyState).toBe(admitted.socket.OPEN);

    // Any instance's next heartbeat deletes the dead instance and, with it, its sockets.
    await one.app.deps.instance.beat();
    await untilSockets('user_id', user.id, 1);
    expect(await one.db.selectFrom('server_instances').select('id').where('id', '=', dead).execute()).toEqual([]);
    await closeAll([admitted]);
  });
});
