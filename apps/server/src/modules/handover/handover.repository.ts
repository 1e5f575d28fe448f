import { USER_TYPE, type HandoverRelation, type UserType } from '@medida/contracts';
import { sql, type Database, type Kysely } from '@medida/db';
import { MAX_TREE_DEPTH, userBelowActor } from '../../lib/account-tree.ts';

/**
 * Who may receive from the actor (decision 117): its parent, the professionals next to it (same parent) and
 * the professionals of its own network, all live. `parentId` is the actor's parent (null at the top).
 */
const receiverRelation = (parentId: number | null) =>
  sql<HandoverRelation>`CASE WHEN users.id = ${parentId} THEN 'parent' WHEN users.parent_user_id = ${parentId} THEN 'sibling' ELSE 'network' END`;

export function createHandoverRepository(db: Kysely<Database>) {
  const receivers = (actorId: number, parentId: number | null) =>
    db
      .selectFrom('users')
      .select(['users.id', 'users.nombre', 'users.apellido', 'users.email', 'users.lang'])
      .select(receiverRelation(parentId).as('relation'))
      .where('users.type', '=', USER_TYPE.professional)
      .where('users.deleted_at', 'is', null)
      .where('users.id', '<>', actorId)
      .where((eb) =>
        eb.or([
          ...(parentId === null ? [] : [eb('users.id', '=', parentId), eb('users.parent_user_id', '=', parentId)]),
          userBelowActor(actorId, 'users'),
        ]),
      );

  return {
    /** The actor and the receiver, locked in id order (two opposite hand-overs cannot deadlock on them). */
    lockPair: (actorId: number, receiverId: number) =>
      db
        .selectFrom('users')
        .select([
          'id',
          'type',
          'parent_user_id',
          'account_root_id',
          'deleted_at',
          'nombre',
          'apellido',
          'email',
          'lang',
        ])
        .where('id', 'in', [actorId, receiverId])
        .orderBy('id')
        .forUpdate()
        .execute(),

    /** The professionals the actor may hand people over to: parent first, then next to it, then its network. */
    listReceivers: (actorId: number, parentId: number | null) =>
      receivers(actorId, parentId)
        .orderBy(sql`CASE WHEN users.id = ${parentId} THEN 0 WHEN users.parent_user_id = ${parentId} THEN 1 ELSE 2 END`)
        .orderBy('users.apellido')
        .orderBy('users.nombre')
        .orderBy('users.id')
        .execute(),

    findReceiver: (actorId: number, parentId: number | null, receiverId: number) =>
      receivers(actorId, parentId).where('users.id', '=', receiverId).executeTakeFirst(),

    /** The actor's live direct children of one type (all, or the given ids), locked until the move commits. */
    lockChildren: (actorId: number, type: UserType, ids: number[] | 'all') => {
      if (ids !== 'all' && ids.length === 0) return Promise.resolve([]);
      let query = db
        .selectFrom('users')
        .select('id')
        .where('parent_user_id', '=', actorId)
        .where('type', '=', type)
        .where('deleted_at', 'is', null);
      if (ids !== 'all') query = query.where('id', 'in', ids);
      return query.orderBy('id').forUpdate().execute();
    },

    /** Which of these people the actor has handed over before (they are no longer its own). */
    handedOverBy: async (actorId: number, ids: number[]) =>
      ids.length === 0
        ? []
        : (
            await db
              .selectFrom('handovers')
              .select('user_id')
              .distinct()
              .where('from_user_id', '=', actorId)
              .where('user_id', 'in', ids)
              .execute()
          ).map((r) => r.user_id),

    /** Whether `userId` is one of `ids` or below one of them (a network cannot go under itself). */
    isInside: async (userId: number, ids: number[]) => {
      if (ids.length === 0) return false;
      const row = await sql<{ inside: boolean }>`WITH RECURSIVE up (id, parent, depth) AS (
          SELECT id, parent_user_id, 0 FROM users WHERE id = ${userId}
          UNION ALL
          SELECT u.id, u.parent_user_id, up.depth + 1 FROM users u JOIN up ON u.id = up.parent WHERE up.depth < ${MAX_TREE_DEPTH}
        )
        SELECT EXISTS (SELECT 1 FROM up WHERE id IN (${sql.join(ids)})) AS inside`.execute(db);
      return row.rows[0]?.inside === true;
    },

    /** The move itself: the account tree stays the same, so the roots on users and evaluations stay right. */
    moveTo: (ids: number[], receiverId: number, now: Date) =>
      ids.length === 0
        ? Promise.resolve()
        : db
            .updateTable('users')
            .set({ parent_user_id: receiverId, updated_at: now })
            .where('id', 'in', ids)
            .execute()
            .then(() => undefined),

    record: (
      rows: { user_id: number; from_user_id: number; to_user_id: number; actor_id: number; created_at: Date }[],
    ) =>
      rows.length === 0
        ? Promise.resolve()
        : db
            .insertInto('handovers')
            .values(rows)
            .execute()
            .then(() => undefined),
  };
}
