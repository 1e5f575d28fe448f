import { CHAT_CLOSE } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock.ts';
import { connectChat, type ChatTestClient } from '../../test/chat-client.ts';
import { loggedIn, type Actor } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/** An open chat socket is activity: it keeps its session alive like requests do, up to the absolute lifetime. */
describe('chat: a live socket extends its session', () => {
  let ctx: TestContext;
  let baseUrl: string;
  const sockets: ChatTestClient[] = [];

  beforeAll(async () => {
    // Idle 30 min, absolute 60 min; sockets re-check their sessions every second.
    ctx = await createTestApp({
      CHAT_SESSION_CHECK_SECONDS: '1',
      SESSION_IDLE_MINUTES: '30',
      SESSION_ABSOLUTE_MINUTES: '60',
    });
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await ctx?.close();
  });

  const rooms = (actor: Actor) =>
    ctx.app.inject({ method: 'POST', url: '/web/getUserChatRooms', headers: actor.headers });
  /** Waits until the socket check has run at the fake clock's current time (it writes last_seen_at). */
  const checkedAt = async (actor: Actor) => {
    const now = ctx.clock.now().getTime();
    await expect
      .poll(
        async () => {
          const row = await ctx.db
            .selectFrom('sessions')
            .select('last_seen_at')
            .where('user_id', '=', actor.id)
            .executeTakeFirstOrThrow();
          return row.last_seen_at.getTime();
        },
        { timeout: 5000, interval: 100 },
      )
      .toBe(now);
  };

  it('keeps the session of an open socket past the idle timeout, not past the absolute one', async () => {
    const chatting = await loggedIn(ctx);
    const idle = await loggedIn(ctx);
    const socket = await connectChat(baseUrl, chatting.token);
    sockets.push(socket);

    ctx.clock.advance(20 * MINUTE);
    await checkedAt(chatting);
    ctx.clock.advance(20 * MINUTE); // 40 min after login: past the 30 min idle timeout
    await checkedAt(chatting);

    expect((await rooms(chatting)).statusCode).toBe(200);
    expect((await rooms(idle)).statusCode).toBe(401);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);

    // The absolute lifetime still ends it: the socket is closed and the token refused.
    ctx.clock.advance(25 * MINUTE);
    const closed = await Promise.race([socket.closed, new Promise((r) => setTimeout(() => r('timeout'), 5000))]);
    expect(closed).toMatchObject({ code: CHAT_CLOSE.unauthenticated });
    expect((await rooms(chatting)).statusCode).toBe(401);
  });
});
