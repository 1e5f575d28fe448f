import { CHAT_LIMITS, USER_TYPE, type ChatMessage, type ChatRoom } from '@medida/contracts';
import type { Database, Kysely } from '@medida/db';
import { fieldError, notFound, tooManyRequests } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RealtimeBus } from '../../plugins/realtime.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { encodeMessagesEvents, type FanOutMessage, type MessagesEvent } from './chat-events.ts';
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

interface SendInput {
  userId: number;
  roomId: string;
  clientId: string;
  message: string;
}

const SEND_RATE_SCOPE = 'chat-send';

/** At most this many sends share one transaction (their statement has 5 parameters each). */
const MAX_BATCH = 200;

/**
 * Rooms and messages between two users (decision 120). Who may open a room with whom: a professional
 * with any user below it in its account tree and with its own parent; a client with its professional.
 * Everyone else is a stranger: 404, so ids leak nothing. Rooms, once open, belong to their two members.
 */
export function createChatService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  /** Where stored messages are announced (the hub delivers them); none for seeding scripts and benches. */
  bus?: Pick<RealtimeBus, 'publish' | 'crossInstance'>;
  /**
   * Sends per user and fixed window on all instances together, counted in the database once per batch (decision
   * 222); none for seeding scripts and benches.
   */
  sendRate?: { limit: number; windowMs: number };
}) {
  const repo = createChatRepository(deps.db);
  const rateLimits = createRateLimitsService(deps);
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

  let pending: Array<{ input: SendInput; resolve(result: SendResult): void; reject(error: unknown): void }> = [];
  let draining = false;

  /** Stores what is pending, one batch at a time; a batch that fails is retried one send at a time. */
  async function drain() {
    draining = true;
    // Frames that arrived in the same turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (pending.length > 0) {
      const batch = pending.slice(0, MAX_BATCH);
      pending = pending.slice(batch.length);
      let outcomes: Array<SendResult | Error>;
      try {
        outcomes = await sendBatch(batch.map((p) => p.input));
      } catch (err) {
        if (batch.length === 1) outcomes = [err instanceof Error ? err : new Error(String(err))];
        else {
          // One bad send must not fail the others: each alone, in order.
          outcomes = [];
          for (const p of batch)
            outcomes.push(
              ...(await sendBatch([p.input]).catch((e: unknown) => [e instanceof Error ? e : new Error(String(e))])),
            );
        }
      }
      batch.forEach((p, i) => {
        const outcome = outcomes[i]!;
        if (outcome instanceof Error) p.reject(outcome);
        else p.resolve(outcome);
      });
    }
    draining = false;
  }

  /**
   * Each send's refusal when its sender is over the window's limit (the batch's sends count in arrival order), else
   * undefined: one statement for the whole batch.
   */
  async function sendsOverRate(trx: Kysely<Database>, inputs: SendInput[]): Promise<Array<Error | undefined>> {
    const limit = deps.sendRate;
    if (!limit) return inputs.map(() => undefined);
    const perUser = new Map<string, number>();
    for (const i of inputs) perUser.set(String(i.userId), (perUser.get(String(i.userId)) ?? 0) + 1);
    const counted = await rateLimits.countMany(
      trx,
      SEND_RATE_SCOPE,
      [...perUser].map(([key, n]) => ({ key, n })),
      limit.windowMs,
    );
    const seen = new Map<string, number>();
    return inputs.map((i) => {
      const key = String(i.userId);
      const position = (counted.before.get(key) ?? 0) + (seen.get(key) ?? 0);
      seen.set(key, (seen.get(key) ?? 0) + 1);
      return position < limit.limit ? undefined : tooManyRequests(counted.retryAfterSeconds, 'chat.tooManyMessages');
    });
  }

  /**
   * One transaction for many sends, in arrival order: the rooms locked and checked, the messages inserted
   * (one statement), the recipients' counts and rooms' last messages updated (one statement), the members' chat
   * versions raised (one statement, decision 239), and the batch announced inside the transaction (PostgreSQL
   * NOTIFY, delivered at commit) or right after its commit.
   * Each send gets its own outcome: a stranger's room is not found, a retried client id its stored message.
   */
  async function sendBatch(inputs: SendInput[]): Promise<Array<SendResult | Error>> {
    const now = deps.clock.now();
    let announce: string[] = [];
    const outcomes = await deps.db.transaction().execute(async (trx) => {
      const tx = createChatRepository(trx);
      // The senders' counters first (sorted keys), then the rooms: every batch locks in the same order.
      const overRate = await sendsOverRate(trx, inputs);
      const rooms = new Map(
        (await tx.lockRoomsToSend([...new Set(inputs.map((i) => i.roomId))])).map((r) => [r.id, r]),
      );
      // A stranger's room, or one whose other member was deleted: not found (decision 120).
      const allowed = inputs.map((i, k) => {
        if (overRate[k]) return false;
        const room = rooms.get(i.roomId);
        if (!room) return false;
        if (room.user_low === i.userId) return room.high_live;
        return room.user_high === i.userId && room.low_live;
      });
      const toStore = inputs.filter((_, k) => allowed[k]);
      const stored = toStore.length === 0 ? [] : await tx.insertMessages(toStore.map((i) => ({ ...i, now })));
      const key = (userId: number, clientId: string | null) => `${userId}:${clientId}`;
      const byKey = new Map(stored.map((m) => [key(m.user_id, m.client_id), m]));
      const retried = toStore.filter((i) => !byKey.has(key(i.userId, i.clientId)));
      const previous = new Map(
        (retried.length === 0
          ? []
          : await tx.findMessagesByClientIds(retried.map((i) => ({ userId: i.userId, clientId: i.clientId })))
        ).map((m) => [key(m.user_id, m.client_id), m]),
      );
      const claimed = new Set<number>();
      const results = inputs.map((input, k): SendResult | Error => {
        const refused = overRate[k];
        if (refused) return refused;
        if (!allowed[k]) return notFound();
        const own = byKey.get(key(input.userId, input.clientId));
        if (own && !claimed.has(own.id)) {
          claimed.add(own.id);
          return { message: own, duplicate: false };
        }
        const earlier = own ?? previous.get(key(input.userId, input.clientId));
        // The same client id in another room is a client bug, not a retry.
        if (!earlier || earlier.room_id !== input.roomId) return fieldError('client_id', 'validation.invalid');
        return { message: earlier, duplicate: true };
      });
      if (stored.length > 0) {
        const unread = new Map<string, { room_id: string; user_id: number; n: number }>();
        const last = new Map<string, { room_id: string; id: number; at: Date }>();
        const fanOut: FanOutMessage[] = [];
        for (const m of [...stored].sort((x, y) => x.id - y.id)) {
          const room = rooms.get(m.room_id)!;
          const recipient = m.user_id === room.user_low ? room.user_high : room.user_low;
          const counted = unread.get(`${m.room_id}:${recipient}`) ?? { room_id: m.room_id, user_id: recipient, n: 0 };
          counted.n++;
          unread.set(`${m.room_id}:${recipient}`, counted);
          last.set(m.room_id, { room_id: m.room_id, id: m.id, at: m.created_at });
          fanOut.push({ ...m, user_low: room.user_low, user_high: room.user_high, room_created_at: room.created_at });
        }
        await tx.recordDeliveries([...unread.values()], [...last.values()]);
        // Both members of every room that got a message see it in their lists (decision 239).
        await tx.raiseChatVersions(
          [...last.keys()].map((id) => rooms.get(id)!).flatMap((room) => [room.user_low, room.user_high]),
        );
        announce = encodeMessagesEvents(fanOut);
        if (deps.bus?.crossInstance) for (const payload of announce) await deps.bus.publish(payload, trx);
      }
      return results;
    });
    if (deps.bus && !deps.bus.crossInstance) for (const payload of announce) await deps.bus.publish(payload);
    return outcomes;
  }

  return {
    /** The send-rate counters of windows that are over (each instance, every session-check interval). */
    pruneSendRate: async () => {
      if (deps.sendRate) await rateLimits.pruneWindows(SEND_RATE_SCOPE, deps.sendRate.windowMs);
    },
    requireRoom,
    roomSnapshot,

    /** The member's room list and unread total: one statement. */
    async listRooms(userId: number) {
      const rows = await repo.listRoomViewsOf(userId);
      const rooms = rows.map((row): ChatRoom => ({
        chat_room_id: row.id,
        users: (row.members ?? []).map((m) => ({
          user_id: m.user_id,
          profile: { nombre: m.nombre, apellido: m.apellido, img_url: m.img_url ?? '' },
        })),
        lastMessage:
          row.last_id === null
            ? null
            : {
                id: row.last_id,
                room_id: row.id,
                user_id: row.last_user_id!,
                date: row.last_created_at!.toISOString(),
                message: row.last_message!,
              },
        unseen: Object.fromEntries((row.members ?? []).map((m) => [String(m.user_id), m.unseen])),
        created_at: row.created_at.toISOString(),
      }));
      return { rooms, unseenTotal: Number(rows[0]?.unseen_total ?? 0) };
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
        await tx.raiseChatVersions([pair.low, pair.high]);
        return created.id;
      });
      const id = roomId ?? (await repo.findRoomIdByPair(pair));
      if (!id) throw new Error('chat room vanished after a unique conflict');
      return (await roomSnapshot(id)).room;
    },

    /** A page of the room's history, newest first in storage, returned oldest first for display: one statement. */
    async messages(a: { userId: number; roomId: string; before?: number | undefined; limit: number }) {
      const page = await repo.historyPage({ ...a, before: a.before, limit: a.limit + 1 });
      if (!page) throw notFound();
      if (!page.cursorFound) throw fieldError('before', 'validation.invalid');
      const rows = page.messages;
      return { messages: rows.slice(0, a.limit).reverse().map(toChatMessage), hasMore: rows.length > a.limit };
    },

    /**
     * Stored before it is delivered; the other member's unread count rises in the same transaction. Sends
     * arriving while a batch is being stored share the next one (group commit, decision 217).
     */
    send: (a: SendInput): Promise<SendResult> =>
      new Promise((resolve, reject) => {
        pending.push({ input: a, resolve, reject });
        if (!draining) void drain();
      }),

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
     * A committed batch as its members' lists now show it: the messages in id order (a text that travelled as
     * a reference is read) and, per room, its view with the batch's newest message and each member's unread
     * total. One statement (the members), two when a text was too large for the event.
     */
    async fanOutBatch(event: MessagesEvent) {
      const missing = event.messages.filter((m) => m.message === null).map((m) => m.id);
      const texts = new Map((await repo.messagesByIds(missing)).map((m) => [m.id, m.message]));
      const messages = event.messages.flatMap((m): FanOutMessage[] => {
        const message = m.message ?? texts.get(m.id);
        return message === undefined ? [] : [{ ...m, message }];
      });
      const rooms = new Map<string, { id: string; created_at: Date; last_message_id: number }>();
      for (const m of messages)
        rooms.set(m.room_id, { id: m.room_id, created_at: m.room_created_at, last_message_id: m.id });
      const { views, totals } = await roomViews([...rooms.values()], messages);
      return { messages, rooms: new Map(views.map((v) => [v.chat_room_id, v])), totals };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
