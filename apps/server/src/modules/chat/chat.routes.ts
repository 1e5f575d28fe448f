import {
  CHAT_LIMITS,
  CHAT_WS_PATH,
  CHAT_WS_PROTOCOL,
  chatMessagesQuerySchema,
  chatMessagesResponseSchema,
  chatReadBodySchema,
  chatRoomResponseSchema,
  errorEnvelopeSchema,
  getOrCreateChatRoomBodySchema,
  getUserChatRoomsBodySchema,
  getUserChatRoomsQuerySchema,
  getUserChatRoomsResponseSchema,
  languageSchema,
  queryIdSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { notFound } from '../../lib/app-error.ts';
import { noContent } from '../../lib/openapi.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import { createChatHub } from './chat-hub.ts';
import { createChatService } from './chat.service.ts';
import { createChatSocketHandler } from './chat-socket.ts';
import { createSendRate } from './send-rate.ts';
import { createSocketSlots } from './socket-slots.service.ts';

/**
 * The send rate on all instances together (decision 222): per 2-second window, what one instance's token bucket can
 * let through in one (a full burst plus two seconds of refill). The bucket is never stricter than this, so one
 * instance behaves as before; N instances together allow no more than one bucket's most.
 */
const SHARED_SEND_WINDOW_MS = 2000;
export const SHARED_SEND_RATE = {
  limit: CHAT_LIMITS.messageBurst + (CHAT_LIMITS.messagesPerSecond * SHARED_SEND_WINDOW_MS) / 1000,
  windowMs: SHARED_SEND_WINDOW_MS,
};

const errors = { 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
// `lang`: a browser cannot set Accept-Language on a WebSocket, so the app names the language it shows.
const wsQuerySchema = z.object({ after: queryIdSchema.optional(), lang: languageSchema.optional() });

/** Chat between users (spec §3 "Chat", §7; decisions 120–124): rooms, history, read marks and the socket. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const chat = createChatService({ ...app.deps, bus: app.realtime, sendRate: SHARED_SEND_RATE });
  const sessions = createSessionsService(app.deps);
  const hub = createChatHub({ chat, bus: app.realtime, sessions, log: app.log });
  const rate = createSendRate();
  const slots = createSocketSlots({
    ...app.deps,
    perUser: CHAT_LIMITS.socketsPerUser,
    perAddress: app.deps.config.chatSocketsPerAddress,
  });
  const handleSocket = createChatSocketHandler({ chat, hub, rate, slots, log: app.log });

  // Open sockets keep their sessions alive; revoked or expired ones lose their sockets within one interval (decision 121).
  // The same interval prunes this instance's slots of sockets no longer open (their liveness is the instance's
  // heartbeat, decisions 222 and 231).
  const sessionCheck = setInterval(() => {
    void hub.checkSessions().catch((err: unknown) => app.log.warn({ err }, 'chat session check failed'));
    void slots.pruneClosed().catch((err: unknown) => app.log.warn({ err }, 'chat slots prune failed'));
    void chat.pruneSendRate().catch((err: unknown) => app.log.warn({ err }, 'chat send-rate prune failed'));
  }, app.deps.config.chatSessionCheckMs);
  sessionCheck.unref();
  const prune = setInterval(() => rate.prune(), 60_000);
  prune.unref();
  // At shutdown the sockets were closed first (app.ts, 1001); the instance's slots go before the database closes.
  app.addHook('onClose', async () => {
    clearInterval(sessionCheck);
    clearInterval(prune);
    hub.stop();
    await hub.idle();
    await slots.leave().catch((err: unknown) => app.log.warn({ err }, 'chat slots not released'));
  });

  app.post(
    '/web/getUserChatRooms',
    protectedRoute(
      'any',
      {
        tags: ['chat'],
        summary: "The caller's chat rooms, most recent first, with last message and unread counts",
        body: getUserChatRoomsBodySchema,
        querystring: getUserChatRoomsQuerySchema,
        response: { 200: getUserChatRoomsResponseSchema, ...errors },
      },
      { responseCache: 'chat' },
    ),
    async (request) => {
      const userId = authOf(request).userId;
      const claimed = request.body.user_id ?? request.query.user_id;
      if (claimed !== undefined && claimed !== userId) throw notFound();
      const { rooms, unseenTotal } = await chat.listRooms(userId);
      return { user_rooms: rooms, unseen_total: unseenTotal };
    },
  );

  app.post(
    '/web/getOrCreateUserChatRoom',
    protectedRoute('any', {
      tags: ['chat'],
      summary: 'The room of the caller and another user of its account tree, created on first use',
      body: getOrCreateChatRoomBodySchema,
      response: { 200: chatRoomResponseSchema, ...errors },
    }),
    async (request) => ({
      room: await chat.getOrCreateRoom({ actorId: authOf(request).userId, otherId: request.body.user_id }),
    }),
  );

  app.get(
    '/web/chat/messages',
    protectedRoute(
      'any',
      {
        tags: ['chat'],
        summary: "A page of a room's messages (oldest first); `before` pages to older ones",
        querystring: chatMessagesQuerySchema,
        response: { 200: chatMessagesResponseSchema, ...errors },
      },
      { responseCache: 'chat' },
    ),
    async (request) => {
      const q = request.query;
      const page = await chat.messages({
        userId: authOf(request).userId,
        roomId: q.room_id,
        before: q.before,
        limit: q.limit,
      });
      return { messages: page.messages, has_more: page.hasMore };
    },
  );

  app.post(
    '/web/chat/read',
    protectedRoute('any', {
      tags: ['chat'],
      summary: "Sets the caller's unread count of a room to 0",
      body: chatReadBodySchema,
      response: { 200: chatRoomResponseSchema, ...errors },
    }),
    async (request) => {
      const userId = authOf(request).userId;
      const roomId = request.body.room_id;
      if (await chat.markRead({ userId, roomId })) await hub.publishRead(roomId, userId);
      return { room: (await chat.roomSnapshot(roomId)).room };
    },
  );

  app.get(
    CHAT_WS_PATH,
    {
      ...protectedRoute('any', {
        tags: ['chat'],
        summary: `WebSocket (subprotocols "${CHAT_WS_PROTOCOL}" and "bearer.<token>"); ?after=<message id> sends what was missed, ?lang=es|en|pt the language of error frames`,
        querystring: wsQuerySchema,
        response: {
          101: noContent('Switching Protocols: the socket is open'),
          404: noContent('A plain GET without an upgrade opens no socket'),
          422: errorEnvelopeSchema,
        },
      }),
      websocket: true,
    },
    (socket, request) => {
      // node's types: a request's address is undefined once its client has gone, here during the upgrade: nobody to
      // admit, and no address to count a slot against.
      if ((request.ip as string | undefined) === undefined) return socket.terminate();
      const query = request.query as z.infer<typeof wsQuerySchema>;
      return handleSocket(socket, {
        ...authOf(request),
        address: request.ip,
        lang: query.lang ?? request.lang,
        after: query.after,
      });
    },
  );
};
