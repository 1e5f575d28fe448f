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

/** A room member as the room list's statement returns it (json). */
interface MemberJson {
  user_id: number;
  unseen: number;
  nombre: string;
  apellido: string;
  img_url: string | null;
}

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

    /**
     * The rooms of a send batch with their members and whether each is a live user, locked in id order, so two
     * instances' batches over the same rooms wait for each other instead of deadlocking (decision 217).
     */
    lockRoomsToSend: (roomIds: string[]) =>
      db
        .selectFrom('chat_rooms as r')
        .innerJoin('users as lo', 'lo.id', 'r.user_low')
        .innerJoin('users as hi', 'hi.id', 'r.user_high')
        .select(['r.id', 'r.user_low', 'r.user_high', 'r.created_at'])
        .select((eb) => [
          eb('lo.deleted_at', 'is', null).as('low_live'),
          eb('hi.deleted_at', 'is', null).as('high_live'),
        ])
        .where('r.id', 'in', roomIds)
        .orderBy('r.id')
        .forNoKeyUpdate('r')
        .execute(),

    /**
     * The member's rooms as its list shows them, most recent activity first, in one statement: each room with
     * its last message, its members (profile and unread count) and the member's unread total over all rooms.
     */
    listRoomViewsOf: (userId: number) =>
      db
        .selectFrom('chat_members as me')
        .innerJoin('chat_rooms as r', 'r.id', 'me.room_id')
        .leftJoin('chat_messages as lm', 'lm.id', 'r.last_message_id')
        .select([
          'r.id',
          'r.created_at',
          'lm.id as last_id',
          'lm.user_id as last_user_id',
          'lm.message as last_message',
          'lm.created_at as last_created_at',
        ])
        .select([
          sql<MemberJson[]>`(SELECT json_agg(json_build_object('user_id', m.user_id, 'unseen', m.unseen,
            'nombre', u.nombre, 'apellido', u.apellido, 'img_url', u.img_url) ORDER BY m.user_id)
            FROM chat_members m JOIN users u ON u.id = m.user_id WHERE m.room_id = r.id)`.as('members'),
          sql<number>`sum(me.unseen) OVER ()`.as('unseen_total'),
        ])
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

    /**
     * One page of a member's room, newest first, strictly older than the `before` message (date, then id), in
     * one statement. Undefined when `userId` is not a member; `cursorFound` false when `before` is not a
     * message of the room.
     */
    historyPage: async (a: { roomId: string; userId: number; before: number | undefined; limit: number }) => {
      const before = a.before ?? null;
      // The page as one JSON value, not one row per message: the embedded database's thread hands one text over
      // instead of decoding and copying every row's columns (decision 220).
      const { rows } = await sql<{
        cursor_found: boolean;
        messages: Array<Omit<MessageRow, 'created_at'> & { created_at: string }>;
      }>`SELECT c.id IS NOT NULL AS cursor_found, coalesce((
          SELECT json_agg(json_build_object('id', p.id, 'room_id', p.room_id, 'user_id', p.user_id,
              'message', p.message, 'client_id', p.client_id, 'created_at', p.created_at)
            ORDER BY p.created_at DESC, p.id DESC)
          FROM (
            SELECT p.id, p.room_id, p.user_id, p.message, p.client_id, p.created_at FROM chat_messages p
            WHERE p.room_id = r.id
              AND (${before}::int IS NULL OR p.created_at < c.created_at OR (p.created_at = c.created_at AND p.id < c.id))
            ORDER BY p.created_at DESC, p.id DESC
            LIMIT ${a.limit}
          ) p
          WHERE ${before}::int IS NULL OR c.id IS NOT NULL), '[]') AS messages
        FROM chat_rooms r
        LEFT JOIN chat_messages c ON c.room_id = r.id AND c.id = ${before}::int
        WHERE r.id = ${a.roomId} AND (r.user_low = ${a.userId} OR r.user_high = ${a.userId})`.execute(db);
      const [first] = rows;
      if (!first) return undefined;
      return {
        cursorFound: a.before === undefined || first.cursor_found,
        messages: first.messages.map((m): MessageRow => ({ ...m, created_at: new Date(m.created_at) })),
      };
    },

    /**
     * Stores messages in the given order (ids rise with it); a message whose sender already stored one with its
     * client id (a retry) is skipped, so fewer rows may come back.
     */
    insertMessages: (rows: { roomId: string; userId: number; message: string; clientId: string; now: Date }[]) =>
      db
        .insertInto('chat_messages')
        .values(
          rows.map((row) => ({
            room_id: row.roomId,
            user_id: row.userId,
            message: row.message,
            client_id: row.clientId,
            created_at: row.now,
          })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'client_id']).where('client_id', 'is not', null).doNothing())
        .returning(messageColumns)
        .execute() as Promise<MessageRow[]>,

    findMessagesByClientIds: (keys: { userId: number; clientId: string }[]) =>
      db
        .selectFrom('chat_messages')
        .select(messageColumns)
        .where((eb) => eb.or(keys.map((k) => eb.and([eb('user_id', '=', k.userId), eb('client_id', '=', k.clientId)]))))
        .execute() as Promise<MessageRow[]>,

    /**
     * New messages raise their recipients' counts and the rooms' last messages move to the newest: one
     * statement for a whole batch (`unread`: per room and recipient, how many; `last`: per room, its newest).
     */
    recordDeliveries: async (
      unread: { room_id: string; user_id: number; n: number }[],
      last: { room_id: string; id: number; at: Date }[],
    ) => {
      await sql`WITH counts AS (
          UPDATE chat_members m SET unseen = m.unseen + v.n
          FROM jsonb_to_recordset(${JSON.stringify(unread)}::jsonb) AS v(room_id uuid, user_id int, n int)
          WHERE m.room_id = v.room_id AND m.user_id = v.user_id
          RETURNING 1
        )
        UPDATE chat_rooms r SET last_message_id = v.id, last_message_at = v.at
        FROM jsonb_to_recordset(${JSON.stringify(last)}::jsonb) AS v(room_id uuid, id int, at timestamptz)
        WHERE r.id = v.room_id`.execute(db);
    },

    /**
     * Raises the users' chat versions (decision 239), in user order: every chat write locks these rows in one order,
     * after the rows it changed, so two writers never wait for each other in a circle.
     */
    raiseChatVersions: async (userIds: number[]) => {
      const ids = [...new Set(userIds)].sort((a, b) => a - b);
      if (ids.length === 0) return;
      await sql`INSERT INTO chat_versions AS cv (user_id, version)
        SELECT u, 1 FROM unnest(${ids}::int[]) WITH ORDINALITY AS t(u, ord) ORDER BY t.ord
        ON CONFLICT (user_id) DO UPDATE SET version = cv.version + 1`.execute(db);
    },

    /**
     * Returns true when the count changed (so a read of an already-read room is not broadcast); then both members'
     * chat versions rise in the same statement (decision 239: each sees the other's unread count), after the count.
     */
    markRead: async (roomId: string, userId: number) => {
      const { rows } = await sql`WITH read AS (
          UPDATE chat_members SET unseen = 0
          WHERE room_id = ${roomId} AND user_id = ${userId} AND unseen > 0
          RETURNING room_id
        )
        INSERT INTO chat_versions AS cv (user_id, version)
          SELECT m.u, 1 FROM read JOIN chat_rooms r ON r.id = read.room_id
            CROSS JOIN LATERAL (VALUES (r.user_low), (r.user_high)) AS m(u)
          ORDER BY m.u
        ON CONFLICT (user_id) DO UPDATE SET version = cv.version + 1
        RETURNING 1`.execute(db);
      return rows.length > 0;
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
  };
}
