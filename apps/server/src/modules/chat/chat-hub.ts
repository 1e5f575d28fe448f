import { CHAT_CLOSE, CHAT_LIMITS, type ChatServerFrame } from '@medida/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeBus } from '../../plugins/realtime.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { decodeMessagesEvent, MESSAGES_EVENT } from './chat-events.ts';
import { toChatMessage, type ChatService } from './chat.service.ts';

/** One open socket of a user, as the hub sees it. */
export interface ChatConnection {
  userId: number;
  sessionId: string;
  send(frame: ChatServerFrame): void;
  close(code: number, reason: string): void;
}

const READ_EVENT = 'chat.read:';

/**
 * The sockets of this instance and the fan-out to them. Every change travels as a bus event (decision 122),
 * so one path serves one instance (PGlite) and many (PostgreSQL NOTIFY). A batch of new messages carries the
 * committed rows with their rooms' members (decision 217): an instance with no socket of those members does
 * nothing, the others read only the rooms' members (counts and profiles), once per batch. A read mark names
 * its room, which each instance reads.
 */
export function createChatHub(deps: {
  chat: ChatService;
  bus: RealtimeBus;
  sessions: Pick<SessionsService, 'keepAliveSessions'>;
  log: FastifyBaseLogger;
}) {
  const byUser = new Map<number, Set<ChatConnection>>();
  // Loads run concurrently; deliveries keep the order in which the events arrived.
  let deliveries: Promise<void> = Promise.resolve();

  const hasLocal = (...userIds: number[]) => userIds.some((id) => byUser.has(id));
  const sendTo = (userId: number, frame: ChatServerFrame | ((c: ChatConnection) => ChatServerFrame)) => {
    for (const connection of byUser.get(userId) ?? [])
      connection.send(typeof frame === 'function' ? frame(connection) : frame);
  };

  async function loadMessagesEvent(payload: string) {
    const event = decodeMessagesEvent(payload);
    // Only rooms with a member on this instance; a socket gets only its own user's rooms.
    event.messages = event.messages.filter((m) => hasLocal(m.user_low, m.user_high));
    if (event.messages.length === 0) return undefined;
    const { messages, rooms, totals } = await deps.chat.fanOutBatch(event);
    const lastOfRoom = new Map(messages.map((m) => [m.room_id, m.id]));
    return () => {
      for (const row of messages) {
        const message = toChatMessage(row);
        const room = lastOfRoom.get(row.room_id) === row.id ? rooms.get(row.room_id) : undefined;
        for (const userId of [row.user_low, row.user_high]) {
          const own = userId === row.user_id;
          sendTo(userId, { type: 'message', message, ...(own && row.client_id ? { client_id: row.client_id } : {}) });
          // The room's list entry once per batch, after its newest message.
          if (room) sendTo(userId, { type: 'room-updated', room, unseen_total: totals.get(userId) ?? 0 });
        }
      }
    };
  }

  async function loadReadEvent(roomId: string, readerId: number) {
    const { room, totals } = await deps.chat.roomSnapshot(roomId);
    const members = room.users.map((u) => u.user_id);
    if (!hasLocal(...members)) return undefined;
    return () => {
      for (const userId of members) {
        sendTo(userId, { type: 'read', room_id: roomId, user_id: readerId });
        sendTo(userId, { type: 'room-updated', room, unseen_total: totals.get(userId) ?? 0 });
      }
    };
  }

  function onEvent(payload: string) {
    let load: Promise<(() => void) | undefined>;
    if (payload.startsWith(MESSAGES_EVENT)) {
      load = loadMessagesEvent(payload);
    } else if (payload.startsWith(READ_EVENT)) {
      const [roomId, readerId] = payload.slice(READ_EVENT.length).split(':');
      load = loadReadEvent(roomId!, Number(readerId));
    } else return;
    // A failed load is logged and skipped; the next event still goes out.
    const guarded = load.catch((err: unknown) => {
      deps.log.error({ err, payload }, 'chat fan-out failed');
      return undefined;
    });
    deliveries = deliveries.then(async () => (await guarded)?.());
  }

  const unsubscribe = deps.bus.subscribe(onEvent);

  return {
    /** False when the user already has the maximum number of sockets open on this instance. */
    add(connection: ChatConnection): boolean {
      const own = byUser.get(connection.userId) ?? new Set();
      if (own.size >= CHAT_LIMITS.socketsPerUser) return false;
      own.add(connection);
      byUser.set(connection.userId, own);
      return true;
    },

    remove(connection: ChatConnection) {
      const own = byUser.get(connection.userId);
      if (!own) return;
      own.delete(connection);
      if (own.size === 0) byUser.delete(connection.userId);
    },

    connectionCount: () => [...byUser.values()].reduce((n, set) => n + set.size, 0),

    publishRead: (roomId: string, readerId: number) => deps.bus.publish(`${READ_EVENT}${roomId}:${readerId}`),

    /**
     * Keeps the sessions of open sockets alive (an open socket is activity, like a request) and closes every
     * socket whose session was revoked or expired since it connected: two statements for all sockets.
     */
    async checkSessions() {
      const connections = [...byUser.values()].flatMap((set) => [...set]);
      if (connections.length === 0) return;
      const live = await deps.sessions.keepAliveSessions([...new Set(connections.map((c) => c.sessionId))]);
      for (const connection of connections)
        if (!live.has(connection.sessionId)) connection.close(CHAT_CLOSE.unauthenticated, 'session ended');
    },

    /** Waits for the deliveries queued so far (tests, shutdown). */
    idle: () => deliveries,

    stop() {
      unsubscribe();
    },
  };
}

export type ChatHub = ReturnType<typeof createChatHub>;
