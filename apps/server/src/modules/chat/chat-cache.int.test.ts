import type { ChatMessage, ChatRoom } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createChatService } from './chat.service.ts';

type Rooms = { user_rooms: ChatRoom[]; unseen_total: number };

/**
 * The chat's reads answered from memory (decision 239): a repeat is a hit, and every chat write (a message, a read
 * mark, a new room, a profile the rooms show) makes the next read of each member it concerns a fresh one.
 */
describe('chat reads from the response cache', () => {
  let ctx: TestContext;
  let t: Awaited<ReturnType<typeof twoTenants>>;
  let chat: ReturnType<typeof createChatService>;
  let roomId: string;
  let sequence = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await twoTenants(ctx);
    chat = createChatService({ db: ctx.db, clock: ctx.clock });
  }, 180_000);
  afterAll(() => ctx?.close());

  const hits = () => ctx.app.responseCache.stats().hits;
  const rooms = async (actor: { headers: object }) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/web/getUserChatRooms', headers: { ...actor.headers } });
    expect(res.statusCode).toBe(200);
    return res.json() as Rooms;
  };
  const history = async (actor: { headers: object }) => {
    const res = await ctx.app.inject({ url: `/web/chat/messages?room_id=${roomId}`, headers: { ...actor.headers } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { messages: ChatMessage[] }).messages.map((m) => m.message);
  };
  const send = (userId: number, message: string) =>
    chat.send({ userId, roomId, clientId: `cache-${++sequence}`, message });
  /** `read` twice: the second is a hit with the same answer. */
  async function twice<T>(read: () => Promise<T>): Promise<T> {
    const first = await read();
    const before = hits();
    expect(await read()).toEqual(first);
    expect(hits()).toBe(before + 1);
    return first;
  }

  it('shows a new room to both members at once', async () => {
    expect((await twice(() => rooms(t.owner))).user_rooms).toEqual([]);
    expect((await twice(() => rooms(t.client))).user_rooms).toEqual([]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/web/getOrCreateUserChatRoom',
      headers: { ...t.owner.headers },
      payload: { user_id: t.client.id },
    });
    roomId = (created.json() as { room: ChatRoom }).room.chat_room_id;
    for (const actor of [t.owner, t.client])
      expect((await twice(() => rooms(actor))).user_rooms.map((r) => r.chat_room_id)).toEqual([roomId]);
  });

  it('shows a message to the sender and the recipient, in the list and the history', async () => {
    expect(await twice(() => history(t.owner))).toEqual([]);
    await send(t.client.id, 'hola');
    const ownerRooms = await twice(() => rooms(t.owner));
    expect(ownerRooms.unseen_total).toBe(1);
    expect(ownerRooms.user_rooms[0]!.lastMessage?.message).toBe('hola');
    expect((await twice(() => rooms(t.client))).user_rooms[0]!.lastMessage?.message).toBe('hola');
    expect(await twice(() => history(t.owner))).toEqual(['hola']);
    expect(await twice(() => history(t.client))).toEqual(['hola']);
  });

  it("shows a read mark to the reader and to the other member (who sees the reader's count)", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/chat/read',
      headers: { ...t.owner.headers },
      payload: { room_id: roomId },
    });
    expect(res.statusCode).toBe(200);
    expect((await twice(() => rooms(t.owner))).unseen_total).toBe(0);
    expect((await twice(() => rooms(t.client))).user_rooms[0]!.unseen[String(t.owner.id)]).toBe(0);
  });

  it('shows a changed name or picture to everyone the user has a room with', async () => {
    const ownerVersion = () =>
      ctx.db.selectFrom('chat_versions').select('version').where('user_id', '=', t.owner.id).executeTakeFirstOrThrow();
    const before = await ownerVersion();
    await ctx.db
      .updateTable('users')
      .set({ nombre: 'Renombrada', img_url: 'avatar-2' })
      .where('id', '=', t.client.id)
      .execute();
    // Raised by the profile itself: the account data version in the key covers only the asker's own account.
    expect((await ownerVersion()).version).toBe(before.version + 1);
    const profile = (await twice(() => rooms(t.owner))).user_rooms[0]!.users.find((u) => u.user_id === t.client.id);
    expect(profile?.profile).toMatchObject({ nombre: 'Renombrada', img_url: 'avatar-2' });
  });

  it('keeps answers apart by user and body: a stranger and a claimed other user get 404, never a hit', async () => {
    await rooms(t.owner);
    const before = hits();
    const stranger = await ctx.app.inject({
      url: `/web/chat/messages?room_id=${roomId}`,
      headers: { ...t.other.headers },
    });
    expect(stranger.statusCode).toBe(404);
    const claimed = await ctx.app.inject({
      method: 'POST',
      url: '/web/getUserChatRooms',
      headers: { ...t.owner.headers },
      payload: { user_id: t.client.id },
    });
    expect(claimed.statusCode).toBe(404);
    expect(hits()).toBe(before);
  });

  it('raises no version for writes that change nothing the chat shows', async () => {
    const versions = () =>
      ctx.db.selectFrom('chat_versions').select(['user_id', 'version']).orderBy('user_id').execute();
    const before = await versions();
    // Already read: no change, no broadcast, no new version.
    await ctx.app.inject({
      method: 'POST',
      url: '/web/chat/read',
      headers: { ...t.owner.headers },
      payload: { room_id: roomId },
    });
    // A profile column the rooms do not show.
    await ctx.db.updateTable('users').set({ telefono: '+56 9 1234 5678' }).where('id', '=', t.client.id).execute();
    expect(await versions()).toEqual(before);
  });
});
