import { CHAT_CLOSE, CHAT_LIMITS, LANGUAGES, type ChatRoom } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChat, type ChatTestClient } from '../../test/chat-client.ts';
import { bearer, insertUser, login } from '../../test/factories.ts';
import { loggedIn, twoTenants, type Actor } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { translate } from '../../lib/i18n.ts';
import { createChatService } from './chat.service.ts';

describe('chat: rooms, history, unread counts and the socket', () => {
  let ctx: TestContext;
  let t: Awaited<ReturnType<typeof twoTenants>>;
  let baseUrl: string;
  let client: Actor;
  let colleague: Actor;
  const sockets: ChatTestClient[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ CHAT_SESSION_CHECK_SECONDS: '1' });
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    t = await twoTenants(ctx);
    client = { ...t.client, token: await login(ctx.app, t.client), headers: t.client.headers };
    client.headers = bearer(client.token);
    colleague = { ...t.colleague, token: await login(ctx.app, t.colleague), headers: bearer('') };
    colleague.headers = bearer(colleague.token);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await ctx?.close();
  });

  const open = async (actor: { token: string }, options: Parameters<typeof connectChat>[2] = {}) => {
    const socket = await connectChat(baseUrl, actor.token, options);
    sockets.push(socket);
    return socket;
  };
  const post = (actor: { headers: object }, url: string, payload?: object, lang = 'es') =>
    ctx.app.inject({ method: 'POST', url, headers: { ...actor.headers, 'accept-language': lang }, payload });
  const roomWith = async (actor: { headers: object }, otherId: number) => {
    const res = await post(actor, '/web/getOrCreateUserChatRoom', { user_id: otherId });
    expect(res.statusCode).toBe(200);
    return (res.json() as { room: ChatRoom }).room;
  };
  const roomsOf = async (actor: { headers: object }) =>
    (await post(actor, '/web/getUserChatRooms')).json() as { user_rooms: ChatRoom[]; unseen_total: number };
  let sequence = 0;
  const clientId = () => `test-${Date.now()}-${++sequence}`;

  it('opens rooms inside the account tree only; a stranger gets 404', async () => {
    const ownerClient = await roomWith(t.owner, t.client.id);
    expect(ownerClient.users.map((u) => u.user_id).sort()).toEqual([t.owner.id, t.client.id].sort());
    expect(ownerClient.users[0]!.profile).toEqual({ nombre: 'Ana', apellido: 'Pérez', img_url: '' });
    expect(ownerClient.lastMessage).toBeNull();
    // The client reaches its professional, and gets the same room.
    expect((await roomWith(client, t.owner.id)).chat_room_id).toBe(ownerClient.chat_room_id);
    // A network professional and its parent, both ways.
    expect((await roomWith(t.owner, t.colleague.id)).chat_room_id).toBe(
      (await roomWith(colleague, t.owner.id)).chat_room_id,
    );

    // Strangers: another tenant, its client, a client with a colleague of its professional, deleted or unknown users.
    for (const [actor, otherId] of [
      [t.owner, t.other.id],
      [t.other, t.client.id],
      [t.owner, t.otherClient.id],
      [client, t.colleague.id],
      [colleague, t.client.id],
      [t.owner, 999_999],
    ] as const) {
      const res = await post(actor, '/web/getOrCreateUserChatRoom', { user_id: otherId });
      expect(res.statusCode, `${actor.id} → ${otherId}`).toBe(404);
    }
    const self = await post(t.owner, '/web/getOrCreateUserChatRoom', { user_id: t.owner.id }, 'en');
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message.user_id).toEqual(['You cannot open a conversation with yourself.']);

    // A room id of someone else's conversation: 404 for history, read, and a send frame.
    const roomId = ownerClient.chat_room_id;
    const history = await ctx.app.inject({
      url: `/web/chat/messages?room_id=${roomId}`,
      headers: t.other.headers,
    });
    expect(history.statusCode).toBe(404);
    expect((await post(t.other, '/web/chat/read', { room_id: roomId })).statusCode).toBe(404);
    const stranger = await open(t.other);
    stranger.send({ type: 'send', room_id: roomId, client_id: clientId(), message: 'hola' });
    expect(await stranger.next('error')).toMatchObject({ code: 'not_found' });
    expect(await ctx.db.selectFrom('chat_messages').select('id').where('room_id', '=', roomId).execute()).toEqual([]);
    // Someone else's room list is not readable through the legacy user_id either.
    expect((await post(t.other, '/web/getUserChatRooms', { user_id: t.owner.id })).statusCode).toBe(404);
  });

  it('creates one room per pair under 20 concurrent calls from both sides', async () => {
    const pro = await loggedIn(ctx);
    const clientUser = await insertUser(ctx, { type: 2, parent_user_id: pro.id });
    const clientHeaders = bearer(await login(ctx.app, clientUser));
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? post(pro, '/web/getOrCreateUserChatRoom', { user_id: clientUser.id })
        : post({ headers: clientHeaders }, '/web/getOrCreateUserChatRoom', { user_id: pro.id }),
    );
    const results = await Promise.all(calls);
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.json().room.chat_room_id)).size).toBe(1);
    const rows = await ctx.db
      .selectFrom('chat_rooms')
      .select('id')
      .where('user_low', '=', Math.min(pro.id, clientUser.id))
      .execute();
    expect(rows).toHaveLength(1);
    const members = await ctx.db
      .selectFrom('chat_members')
      .select('user_id')
      .where('room_id', '=', rows[0]!.id)
      .execute();
    expect(members).toHaveLength(2);
  });

  it('delivers a message live, raises the reader’s unread count and badge, and opening the room clears it', async () => {
    const room = await roomWith(t.owner, t.client.id);
    const ownerSocket = await open(t.owner);
    const clientSocket = await open(client);
    const id = clientId();
    ctx.clock.advance(1000);
    clientSocket.send({ type: 'send', room_id: room.chat_room_id, client_id: id, message: '  Hola, ¿cómo va?  ' });

    const echo = await clientSocket.next('message', (f) => f.client_id === id);
    const received = await ownerSocket.next('message', (f) => f.message.id === echo.message.id);
    expect(received.client_id).toBeUndefined();
    expect(received.message).toMatchObject({
      room_id: room.chat_room_id,
      user_id: t.client.id,
      message: 'Hola, ¿cómo va?',
    });
    const updated = await ownerSocket.next('room-updated', (f) => f.room.lastMessage?.id === echo.message.id);
    expect(updated.room.unseen[String(t.owner.id)]).toBe(1);
    expect(updated.unseen_total).toBe(1);

    const list = await roomsOf(t.owner);
    expect(list.unseen_total).toBe(1);
    // Most recent first: the other rooms of the owner were created at the same (fake) instant as this one.
    expect(list.user_rooms[0]).toMatchObject({ chat_room_id: room.chat_room_id, lastMessage: { id: echo.message.id } });

    const read = await post(t.owner, '/web/chat/read', { room_id: room.chat_room_id });
    expect(read.statusCode).toBe(200);
    expect(read.json().room.unseen[String(t.owner.id)]).toBe(0);
    expect(await clientSocket.next('read', (f) => f.room_id === room.chat_room_id)).toMatchObject({
      user_id: t.owner.id,
    });
    expect((await ownerSocket.next('room-updated', (f) => f.unseen_total === 0)).room.unseen[String(t.owner.id)]).toBe(
      0,
    );
    expect((await roomsOf(t.owner)).unseen_total).toBe(0);
  });

  it('refuses sends to a room whose other member was deleted; its history stays readable', async () => {
    const pro = await loggedIn(ctx);
    const clientUser = await insertUser(ctx, { type: 2, parent_user_id: pro.id });
    const room = await roomWith(pro, clientUser.id);
    const socket = await open(pro);
    const before = clientId();
    socket.send({ type: 'send', room_id: room.chat_room_id, client_id: before, message: 'antes de borrar' });
    await socket.next('message', (f) => f.client_id === before);
    await ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', clientUser.id).execute();
    const after = clientId();
    socket.send({ type: 'send', room_id: room.chat_room_id, client_id: after, message: 'después' });
    expect(await socket.next('error', (f) => f.client_id === after)).toMatchObject({ code: 'not_found' });
    expect(await ctx.db.selectFrom('chat_messages').select('id').where('client_id', '=', after).execute()).toEqual([]);
    const history = await ctx.app.inject({
      url: `/web/chat/messages?room_id=${room.chat_room_id}`,
      headers: pro.headers,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().messages.map((m: { message: string }) => m.message)).toEqual(['antes de borrar']);
  });

  it('stores a retried send once and answers the retry with the stored message', async () => {
    const room = await roomWith(t.owner, t.client.id);
    const socket = await open(client);
    const id = clientId();
    const frame = { type: 'send', room_id: room.chat_room_id, client_id: id, message: 'una vez' };
    socket.send(frame);
    const first = await socket.next('message', (f) => f.client_id === id);
    socket.send(frame);
    const second = await socket.next('message', (f) => f.client_id === id);
    expect(second.message.id).toBe(first.message.id);
    const stored = await ctx.db.selectFrom('chat_messages').select('id').where('client_id', '=', id).execute();
    expect(stored).toHaveLength(1);
  });

  it('pages the history newest first by date then id, with no gaps or repeats', async () => {
    const pro = await loggedIn(ctx);
    const clientUser = await insertUser(ctx, { type: 2, parent_user_id: pro.id });
    const room = await roomWith(pro, clientUser.id);
    const chat = createChatService({ db: ctx.db, clock: ctx.clock });
    const sent: number[] = [];
    for (let i = 0; i < 75; i++) {
      // Pairs of messages share a timestamp: the id breaks the tie.
      if (i % 2 === 0) ctx.clock.advance(1000);
      const from = i % 3 === 0 ? clientUser.id : pro.id;
      const { message } = await chat.send({
        userId: from,
        roomId: room.chat_room_id,
        clientId: `page-${i}`,
        message: `m${i}`,
      });
      sent.push(message.id);
    }
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const res = await ctx.app.inject({
        url: `/web/chat/messages?room_id=${room.chat_room_id}&limit=30${before ? `&before=${before}` : ''}`,
        headers: pro.headers,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { messages: { id: number; message: string }[]; has_more: boolean };
      seen.unshift(...page.messages.map((m) => m.id));
      if (!page.has_more) break;
      before = page.messages[0]!.id;
    }
    expect(seen).toEqual(sent);
    const bad = await ctx.app.inject({
      url: `/web/chat/messages?room_id=${room.chat_room_id}&limit=1000`,
      headers: { ...pro.headers, 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(422);
    expect((await roomsOf(pro)).user_rooms[0]!.unseen[String(pro.id)]).toBe(25);
  });

  it('sends what a reconnecting socket missed since its last seen message', async () => {
    const room = await roomWith(t.owner, t.client.id);
    const ownerSocket = await open(t.owner);
    const clientSocket = await open(client);
    const firstId = clientId();
    clientSocket.send({ type: 'send', room_id: room.chat_room_id, client_id: firstId, message: 'antes' });
    const seen = await ownerSocket.next('message', (f) => f.message.message === 'antes');
    ownerSocket.close();
    await ownerSocket.closed;
    for (const text of ['perdido 1', 'perdido 2']) {
      const id = clientId();
      clientSocket.send({ type: 'send', room_id: room.chat_room_id, client_id: id, message: text });
      await clientSocket.next('message', (f) => f.client_id === id);
    }
    const again = await open(t.owner, { after: seen.message.id });
    const backfill = await again.next('backfill');
    expect(backfill.complete).toBe(true);
    expect(backfill.messages.map((m) => m.message)).toEqual(['perdido 1', 'perdido 2']);
    // A stranger's backfill holds none of it.
    const strangerSocket = await open(t.other, { after: seen.message.id });
    expect((await strangerSocket.next('backfill')).messages).toEqual([]);
  });

  it('answers bad frames with a translated error frame and keeps the socket open', async () => {
    const room = await roomWith(t.owner, t.client.id);
    const socket = await open(client, { lang: 'en' });
    socket.sendRaw('not json');
    expect(await socket.next('error')).toMatchObject({
      code: 'bad_frame',
      message: 'The chat message could not be read.',
    });
    socket.send({ type: 'shout', room_id: room.chat_room_id });
    expect(await socket.next('error')).toMatchObject({ code: 'bad_frame' });
    socket.sendRaw(Buffer.from([1, 2, 3]));
    expect(await socket.next('error')).toMatchObject({ code: 'bad_frame' });
    socket.send({ type: 'send', room_id: 'not-a-uuid', client_id: clientId(), message: 'x' });
    expect(await socket.next('error')).toMatchObject({ code: 'bad_frame' });
    const longId = clientId();
    socket.send({
      type: 'send',
      room_id: room.chat_room_id,
      client_id: longId,
      message: 'x'.repeat(CHAT_LIMITS.messageMaxLength + 1),
    });
    expect(await socket.next('error')).toMatchObject({
      code: 'message_too_long',
      client_id: longId,
      message: 'The message is too long (at most 4,000 characters).',
    });
    socket.send({ type: 'send', room_id: room.chat_room_id, client_id: clientId(), message: '   ' });
    expect(await socket.next('error')).toMatchObject({ code: 'bad_frame', key: 'chat.messageEmpty' });
    expect(await ctx.db.selectFrom('chat_messages').select('id').where('client_id', '=', longId).execute()).toEqual([]);
    // Still open and working.
    const okId = clientId();
    socket.send({
      type: 'send',
      room_id: room.chat_room_id,
      client_id: okId,
      message: 'x'.repeat(CHAT_LIMITS.messageMaxLength),
    });
    expect((await socket.next('message', (f) => f.client_id === okId)).message.message).toHaveLength(4000);
  });

  it('limits messages per second per user and sockets per user, each with a translated error', async () => {
    const pro = await loggedIn(ctx);
    const clientUser = await insertUser(ctx, { type: 2, parent_user_id: pro.id });
    const room = await roomWith(pro, clientUser.id);
    const socket = await open(pro, { lang: 'pt' });
    const ids = Array.from({ length: CHAT_LIMITS.messageBurst + 5 }, () => clientId());
    for (const id of ids) socket.send({ type: 'send', room_id: room.chat_room_id, client_id: id, message: id });
    // Each send ends stored (its echo) or refused (an error frame naming it).
    const outcomes = await Promise.all(
      ids.map((id) =>
        Promise.race([
          socket.next('message', (f) => f.client_id === id, 10_000).then(() => 'stored'),
          socket.next('error', (f) => f.client_id === id, 10_000),
        ]),
      ),
    );
    const refused = outcomes.filter((o) => o !== 'stored');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({
      code: 'too_many_requests',
      message: 'Você está enviando mensagens rápido demais. Aguarde um momento e tente novamente.',
    });
    const stored = await ctx.db
      .selectFrom('chat_messages')
      .select('id')
      .where('room_id', '=', room.chat_room_id)
      .execute();
    expect(stored.length).toBe(outcomes.length - refused.length);
    expect(stored.length).toBeGreaterThanOrEqual(CHAT_LIMITS.messageBurst);

    // Each socket admitted before the next opens: the backfill frame comes only after its slot is claimed, so a
    // slower admission cannot let a later socket take the last slot (seen on a loaded PostgreSQL run).
    const many = [];
    for (let i = 1; i < CHAT_LIMITS.socketsPerUser; i++) {
      const admitted = await open(pro, { after: 1 });
      await admitted.next('backfill', () => true, 15_000);
      many.push(admitted);
    }
    for (const lang of LANGUAGES) {
      const extra = await open(pro, { lang: 'es', appLang: lang });
      expect(await extra.next('error')).toMatchObject({
        code: 'too_many_requests',
        key: 'chat.tooManySockets',
        message: translate(lang, 'chat.tooManySockets'),
      });
      expect((await extra.closed).code).toBe(CHAT_CLOSE.tooManySockets);
    }
    for (const s of many) s.close();
  });

  it('answers each limit in the language the app shows (?lang wins over the browser’s Accept-Language)', async () => {
    const room = await roomWith(t.owner, t.client.id);
    for (const lang of LANGUAGES) {
      const socket = await open(client, { lang: lang === 'es' ? 'en' : 'es', appLang: lang });
      const id = clientId();
      socket.send({
        type: 'send',
        room_id: room.chat_room_id,
        client_id: id,
        message: 'x'.repeat(CHAT_LIMITS.messageMaxLength + 1),
      });
      expect(await socket.next('error')).toMatchObject({
        code: 'message_too_long',
        client_id: id,
        message: translate(lang, 'chat.messageTooLong'),
      });
      socket.sendRaw('not json');
      expect(await socket.next('error')).toMatchObject({ message: translate(lang, 'chat.badFrame') });
      socket.close();
    }
    const texts = LANGUAGES.map((lang) => translate(lang, 'chat.tooManyMessages'));
    expect(new Set(texts).size).toBe(3);
  });

  it('refuses the upgrade without a valid token and closes the socket when the session is revoked', async () => {
    await expect(connectChat(baseUrl, 'x'.repeat(43))).rejects.toThrow(/401/);
    const user = await loggedIn(ctx);
    const socket = await open(user);
    const logout = await post(user, '/web/logout');
    expect(logout.statusCode).toBeLessThan(300);
    const closed = await Promise.race([socket.closed, new Promise((r) => setTimeout(() => r('timeout'), 4000))]);
    expect(closed).toMatchObject({ code: CHAT_CLOSE.unauthenticated });
  });
});
