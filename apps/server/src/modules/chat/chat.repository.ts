import { sql, type Database, type Kysely, type Transaction } from '@medida/db';

type Db = Kysely<Database> | Transaction<Database>;

const messageColumns = [
  'chat_messages.id',
  'chat_messages.room_id',
  'chat_messages.user_id',
  'chat_messages.message',
  'chat_messages.client_id',
  'chat_messages.created_at',
] as const;

export interface MessageRow {
  id: number;
  room_id: string;
  user_id: number;
  message: string;
  client_id: string | null;
  created_at: Date;
}

/** Every query on rooms and messages carries the member (the acting user) in its `where`. */
export function createChatRepository(db: Db) {
  return {
    /** Creates the pair's room unless it exists (the unique pair wins any race); undefined when it did. */
    insertRoomIfAbsent: (pair: { low: number; high: number }, now: Date) =>
      db
        .insertInto('chat_rooms')
        .values({ user_low: pair.low, user_high: pair.high, created_at: now })
        .onConflict((oc) => oc.constraint('chat_rooms_pair_key').doNothing())
        .returning('id')
        .executeTakeFirst(),

    insertMembers: (roomId: string, userIds: number[]) =>
      db
        .insertInto('chat_members')
        .values(userIds.map((user_id) => ({ room_id: roomId, user_id })))
        .execute(),

    findRoomIdByPair: async (pair: { low: number; high: number }) =>
      (
        await db
          .selectFrom('chat_rooms')
          .select('id')
          .where('user_low', '=', pair.low)
          .where('user_high', '=', pair.high)
          .executeTakeFirst()
      )?.id,

    /** The room if `userId` is one of its two members; a stranger gets undefined. */
    findRoomOfMember: (roomId: string, userId: number) =>
      db
        .selectFrom('chat_rooms')
        .select(['id', 'user_low', 'user_high'])
        .where('id', '=', roomId)
        .where((eb) => eb.or([eb('user_low', '=', userId), eb('user_high', '=', userId)]))
        .executeTakeFirst(),

    /** The room if `userId` is a member and the other member is a live user (one may send to it); else undefined. */
    findRoomToSend: (roomId: string, userId: number) =>
      db
        .selectFrom('chat_rooms as r')
        .innerJoin('users as other', (join) =>
          join.on((eb) =>
            eb(
              'other.id',
              '=',
              eb.case().when('r.user_low', '=', userId).then(eb.ref('r.user_high')).else(eb.ref('r.user_low')).end(),
            ),
          ),
        )
        .select('r.id')
        .where('r.id', '=', roomId)
        .where((eb) => eb.or([eb('r.user_low', '=', userId), eb('r.user_high', '=', userId)]))
        .where('other.deleted_at', 'is', null)
        .executeTakeFirst(),

    /** The member's rooms, most recent activity first. */
    listRoomsOf: (userId: number) =>
      db
        .selectFrom('chat_members as me')
        .innerJoin('chat_rooms as r', 'r.id', 'me.room_id')
        .select(['r.id', 'r.created_at', 'r.last_message_id'])
        .where('me.user_id', '=', userId)
        .orderBy(sql`coalesce(r.last_message_at, r.created_at)`, 'desc')
        .orderBy('r.id')
        .execute(),

    findRoom: (roomId: string) =>
      db
        .selectFrom('chat_rooms')
        .select(['id', 'created_at', 'last_message_id'])
        .where('id', '=', roomId)
        .executeTakeFirst(),

    /** Members of the rooms with their profile and unread count (deleted users too: their history stays). */
    membersOf: (roomIds: string[]) =>
      roomIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('chat_members as m')
            .innerJoin('users as u', 'u.id', 'm.user_id')
            .select(['m.room_id', 'm.user_id', 'm.unseen', 'u.nombre', 'u.apellido', 'u.img_url'])
            // The member's unread count over all its rooms (the badge), read in the same query.
            .select((eb) =>
              eb
                .selectFrom('chat_members as all')
                .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('all.unseen'), sql<number>`0`).as('total'))
                .whereRef('all.user_id', '=', 'm.user_id')
                .as('unseen_total'),
            )
            .where('m.room_id', 'in', roomIds)
            .orderBy('m.user_id')
            .execute(),

    messagesByIds: (ids: number[]): Promise<MessageRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('chat_messages').select(messageColumns).where('id', 'in', ids).execute(),

    unseenTotal: async (userId: number) => {
      const row = await db
        .selectFrom('chat_members')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('unseen'), sql<number>`0`).as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** One page, newest first, strictly older than the cursor (date, then id). */
    pageMessages: (roomId: string, limit: number, before?: { created_at: Date; id: number }): Promise<MessageRow[]> => {
      let query = db.selectFrom('chat_messages').select(messageColumns).where('room_id', '=', roomId);
      if (before)
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', before.created_at),
            eb.and([eb('created_at', '=', before.created_at), eb('id', '<', before.id)]),
          ]),
        );
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    findMessageInRoom: (roomId: string, messageId: number) =>
      db
        .selectFrom('chat_messages')
        .select(['id', 'created_at'])
        .where('room_id', '=', roomId)
        .where('id', '=', messageId)
        .executeTakeFirst(),

    /** Stores a message; undefined when the sender already stored one with this client id (a retry). */
    insertMessage: (row: { roomId: string; userId: number; message: string; clientId: string; now: Date }) =>
      db
        .insertInto('chat_messages')
        .values({
          room_id: row.roomId,
          user_id: row.userId,
          message: row.message,
          client_id: row.clientId,
          created_at: row.now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'client_id']).where('client_id', 'is not', null).doNothing())
        .returning(messageColumns)
        .executeTakeFirst() as Promise<MessageRow | undefined>,

    findMessageByClientId: (userId: number, clientId: string) =>
      db
        .selectFrom('chat_messages')
        .select(messageColumns)
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .executeTakeFirst() as Promise<MessageRow | undefined>,

    /** The new message raises the other member's count and becomes the room's last message. */
    recordDelivery: async (message: MessageRow) => {
      await db
        .updateTable('chat_members')
        .set((eb) => ({ unseen: eb('unseen', '+', 1) }))
        .where('room_id', '=', message.room_id)
        .where('user_id', '<>', message.user_id)
        .execute();
      await db
        .updateTable('chat_rooms')
        .set({ last_message_id: message.id, last_message_at: message.created_at })
        .where('id', '=', message.room_id)
        .execute();
    },

    /** Returns true when the count changed (so a read of an already-read room is not broadcast). */
    markRead: async (roomId: string, userId: number) => {
      const result = await db
        .updateTable('chat_members')
        .set({ unseen: 0 })
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .where('unseen', '>', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Messages of the member's rooms after `afterId` (reconnection backfill), oldest first. */
    messagesAfter: (userId: number, afterId: number, limit: number): Promise<MessageRow[]> =>
      db
        .selectFrom('chat_messages')
        .select(messageColumns)
        .where('id', '>', afterId)
        .where('room_id', 'in', (eb) => eb.selectFrom('chat_members').select('room_id').where('user_id', '=', userId))
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** A message with its room (members, creation, last message): what fan-out needs to route and show it. */
    findMessageForFanOut: (messageId: number) =>
      db
        .selectFrom('chat_messages as m')
        .innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
        .select([
          'm.id',
          'm.room_id',
          'm.user_id',
          'm.message',
          'm.client_id',
          'm.created_at',
          'r.user_low',
          'r.user_high',
          'r.created_at as room_created_at',
          'r.last_message_id',
        ])
        .where('m.id', '=', messageId)
        .executeTakeFirst(),
  };
}
