import { describe, expect, it } from 'vitest';
import { REALTIME_PAYLOAD_MAX_BYTES } from '../../plugins/realtime.ts';
import { decodeMessagesEvent, encodeMessagesEvents, type FanOutMessage } from './chat-events.ts';

const message = (id: number, text: string): FanOutMessage => ({
  id,
  room_id: '7b0c3c4e-5f7a-4f3e-9d61-2f8a1d2c9e10',
  user_id: 3,
  message: text,
  client_id: `client-${id}`,
  created_at: new Date(1_700_000_000_000 + id),
  user_low: 3,
  user_high: 9,
  room_created_at: new Date(1_600_000_000_000),
});

describe('chat messages events (decision 217)', () => {
  it('packs a batch into payloads under the NOTIFY limit, in order, and reads them back', () => {
    const batch = Array.from({ length: 120 }, (_, i) => message(i + 1, `mensaje número ${i + 1} ${'x'.repeat(100)}`));
    const payloads = encodeMessagesEvents(batch);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(REALTIME_PAYLOAD_MAX_BYTES);
    const decoded = payloads.flatMap((p) => decodeMessagesEvent(p).messages);
    expect(decoded).toEqual(batch);
  });

  it('sends a message too large for one payload as a reference, without its text', () => {
    const large = message(5, 'ñ'.repeat(4000));
    const [payload, ...rest] = encodeMessagesEvents([message(4, 'antes'), large, message(6, 'después')]);
    expect(rest).toEqual([]);
    expect(Buffer.byteLength(payload!)).toBeLessThanOrEqual(REALTIME_PAYLOAD_MAX_BYTES);
    expect(decodeMessagesEvent(payload!).messages.map((m) => m.message)).toEqual(['antes', null, 'después']);
  });
});
