import { createDb } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChat, type ChatTestClient } from '../../test/chat-client.ts';
import { insertUser, login } from '../../test/factories.ts';
import { loggedIn, type Actor } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/** Two server instances on one PostgreSQL database: chat events travel through LISTEN/NOTIFY. */
describe.skipIf(!process.env.DATABASE_URL)('chat across two server instances on one PostgreSQL', () => {
  let one: TestContext;
  let two: TestContext;
  let urlOne: string;
  let urlTwo: string;
  let pro: Actor;
  let clientToken: string;
  let clientId: number;
  const sockets: ChatTestClient[] = [];

  beforeAll(async () => {
    const first = await createFreshTestDb();
    const second = await createDb({ postgres: { connectionString: first.connectionString!, max: 5 } });
    one = await createTestApp({}, { handle: first });
    two = await createTestApp({}, { handle: second });
    urlOne = await one.app.listen({ port: 0, host: '127.0.0.1' });
    urlTwo = await two.app.listen({ port: 0, host: '127.0.0.1' });
    pro = await loggedIn(one);
    const client = await insertUser(one, { type: 2, parent_user_id: pro.id });
    clientId = client.id;
    clientToken = await login(two.app, client);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await two?.close();
    await one?.close();
  });

  it('a message sent on one instance reaches a socket and the room list on the other, with its unread count', async () => {
    const created = await one.app.inject({
      method: 'POST',
      url: '/web/getOrCreateUserChatRoom',
      headers: pro.headers,
      payload: { user_id: clientId },
    });
    const roomId = created.json().room.chat_room_id as string;
    // The professional's list, held in instance one's memory (decision 239).
    const roomsOnOne = async () => {
      const res = await one.app.inject({ method: 'POST', url: '/web/getUserChatRooms', headers: pro.headers });
      return res.json() as { unseen_total: number; user_rooms: Array<{ lastMessage: { message: string } | null }> };
    };
    expect((await roomsOnOne()).unseen_total).toBe(0);
    expect((await roomsOnOne()).unseen_total).toBe(0);
    const proSocket = await connectChat(urlOne, pro.token);
    const clientSocket = await connectChat(urlTwo, clientToken);
    sockets.push(proSocket, clientSocket);

    clientSocket.send({ type: 'send', room_id: roomId, client_id: 'instance-two-1', message: 'desde la instancia 2' });
    const received = await proSocket.next('message', (f) => f.message.message === 'desde la instancia 2');
    expect(received.message.user_id).toBe(clientId);
    expect((await proSocket.next('room-updated')).unseen_total).toBe(1);
    // Stored through instance two: instance one's next read is a fresh one.
    const listed = await roomsOnOne();
    expect(listed.unseen_total).toBe(1);
    expect(listed.user_rooms[0]!.lastMessage?.message).toBe('desde la instancia 2');
    expect((await clientSocket.next('message', (f) => f.client_id === 'instance-two-1')).message.id).toBe(
      received.message.id,
    );

    proSocket.send({ type: 'send', room_id: roomId, client_id: 'instance-one-1', message: 'respuesta' });
    expect((await clientSocket.next('message', (f) => f.message.message === 'respuesta')).message.user_id).toBe(pro.id);

    // A read on instance one updates the sender's socket on instance two.
    proSocket.send({ type: 'read', room_id: roomId });
    expect(await clientSocket.next('read')).toMatchObject({ room_id: roomId, user_id: pro.id });
  });
});
