import { z } from 'zod';
import { digitsSchema, documentedInteger, idSchema, queryIdSchema } from './common.ts';

// Chat between two users (spec §3 "Chat", §4, §7; decision 120). Rooms hold one pair of users; the
// WebSocket carries the frames at the end of this file.

/** Limits the server enforces, each with a translated error (decision 121). */
export const CHAT_LIMITS = {
  messageMaxLength: 4000,
  /** Sustained messages per second per user, with a short burst on top. */
  messagesPerSecond: 5,
  messageBurst: 10,
  socketsPerUser: 10,
  pageSize: 30,
  pageMaxSize: 100,
  /** Missed messages sent on reconnection; beyond this the client reloads the room list and pages. */
  backfillMax: 500,
} as const;

export const chatRoomIdSchema = z.uuid({ error: 'validation.id' });

/** Trimmed text of 1 to 4,000 characters (the limit counts characters as typed, before trimming). */
export const chatMessageTextSchema = z
  .string({ error: 'validation.required' })
  .max(CHAT_LIMITS.messageMaxLength, { error: 'chat.messageTooLong' })
  .refine((text) => text.trim().length > 0, { error: 'chat.messageEmpty' })
  .transform((text) => text.trim());

export const chatParticipantSchema = z.object({
  user_id: z.number().int(),
  profile: z.object({ nombre: z.string(), apellido: z.string(), img_url: z.string() }),
});

export const chatMessageSchema = z.object({
  id: z.number().int(),
  room_id: z.string(),
  user_id: z.number().int(),
  /** ISO 8601 date the server stored the message. */
  date: z.string(),
  message: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomSchema = z.object({
  chat_room_id: z.string(),
  users: z.array(chatParticipantSchema),
  lastMessage: chatMessageSchema.nullable(),
  /** Unread count per participant, keyed by user id. */
  unseen: z.record(z.string(), z.number().int()),
  created_at: z.string(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

// POST /web/getUserChatRooms — user_id (optional, legacy; body or query) must be the caller's own id.
const ownUserIdSchema = z.strictObject({ user_id: idSchema.optional() });
export const getUserChatRoomsBodySchema = z.preprocess((body) => body ?? {}, ownUserIdSchema);
export const getUserChatRoomsQuerySchema = z.strictObject({ user_id: queryIdSchema.optional() });
export const getUserChatRoomsResponseSchema = z.object({
  user_rooms: z.array(chatRoomSchema),
  /** The caller's unread messages across all rooms (the chat button's badge). */
  unseen_total: z.number().int(),
});

// POST /web/getOrCreateUserChatRoom — the other user's id; one room per pair.
export const getOrCreateChatRoomBodySchema = z.strictObject({ user_id: idSchema });
export const chatRoomResponseSchema = z.object({ room: chatRoomSchema });

// GET /web/chat/messages — newest first; `before` (a message id of the room) pages to older ones.
export const chatMessagesQuerySchema = z.strictObject({
  room_id: chatRoomIdSchema,
  before: queryIdSchema.optional(),
  limit: digitsSchema('validation.integer')
    .pipe(z.number().min(1, { error: 'validation.min' }).max(CHAT_LIMITS.pageMaxSize, { error: 'validation.max' }))
    .meta(documentedInteger(1, CHAT_LIMITS.pageMaxSize))
    .default(CHAT_LIMITS.pageSize),
});
export const chatMessagesResponseSchema = z.object({
  /** Oldest first, ready to prepend above what the conversation already shows. */
  messages: z.array(chatMessageSchema),
  has_more: z.boolean(),
});

// POST /web/chat/read — sets the caller's unread count of a room to 0.
export const chatReadBodySchema = z.strictObject({ room_id: chatRoomIdSchema });

// ---- WebSocket: GET /web/chat/ws ------------------------------------------------------------------
// The browser cannot set headers on a WebSocket, so the bearer token travels as the second
// subprotocol: new WebSocket(url, [CHAT_WS_PROTOCOL, token]). `?after=<message id>` asks for the
// messages missed since then (reconnection backfill).
export const CHAT_WS_PATH = '/web/chat/ws';
export const CHAT_WS_PROTOCOL = 'medida-chat';

/** A client-generated id per message, so a retry is stored once and the sender can match the echo. */
export const chatClientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'validation.invalid' });

export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('send'),
    room_id: chatRoomIdSchema,
    client_id: chatClientIdSchema,
    message: chatMessageTextSchema,
  }),
  z.strictObject({ type: z.literal('read'), room_id: chatRoomIdSchema }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

export const CHAT_ERROR_CODES = [
  'bad_frame',
  /** A text field holds characters the HTTP bodies refuse too (control characters, NUL): nothing is stored. */
  'validation',
  'not_found',
  'too_many_requests',
  'message_too_long',
  'internal',
] as const;

export const chatServerFrameSchema = z.discriminatedUnion('type', [
  /** A new message in one of the user's rooms; `client_id` is set on the sender's own echo. */
  z.object({ type: z.literal('message'), message: chatMessageSchema, client_id: z.string().optional() }),
  /** Someone read a room: `user_id`'s unread count there is now 0. */
  z.object({ type: z.literal('read'), room_id: z.string(), user_id: z.number().int() }),
  /** The room as the list shows it (last message, unread counts) after a change. */
  z.object({ type: z.literal('room-updated'), room: chatRoomSchema, unseen_total: z.number().int() }),
  /** Missed messages after a reconnection (oldest first); `complete` is false when more were missed. */
  z.object({ type: z.literal('backfill'), messages: z.array(chatMessageSchema), complete: z.boolean() }),
  z.object({
    type: z.literal('error'),
    code: z.enum(CHAT_ERROR_CODES),
    message: z.string(),
    key: z.string(),
    /** The send this error answers, so the client can mark that message failed. */
    client_id: z.string().optional(),
  }),
]);
export type ChatServerFrame = z.infer<typeof chatServerFrameSchema>;

/** WebSocket close codes the web client acts on. */
export const CHAT_CLOSE = {
  /** The server is shutting down (or restarting): reconnect, with `after`, as after any drop. */
  goingAway: 1001,
  /** The session is gone (revoked, expired): do not reconnect; the app logs out. */
  unauthenticated: 4401,
  /** Too many sockets open for this user. */
  tooManySockets: 4429,
} as const;
