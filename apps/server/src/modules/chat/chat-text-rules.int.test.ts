import type { ChatRoom } from '@medida/contracts';
import type { FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../app.ts';
import { translate } from '../../lib/i18n.ts';
import { connectChat, type ChatTestClient } from '../../test/chat-client.ts';
import { bearer, insertUser } from '../../test/factories.ts';
import { loggedIn, type Actor } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * Issue 32 item 2: a NUL in a chat message reached PostgreSQL and came back as an `internal` error frame and an
 * error log. Every text a socket frame carries now meets the HTTP bodies' rule first (lib/control-characters.ts).
 */
describe('chat socket: the text rules of the HTTP bodies', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let pro: Actor;
  let room: ChatRoom;
  let socket: ChatTestClient;
  const lines: string[] = [];
  /** pino's levels: 50 error, 60 fatal. */
  const errorLines = () =>
    lines.map((l) => JSON.parse(l) as { level: number; msg?: string }).filter((l) => l.level >= 50);

  beforeAll(async () => {
    ctx = await createTestApp(
      {},
      {
        logger: {
          ...(loggerOptions('info') as object),
          stream: { write: (line: string) => lines.push(line) },
        } as FastifyServerOptions['logger'],
      },
    );
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    pro = await loggedIn(ctx);
    const client = await insertUser(ctx, { type: 2, parent_user_id: pro.id });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/getOrCreateUserChatRoom',
      headers: pro.headers,
      payload: { user_id: client.id },
    });
    room = (res.json() as { room: ChatRoom }).room;
    socket = await connectChat(baseUrl, pro.token, { appLang: 'en' });
  });
  afterAll(async () => {
    socket?.close();
    await ctx?.close();
  });

  const stored = async (clientId: string) =>
    ctx.db.selectFrom('chat_messages').select('id').where('client_id', '=', clientId).execute();

  const hostile = [
    ['NUL', 'hola\u0000mundo'],
    ['only NUL', '\u0000'],
    ['bell', 'ding\u0007'],
    ['escape', '\u001b[31mred'],
    ['vertical tab', 'a\u000bb'],
    ['DEL', 'x\u007f'],
  ] as const;

  it.each(hostile)(
    'a message with %s gets a translated validation frame, is not stored and logs no error',
    async (_, text) => {
      const clientId = `ctl-${Math.random().toString(36).slice(2, 12)}`;
      socket.send({ type: 'send', room_id: room.chat_room_id, client_id: clientId, message: text });
      const frame = await socket.next('error', (f) => f.client_id === clientId);
      expect(frame).toEqual({
        type: 'error',
        code: 'validation',
        key: 'validation.controlCharacters',
        message: translate('en', 'validation.controlCharacters'),
        client_id: clientId,
      });
      expect(await stored(clientId)).toEqual([]);
      expect(errorLines()).toEqual([]);
    },
  );

  it('refuses control characters in the other fields too (room id, client id, type, keys) without an error log', async () => {
    const frames: unknown[] = [
      { type: 'read', room_id: `${room.chat_room_id}\u0000` },
      { type: 'send', room_id: `\u0000${room.chat_room_id}`, client_id: 'ctl-room-0001', message: 'hola' },
      { type: 'send', room_id: room.chat_room_id, client_id: 'ctl\u0000-client', message: 'hola' },
      { type: 'send\u0000', room_id: room.chat_room_id, client_id: 'ctl-type-0001', message: 'hola' },
      { type: 'send', room_id: room.chat_room_id, client_id: 'ctl-key-00001', message: 'hola', 'x\u0000': 1 },
    ];
    for (const frame of frames) {
      socket.send(frame);
      const answer = await socket.next('error');
      expect(answer, JSON.stringify(frame)).toMatchObject({ type: 'error', code: 'validation' });
    }
    for (const id of ['ctl-room-0001', 'ctl-type-0001', 'ctl-key-00001']) expect(await stored(id)).toEqual([]);
    expect(errorLines()).toEqual([]);
  });

  it('still stores tabs and line breaks, which the HTTP rule allows too', async () => {
    const clientId = 'ctl-allowed-0001';
    socket.send({ type: 'send', room_id: room.chat_room_id, client_id: clientId, message: 'uno\n\tdos\r\ntres' });
    const echo = await socket.next('message', (f) => f.client_id === clientId);
    expect(echo.message.message).toBe('uno\n\tdos\r\ntres');
    expect(await stored(clientId)).toHaveLength(1);
    // And the HTTP side refuses the same NUL with the same key.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/chat/read',
      headers: { ...bearer(pro.token), 'accept-language': 'en' },
      payload: { room_id: `${room.chat_room_id}\u0000` },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message.room_id).toEqual([translate('en', 'validation.controlCharacters')]);
    expect(errorLines()).toEqual([]);
  });
});
