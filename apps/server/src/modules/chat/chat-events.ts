import { REALTIME_PAYLOAD_MAX_BYTES } from '../../plugins/realtime.ts';
import type { MessageRow } from './chat.repository.ts';

/** A stored message with what fan-out needs to route it (its room's two members) and show its room. */
export interface FanOutMessage extends MessageRow {
  user_low: number;
  user_high: number;
  room_created_at: Date;
}

/**
 * A committed batch of messages as it travels between instances (decision 217): the rows themselves, so no
 * instance reads them again. A message whose text would not fit in one NOTIFY travels without it (`null`);
 * the receiver reads that one row.
 */
export interface MessagesEvent {
  messages: Array<Omit<FanOutMessage, 'message'> & { message: string | null }>;
}

export const MESSAGES_EVENT = 'chat.messages:';

type Wire = [
  id: number,
  roomId: string,
  userId: number,
  clientId: string | null,
  createdAt: number,
  userLow: number,
  userHigh: number,
  roomCreatedAt: number,
  message: string | null,
];

const toWire = (m: FanOutMessage, withText: boolean): Wire => [
  m.id,
  m.room_id,
  m.user_id,
  m.client_id,
  m.created_at.getTime(),
  m.user_low,
  m.user_high,
  m.room_created_at.getTime(),
  withText ? m.message : null,
];

const payloadOf = (entries: Wire[]) => MESSAGES_EVENT + JSON.stringify(entries);
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * The payloads of one batch, in id order, each under the NOTIFY limit: as many messages per payload as fit; a
 * message too large to travel with its text travels as a reference.
 */
export function encodeMessagesEvents(messages: FanOutMessage[]): string[] {
  const payloads: string[] = [];
  let current: Wire[] = [];
  let size = bytes(payloadOf([]));
  for (const message of messages) {
    let entry = toWire(message, true);
    let entrySize = bytes(JSON.stringify(entry)) + 1;
    if (bytes(payloadOf([])) + entrySize > REALTIME_PAYLOAD_MAX_BYTES) {
      entry = toWire(message, false);
      entrySize = bytes(JSON.stringify(entry)) + 1;
    }
    if (current.length > 0 && size + entrySize > REALTIME_PAYLOAD_MAX_BYTES) {
      payloads.push(payloadOf(current));
      current = [];
      size = bytes(payloadOf([]));
    }
    current.push(entry);
    size += entrySize;
  }
  if (current.length > 0) payloads.push(payloadOf(current));
  return payloads;
}

/** The batch a payload carries; throws on a malformed one (logged by the hub, never delivered). */
export function decodeMessagesEvent(payload: string): MessagesEvent {
  const entries = JSON.parse(payload.slice(MESSAGES_EVENT.length)) as Wire[];
  if (!Array.isArray(entries)) throw new Error('chat messages event: not a list');
  return {
    messages: entries.map(
      ([id, room_id, user_id, client_id, createdAt, user_low, user_high, roomCreatedAt, message]) => ({
        id,
        room_id,
        user_id,
        client_id,
        created_at: new Date(createdAt),
        user_low,
        user_high,
        room_created_at: new Date(roomCreatedAt),
        message,
      }),
    ),
  };
}
