import { CHAT_LIMITS, type ChatRoom, type ChatServerFrame } from '@medida/contracts';
import { createDb } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChat, type ChatTestClient } from '../../test/chat-client.ts';
import { insertUser, login } from '../../test/factories.ts';
import { loggedIn, type Actor } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * Group commit and fan-out (decision 217): sends that arrive together share a transaction and an event. On
 * PostgreSQL the professional's sockets are on one instance and its clients' on another (LISTEN/NOTIFY); on
 * PGlite both are the one instance.
 */
describe('chat fan-out: batches keep order, reach members only, carry large messages', () => {
  const two = Boolean(process.env.DATABASE_URL);
  let one: TestContext;
  let other: TestContext;
  let urlOne: string;
  let urlOther: string;
  let pro: Actor;
  let stranger: Actor;
  const clients: Array<{ id: number; token: string; roomId: string }> = [];
  const sockets: ChatTestClient[] = [];

  beforeAll(async () => {
    const first = await createFreshTestDb();
    one = await createTestApp({}, { handle: first });
    urlOne = await one.app.listen({ port: 0, host: '127.0.0.1' });
    if (two) {
      const second = await createDb({ postgres: { connectionString: first.connectionString!, max: 5 } });
      other = await createTestApp({}, { handle: second });
      urlOther = await other.app.listen({ port: 0, host: '127.0.0.1' });
    } else {
      other = one;
      urlOther = urlOne;
    }
    pro = await loggedIn(one);
    stranger = await loggedIn(one, { email: 'stranger@fan-out.test' });
    for (let i = 0; i < 3; i++) {
      const client = await insertUser(one, { type: 2, parent_user_id: pro.id, email: `client${i}@fan-out.test` });
      const created = await one.app.inject({
        method: 'POST',
        url: '/web/getOrCreateUserChatRoom',
        headers: pro.headers,
        payload: { user_id: client.id },
      });
      clients.push({
        id: client.id,
        token: await login(other.app, client),
        roomId: (created.json() as { room: ChatRoom }).room.chat_room_id,
      });
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    if (two) await other?.close();
    await one?.close();
  });

  const open = async (url: string, token: string, onFrame?: (frame: ChatServerFrame) => void) => {
    const socket = await connectChat(url, token, onFrame ? { onFrame } : {});
    sockets.push(socket);
    return socket;
  };

  it('delivers concurrent sends of several rooms in each room’s order, to its members only', async () => {
    const proFrames: ChatServerFrame[] = [];
    const strangerFrames: ChatServerFrame[] = [];
    await open(urlOne, pro.token, (f) => proFrames.push(f));
    // A stranger on each instance: it hears nothing of rooms it is not in.
    await open(urlOne, stranger.token, (f) => strangerFrames.push(f));
    await open(urlOther, stranger.token, (f) => strangerFrames.push(f));
    const perClient = CHAT_LIMITS.messageBurst - 4;
    const clientSockets = await Promise.all(clients.map((c) => open(urlOther, c.token)));
    // Every client sends its burst without waiting: the sends share batches.
    clients.forEach((c, k) => {
      for (let i = 0; i < perClient; i++)
        clientSockets[k]!.send({ type: 'send', room_id: c.roomId, client_id: `order-${k}-${i}`, message: `${k}:${i}` });
    });
    const total = clients.length * perClient;
    const deadline = Date.now() + 10_000;
    while (proFrames.filter((f) => f.type === 'message').length < total && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));

    const received = proFrames.flatMap((f) => (f.type === 'message' ? [f.message] : []));
    expect(received).toHaveLength(total);
    clients.forEach((c, k) => {
      const ofRoom = received.filter((m) => m.room_id === c.roomId);
      expect(ofRoom.map((m) => m.message)).toEqual(Array.from({ length: perClient }, (_, i) => `${k}:${i}`));
      expect(ofRoom.every((m) => m.user_id === c.id)).toBe(true);
      // Ids rise in the order sent, so history pages agree with what the sockets showed.
      const ids = ofRoom.map((m) => m.id);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    });
    // Each sender got its own messages back with their client ids (the acknowledgement), in order.
    for (const [k, socket] of clientSockets.entries()) {
      for (let i = 0; i < perClient; i++)
        expect((await socket.next('message', (f) => f.client_id === `order-${k}-${i}`)).message.message).toBe(
          `${k}:${i}`,
        );
    }
    // The professional's last list entries show every room's count and the total.
    const updates = proFrames.flatMap((f) => (f.type === 'room-updated' ? [f] : []));
    expect(updates.at(-1)!.unseen_total).toBe(total);
    for (const c of clients) {
      const last = updates.filter((u) => u.room.chat_room_id === c.roomId).at(-1)!;
      expect(last.room.unseen[String(pro.id)]).toBe(perClient);
      expect(last.room.lastMessage?.message).toBe(`${clients.indexOf(c)}:${perClient - 1}`);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(strangerFrames).toEqual([]);

    // The history holds them all, in the same order.
    const history = await one.app.inject({
      url: `/web/chat/messages?room_id=${clients[0]!.roomId}&limit=50`,
      headers: pro.headers,
    });
    expect(history.json().messages.map((m: { message: string }) => m.message)).toEqual(
      Array.from({ length: perClient }, (_, i) => `0:${i}`),
    );
  });

  it('delivers a message too large for a NOTIFY payload (8,000 bytes) on the other instance', async () => {
    const proSocket = await open(urlOne, pro.token);
    const client = clients[1]!;
    const clientSocket = await open(urlOther, client.token);
    // 4,000 characters of two bytes each: 8,000 bytes of text alone.
    const large = 'ñ'.repeat(CHAT_LIMITS.messageMaxLength);
    clientSocket.send({ type: 'send', room_id: client.roomId, client_id: 'large-one', message: large });
    clientSocket.send({ type: 'send', room_id: client.roomId, client_id: 'small-after', message: 'después' });
    const received = await proSocket.next('message', (f) => f.message.room_id === client.roomId);
    expect(received.message.message).toBe(large);
    expect((await proSocket.next('message', (f) => f.message.room_id === client.roomId)).message.message).toBe(
      'después',
    );
    expect((await clientSocket.next('message', (f) => f.client_id === 'large-one')).message.message).toBe(large);
  });

  it('a retried client id is stored once and answered to the retrying socket only', async () => {
    const client = clients[2]!;
    const proSocket = await open(urlOne, pro.token);
    const clientSocket = await open(urlOther, client.token);
    clientSocket.send({ type: 'send', room_id: client.roomId, client_id: 'retry-one', message: 'una vez' });
    clientSocket.send({ type: 'send', room_id: client.roomId, client_id: 'retry-one', message: 'una vez' });
    const first = await clientSocket.next('message', (f) => f.client_id === 'retry-one');
    const second = await clientSocket.next('message', (f) => f.client_id === 'retry-one');
    expect(second.message.id).toBe(first.message.id);
    await proSocket.next('message', (f) => f.message.id === first.message.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(proSocket.frames.filter((f) => f.type === 'message' && f.message.id === first.message.id)).toEqual([]);
    // A stranger's room in the same batch as a good send: only the stranger's send is refused.
    const strangerSocket = await open(urlOther, stranger.token);
    strangerSocket.send({ type: 'send', room_id: client.roomId, client_id: 'intruder', message: 'hola' });
    clientSocket.send({ type: 'send', room_id: client.roomId, client_id: 'beside-1', message: 'al lado' });
    expect((await strangerSocket.next('error')).code).toBe('not_found');
    expect((await proSocket.next('message', (f) => f.message.message === 'al lado')).message.user_id).toBe(client.id);
  });
});
