import { CHAT_LIMITS, USER_TYPE, type ChatMessage, type ChatRoom } from '@medida/contracts';
import type { Database, Kysely } from '@medida/db';
import { fieldError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createChatRepository, type MessageRow } from './chat.repository.ts';

export const toChatMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  room_id: row.room_id,
  user_id: row.user_id,
  date: row.created_at.toISOString(),
  message: row.message,
});

const orderedPair = (a: number, b: number) => ({ low: Math.min(a, b), high: Math.max(a, b) });

/** The result of a send: `duplicate` when the same client id was stored before (a retry). */
export interface SendResult {
  message: MessageRow;
  duplicate: boolean;
}

/**
 * Rooms and messages between two users (decision 120). Who may open a room with whom: a professional
 * with any user below it in its account tree and with its own parent; a client with its professional.
 * Everyone else is a stranger: 404, so ids leak nothing. Rooms, once open, belong to their two members.
 */
export function createChatService(deps: { db: Kysely<Database>; clock: Clock }) {
  const repo = createChatRepository(deps.db);
  const users = createUserRecordsService(deps.db);

  async function requireRoom(roomId: string, userId: number) {
    const room = await repo.findRoomOfMember(roomId, userId);
    if (!room) throw notFound();
    return room;
  }

  async function mayTalk(actorId: number, otherId: number): Promise<boolean> {
    const [actor, other] = await Promise.all([users.findLiveNode(actorId), users.findLiveNode(otherId)]);
    if (!actor || !other) return false;
    if (actor.parent_user_id === other.id) return true;
    return actor.type === USER_TYPE.professional && (await users.isLiveBelow(actorId, otherId));
  }

  /**
   * The rooms as the list shows them, in the given order, and each member's unread total (its badge).
   * `known` messages (fan-out already holds the new one, usually the room's last) are not read again.
   */
  async function roomViews(
    rooms: { id: string; created_at: Date; last_message_id: number | null }[],
    known: MessageRow[] = [],
  ) {
    const ids = rooms.map((r) => r.id);
    const lastById = new Map(known.map((m) => [m.id, m]));
    const lastIds = rooms.flatMap((r) =>
      r.last_message_id === null || lastById.has(r.last_message_id) ? [] : [r.last_message_id],
    );
    const [members, lastMessages] = await Promise.all([repo.membersOf(ids), repo.messagesByIds(lastIds)]);
    for (const m of lastMessages) lastById.set(m.id, m);
    const totals = new Map(members.map((m) => [m.user_id, Number(m.unseen_total ?? 0)]));
    const views = rooms.map((room): ChatRoom => {
      const own = members.filter((m) => m.room_id === room.id);
      const last = room.last_message_id === null ? undefined : lastById.get(room.last_message_id);
      return {
        chat_room_id: room.id,
        users: own.map((m) => ({
          user_id: m.user_id,
          profile: { nombre: m.nombre, apellido: m.apellido, img_url: m.img_url ?? '' },
        })),
        lastMessage: last ? toChatMessage(last) : null,
        unseen: Object.fromEntries(own.map((m) => [String(m.user_id), m.unseen])),
        created_at: room.created_at.toISOString(),
      };
    });
    return { views, totals };
  }

  /** One room as its members' lists show it, with each member's unread total. */
  async function roomSnapshot(roomId: string) {
    const room = await repo.findRoom(roomId);
    if (!room) throw notFound();
    return roomView(room);
  }

  /** One room's view: roomViews answers one view per room it is given. */
  async function roomView(
    room: { id: string; created_at: Date; last_message_id: number | null },
    known?: MessageRow[],
  ) {
    const { views, totals } = await roomViews([room], known);
    const [view] = views;
    if (!view) throw new Error(`no view of chat room ${room.id}`);
    return { room: view, totals };
  }

  return {
    requireRoom,
    roomSnapshot,

    async listRooms(userId: number) {
      const [rooms, unseenTotal] = await Promise.all([repo.listRoomsOf(userId), repo.unseenTotal(userId)]);
      return { rooms: (await roomViews(rooms)).views, unseenTotal };
    },

    /** One room per pair, created once even when both sides ask at the same moment. */
    async getOrCreateRoom(a: { actorId: number; otherId: number }): Promise<ChatRoom> {
      if (a.actorId === a.otherId) throw fieldError('user_id', 'chat.selfRoom');
      if (!(await mayTalk(a.actorId, a.otherId))) throw notFound();
      const pair = orderedPair(a.actorId, a.otherId);
      const roomId = await deps.db.transaction().execute(async (trx) => {
        const tx = createChatRepository(trx);
        const created = await tx.insertRoomIfAbsent(pair, deps.clock.now());
        if (!created) return undefined;
        await tx.insertMembers(created.id, [pair.low, pair.high]);
        return created.id;
      });
      const id = roomId ?? (await repo.findRoomIdByPair(pair));
      if (!id) throw new Error('chat room vanished after a unique conflict');
      return (await roomSnapshot(id)).room;
    },

    /** A page of the room's history, newest first in storage, returned oldest first for display. */
    async messages(a: { userId: number; roomId: string; before?: number | undefined; limit: number }) {
      await requireRoom(a.roomId, a.userId);
      let cursor;
      if (a.before !== undefined) {
        cursor = await repo.findMessageInRoom(a.roomId, a.before);
        if (!cursor) throw fieldError('before', 'validation.invalid');
      }
      const rows = await repo.pageMessages(a.roomId, a.limit + 1, cursor);
      return { messages: rows.slice(0, a.limit).reverse().map(toChatMessage), hasMore: rows.length > a.limit };
    },

    /** Stored before it is delivered; the other member's unread count rises in the same transaction. */
    async send(a: { userId: number; roomId: string; clientId: string; message: string }): Promise<SendResult> {
      return deps.db.transaction().execute(async (trx) => {
        const tx = createChatRepository(trx);
        // A stranger's room, or one whose other member was deleted: not found (decision 120).
        if (!(await tx.findRoomToSend(a.roomId, a.userId))) throw notFound();
        const stored = await tx.insertMessage({ ...a, now: deps.clock.now() });
        if (!stored) {
          const previous = await tx.findMessageByClientId(a.userId, a.clientId);
          // The same client id in another room is a client bug, not a retry.
          if (!previous || previous.room_id !== a.roomId) throw fieldError('client_id', 'validation.invalid');
          return { message: previous, duplicate: true };
        }
        await tx.recordDelivery(stored);
        return { message: stored, duplicate: false };
      });
    },

    /** Sets the reader's count to 0; true when it changed. */
    async markRead(a: { userId: number; roomId: string }) {
      await requireRoom(a.roomId, a.userId);
      return repo.markRead(a.roomId, a.userId);
    },

    /** What a reconnecting socket missed, oldest first; `complete` is false when there was more. */
    async backfill(a: { userId: number; afterId: number }) {
      const rows = await repo.messagesAfter(a.userId, a.afterId, CHAT_LIMITS.backfillMax + 1);
      return {
        messages: rows.slice(0, CHAT_LIMITS.backfillMax).map(toChatMessage),
        complete: rows.length <= CHAT_LIMITS.backfillMax,
      };
    },

    /**
     * A new message with its room as the members' lists now show it and their unread totals, or undefined
     * when it is gone. Two statements: the message with its room, then the members (the last message is
     * usually this one).
     */
    async messageForFanOut(messageId: number) {
      const row = await repo.findMessageForFanOut(messageId);
      if (!row) return undefined;
      const room = { id: row.room_id, created_at: row.room_created_at, last_message_id: row.last_message_id };
      return {
        row,
        snapshot: () => roomView(room, [row]),
      };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
