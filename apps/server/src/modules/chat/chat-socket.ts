import {
  CHAT_CLOSE,
  chatClientFrameSchema,
  chatClientIdSchema,
  type ChatClientFrame,
  type ChatServerFrame,
  type Language,
} from '@medida/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../lib/app-error.ts';
import { controlCharacterPaths } from '../../lib/control-characters.ts';
import { translate } from '../../lib/i18n.ts';
import type { ChatConnection, ChatHub } from './chat-hub.ts';
import { toChatMessage, type ChatService } from './chat.service.ts';
import type { createSendRate } from './send-rate.ts';
import type { SocketSlots } from './socket-slots.service.ts';

/** A socket that cannot keep up (1 MiB unsent) is closed; it reconnects and backfills. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

type ErrorFrame = Extract<ChatServerFrame, { type: 'error' }>;

/** The first chat.* key of a zod failure (message length, empty message), else a generic bad frame. */
function frameError(issues: readonly { message: string; path: PropertyKey[] }[]): Pick<ErrorFrame, 'code' | 'key'> {
  const key = issues.map((i) => i.message).find((m) => m.startsWith('chat.'));
  if (key === 'chat.messageTooLong') return { code: 'message_too_long', key };
  return { code: 'bad_frame', key: key ?? 'chat.badFrame' };
}

/** A refused frame's error: not found, over the send rate (decision 222), else a bad frame. */
function frameErrorOf(err: AppError): Pick<ErrorFrame, 'code' | 'key'> {
  if (err.statusCode === 404) return { code: 'not_found', key: 'errors.notFound' };
  if (err.statusCode === 429) return { code: 'too_many_requests', key: 'chat.tooManyMessages' };
  return { code: 'bad_frame', key: 'chat.badFrame' };
}

/**
 * One socket's life: register with the hub (or refuse when the user has too many), backfill what a
 * reconnecting client missed, then handle frames. A bad frame gets an error frame; nothing a client
 * sends can close the server or other sockets.
 */
export function createChatSocketHandler(deps: {
  chat: ChatService;
  hub: ChatHub;
  rate: ReturnType<typeof createSendRate>;
  slots: Pick<SocketSlots, 'claim' | 'release'>;
  log: FastifyBaseLogger;
}) {
  return (
    socket: WebSocket,
    ctx: { userId: number; sessionId: string; address: string; lang: Language; after: number | undefined },
  ) => {
    const { userId, lang } = ctx;
    const send = (frame: ChatServerFrame) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        return;
      }
      socket.send(JSON.stringify(frame));
    };
    const sendError = (error: Pick<ErrorFrame, 'code' | 'key'>, clientId?: string) =>
      send({
        type: 'error',
        ...error,
        message: translate(lang, error.key),
        ...(clientId ? { client_id: clientId } : {}),
      });

    const connection: ChatConnection = {
      userId,
      sessionId: ctx.sessionId,
      send,
      close: (code, reason) => socket.close(code, reason),
    };
    // A slot in the database (the caps per user and per address hold across instances, decision 222), then this
    // instance's hub. Frames that arrive meanwhile wait for the answer in the socket's queue.
    let slot: string | undefined;
    let closed = false;
    const releaseSlot = () => {
      if (slot === undefined) return;
      const id = slot;
      slot = undefined;
      deps.slots.release(id).catch((err: unknown) => deps.log.warn({ err }, 'chat socket slot release failed'));
    };
    socket.on('close', () => {
      closed = true;
      deps.hub.remove(connection);
      releaseSlot();
    });
    socket.on('error', (err) => deps.log.debug({ err }, 'chat socket error'));

    async function admit(): Promise<boolean> {
      slot = await deps.slots.claim(userId, ctx.address);
      if (slot !== undefined && !closed && deps.hub.add(connection)) return true;
      releaseSlot();
      if (!closed) {
        sendError({ code: 'too_many_requests', key: 'chat.tooManySockets' });
        socket.close(CHAT_CLOSE.tooManySockets, 'too many sockets');
      }
      return false;
    }
    const admitted = admit().catch((err: unknown) => {
      deps.log.error({ err }, 'chat socket admission failed');
      releaseSlot();
      sendError({ code: 'internal', key: 'errors.internal' });
      socket.close(1011, 'internal error');
      return false;
    });

    if (ctx.after !== undefined) {
      const afterId = ctx.after;
      void admitted.then(async (ok) => {
        if (!ok) return;
        try {
          send({ type: 'backfill', ...(await deps.chat.backfill({ userId, afterId })) });
        } catch (err) {
          deps.log.error({ err }, 'chat backfill failed');
          sendError({ code: 'internal', key: 'errors.internal' });
        }
      });
    }

    async function handle(frame: ChatClientFrame) {
      if (frame.type === 'read') {
        if (await deps.chat.markRead({ userId, roomId: frame.room_id }))
          await deps.hub.publishRead(frame.room_id, userId);
        return;
      }
      const result = await deps.chat.send({
        userId,
        roomId: frame.room_id,
        clientId: frame.client_id,
        message: frame.message,
      });
      // A retry of a stored message is answered to this socket only; the others already have it. A new one was
      // announced with its batch (chat.service send) and reaches every socket of the room, this one included.
      if (result.duplicate)
        send({ type: 'message', message: toChatMessage(result.message), client_id: frame.client_id });
    }

    let queue: Promise<unknown> = admitted;
    socket.on('message', (data, isBinary) => {
      let raw: unknown;
      try {
        raw = isBinary ? undefined : JSON.parse(data.toString());
      } catch {
        raw = undefined;
      }
      const rawClientId = (raw as { client_id?: unknown } | undefined)?.client_id;
      const echoId = typeof rawClientId === 'string' ? rawClientId.slice(0, 64) : undefined;
      // The HTTP bodies' text rule (plugins/input-guard.ts), on every string and key of the frame, before the
      // schema: a NUL reached PostgreSQL and came back as an internal error (issue 32 item 2).
      if (controlCharacterPaths(raw).length > 0) {
        const validId = chatClientIdSchema.safeParse(rawClientId);
        sendError(
          { code: 'validation', key: 'validation.controlCharacters' },
          validId.success ? validId.data : undefined,
        );
        return;
      }
      const parsed = chatClientFrameSchema.safeParse(raw);
      if (!parsed.success) {
        sendError(frameError(parsed.error.issues), echoId);
        return;
      }
      const frame = parsed.data;
      const clientId = frame.type === 'send' ? frame.client_id : undefined;
      // Counted on arrival, not after storing, so a slow database does not loosen the limit.
      if (frame.type === 'send' && !deps.rate.take(userId)) {
        sendError({ code: 'too_many_requests', key: 'chat.tooManyMessages' }, frame.client_id);
        return;
      }
      // One frame at a time per socket, so a user's messages are stored in the order they were typed.
      queue = queue
        .then(async () => {
          if (await admitted) await handle(frame);
        })
        .catch((err: unknown) => {
          if (err instanceof AppError && err.statusCode < 500) {
            sendError(frameErrorOf(err), clientId);
            return;
          }
          deps.log.error({ err }, 'chat frame failed');
          sendError({ code: 'internal', key: 'errors.internal' }, clientId);
        });
    });
  };
}
