import { USER_TYPE, type HandoverRelation, type UserType } from '@medida/contracts';
import {
  MAX_TREE_DEPTH,
  batchRows,
  belowActor,
  parentInActorTree,
  sql,
  userBelowActor,
  type Database,
  type Kysely,
  type NewUser,
  type Transaction,
} from '@medida/db';

type Db = Kysely<Database> | Transaction<Database>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The `users` table's statements that other modules need (docs/architecture.md, "Table owners"): the people module
 * owns `users`, so logins, credits, hand-overs, the dashboard's settings… read and write it through
 * user-records.service.ts. Every statement is the one its module ran before, moved, so no request gained one.
 */
export function createUserRecordsRepository(db: Db) {
  const live = () => db.selectFrom('users').where('deleted_at', 'is', null);
  const recipient = () => live().select(['id', 'email', 'nombre', 'lang']);

  /** Who may receive from the actor (decision 117): its parent, the professionals next to it, its own network. */
  const receivers = (actorId: number, parentId: number | null) =>
    db
      .selectFrom('users')
      .select(['users.id', 'users.nombre', 'users.apellido', 'users.email', 'users.lang', 'users.parent_user_id'])
      .select(
        sql<HandoverRelation>`CASE WHEN users.id = ${parentId} THEN 'parent' WHEN users.parent_user_id = ${parentId} THEN 'sibling' ELSE 'network' END`.as(
          'relation',
        ),
      )
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
    // ---- lookups of one live user

    /** Where a live user hangs in its tree. */
    findLiveNode: (userId: number) =>
      live().select(['id', 'type', 'parent_user_id']).where('id', '=', userId).executeTakeFirst(),

    /** A live account's login and mail fields (and its name: a new password must not be made of it). */
    findLiveAccount: (userId: number) =>
      live()
        .select([
          'id',
          'type',
          'email',
          'nombre',
          'apellido',
          'lang',
          'password_hash',
          'cambia_pass',
          'email_verified_at',
        ])
        .where('id', '=', userId)
        .executeTakeFirst(),

    /** The live account registered with this e-mail (any case), as a mail recipient. */
    findRecipientByEmail: (email: string) =>
      recipient()
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst(),

    findRecipient: (userId: number) => recipient().where('id', '=', userId).executeTakeFirst(),

    /** Case-insensitive; deleted accounts and accounts without a password cannot log in. */
    findLoginByEmail: (email: string) =>
      live()
        .select(['id', 'password_hash', 'password_expires_at'])
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .where('password_hash', 'is not', null)
        .executeTakeFirst(),

    /** Null while the user has never chosen a password (a client not yet invited, say); deleted users too. */
    passwordHashOf: async (userId: number) =>
      (await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst())
        ?.password_hash ?? null,

    /** The profile with its country name. */
    findProfile: (userId: number) =>
      db
        .selectFrom('users')
        .leftJoin('countries', 'countries.id', 'users.pais_id')
        .selectAll('users')
        .select('countries.name as pais')
        .where('users.id', '=', userId)
        .where('users.deleted_at', 'is', null)
        .executeTakeFirst(),

    /** The dashboard's owner: its place, balance and stored settings. */
    findDashboardOwner: (userId: number) =>
      live()
        .select(['id', 'type', 'parent_user_id', 'account_root_id', 'creditos', 'follow_up_weeks', 'dashboard_cards'])
        .where('id', '=', userId)
        .executeTakeFirst(),

    /** A client's e-mail data, deleted or not (the portal invitation needs its address and language). */
    findClientRecipient: (clientId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'nombre', 'lang'])
        .where('id', '=', clientId)
        .where('type', '=', USER_TYPE.client)
        .executeTakeFirstOrThrow(),

    /** A live professional's public contact. */
    findProfessionalContact: (userId: number) =>
      live()
        .select(['id', 'nombre', 'apellido', 'email', 'telefono', 'especialidad'])
        .where('id', '=', userId)
        .where('type', '=', USER_TYPE.professional)
        .executeTakeFirst(),

    parentOf: async (userId: number) =>
      (await db.selectFrom('users').select('parent_user_id').where('id', '=', userId).executeTakeFirst())
        ?.parent_user_id ?? null,

    /** Whether a new user may hang from `parentId`: the actor itself or a live professional below it. */
    isAssignableParent: async (actorId: number, parentId: number) =>
      (await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', parentId)
        .where('deleted_at', 'is', null)
        .where('type', '=', USER_TYPE.professional)
        .where((eb) => eb.or([eb('id', '=', actorId), userBelowActor(actorId, 'users')]))
        .executeTakeFirst()) !== undefined,

    /** Who holds each of these (lowercase) e-mails, deleted users included, in one statement (an import's batch). */
    holdersOfEmails: (emails: string[]) =>
      db
        .selectFrom('users')
        .select(['id', sql<string>`lower(email)`.as('email')])
        .where(sql<boolean>`lower(email) = ANY(${emails}::text[])`)
        .execute(),

    /** Case-insensitive; deleted users keep their e-mail reserved (decision 051). */
    emailTaken: async (email: string, exceptUserId?: number) => {
      let query = db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email.trim().toLowerCase());
      if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /**
     * A report's header: the professional's phone and stored avatar (contact and logo) and the client's country
     * (the number format); called with ids of an evaluation already read in scope.
     */
    reportContacts: async (evaluatorId: number, clientId: number) => {
      const [evaluator, client] = await Promise.all([
        db
          .selectFrom('users')
          .leftJoin('avatars', 'avatars.user_id', 'users.id')
          .select(['users.telefono', 'users.units', 'avatars.storage_key', 'avatars.size_bytes', 'avatars.sha256'])
          .where('users.id', '=', evaluatorId)
          .executeTakeFirst(),
        db
          .selectFrom('users')
          .leftJoin('countries', 'countries.id', 'users.pais_id')
          .select('countries.iso2')
          .where('users.id', '=', clientId)
          .executeTakeFirst(),
      ]);
      const avatar =
        evaluator?.storage_key && evaluator.size_bytes !== null && evaluator.sha256
          ? { storage_key: evaluator.storage_key, size_bytes: evaluator.size_bytes, sha256: evaluator.sha256 }
          : null;
      // The evaluator's units (decision 183): the report reads as the professional who made it works.
      const units = evaluator?.units === 'imperial' ? ('imperial' as const) : ('metric' as const);
      return { telefono: evaluator?.telefono ?? null, countryIso2: client?.iso2 ?? null, avatar, units };
    },

    // ---- the account tree

    /** A live professional strictly below the actor (to narrow a list or the dashboard to its sub-tree). */
    findProfessionalBelow: (actorId: number, userId: number) =>
      live()
        .select('id')
        .where('id', '=', userId)
        .where('type', '=', USER_TYPE.professional)
        .where(userBelowActor(actorId, 'users'))
        .executeTakeFirst(),

    /** True when `userId` is a live user strictly below `actorId`. */
    isLiveBelow: async (actorId: number, userId: number) =>
      (await live().select('id').where('id', '=', userId).where(belowActor(actorId, 'users.id')).executeTakeFirst()) !==
      undefined,

    /** A live client the actor may see: the client itself, or one below the actor (decision 012). */
    findVisibleClient: (actorId: number, clientId: number) =>
      live()
        .select(['id', 'parent_user_id', 'nombre', 'apellido', 'lang'])
        .where('id', '=', clientId)
        .where('type', '=', USER_TYPE.client)
        .where((eb) => (actorId === clientId ? eb.lit(true) : belowActor(actorId, 'users.id')))
        .executeTakeFirst(),

    /** A live client (type 2) strictly below the actor, with what the engine and the report need. */
    findClientBelow: (actorId: number, clientId: number) =>
      db
        .selectFrom('users as c')
        .leftJoin('countries', 'countries.id', 'c.pais_id')
        .select(['c.id', 'c.nacimiento', 'c.sexo', 'c.lang', 'countries.iso2'])
        .where('c.id', '=', clientId)
        .where('c.type', '=', USER_TYPE.client)
        .where('c.deleted_at', 'is', null)
        .where(parentInActorTree(actorId, 'c.parent_user_id'))
        .executeTakeFirst(),

    /** The wizard's client search: live clients below `parentId`, every term matching some field. */
    searchClients: (parentId: number, terms: string[], limit: number) => {
      let q = db
        .selectFrom('users as c')
        .select(['c.id', 'c.nombre', 'c.apellido', 'c.email', 'c.rut', 'c.nacimiento', 'c.sexo'])
        .where('c.type', '=', USER_TYPE.client)
        .where('c.deleted_at', 'is', null)
        .where(parentInActorTree(parentId, 'c.parent_user_id'));
      for (const term of terms) {
        const pattern = `%${escapeLike(term)}%`;
        q = q.where((eb) =>
          eb.or(['c.nombre', 'c.apellido', 'c.email', 'c.rut'].map((col) => eb(sql.ref(col), 'ilike', pattern))),
        );
      }
      return q.orderBy('c.apellido').orderBy('c.nombre').orderBy('c.id').limit(limit).execute();
    },

    /** True when `ancestorId` is `userId` itself or appears in its parent_user_id chain. */
    isSelfOrAncestor: async (ancestorId: number, userId: number): Promise<boolean> => {
      const { rows } = await sql<{ found: number }>`
        WITH RECURSIVE chain (id, parent_user_id, depth) AS (
          SELECT id, parent_user_id, 0 FROM users WHERE id = ${userId} AND deleted_at IS NULL
          UNION ALL
          SELECT u.id, u.parent_user_id, c.depth + 1
          FROM users u JOIN chain c ON u.id = c.parent_user_id
          WHERE c.depth < ${MAX_TREE_DEPTH}
        )
        SELECT 1 AS found FROM chain WHERE id = ${ancestorId} LIMIT 1`.execute(db);
      return rows.length > 0;
    },

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

    /** Every live user below `userId` (any depth), locked: an account closed with everything below it (decision 184). */
    lockLiveBelow: (userId: number) =>
      live().select('id').where(userBelowActor(userId, 'users')).orderBy('id').forUpdate().execute(),

    /** Live clients and network professionals directly under the user. */
    countLiveChildren: async (userId: number) => {
      const rows = await live()
        .select(['type', (eb) => eb.fn.countAll<string>().as('n')])
        .where('parent_user_id', '=', userId)
        .groupBy('type')
        .execute();
      const count = (type: number) => Number(rows.find((r) => r.type === type)?.n ?? 0);
      return { clients: count(USER_TYPE.client), network: count(USER_TYPE.professional) };
    },

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

    // ---- locks (inside the caller's transaction)

    /** The live user, locked for the rest of the transaction (a concurrent create_user under it waits). */
    lockLive: (userId: number) =>
      live()
        .select(['id', 'type', 'email', 'password_hash', 'parent_user_id'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst(),

    /**
     * Locks both users in id order (every transfer and hand-over takes its locks in the same order, so two
     * opposite ones cannot deadlock) and reads them after the lock; `a === b` locks one.
     */
    lockPair: (a: number, b: number) =>
      db
        .selectFrom('users')
        .select([
          'id',
          'type',
          'parent_user_id',
          'account_root_id',
          'creditos',
          'deleted_at',
          'nombre',
          'apellido',
          'email',
          'lang',
        ])
        .where('id', 'in', [a, b])
        .orderBy('id')
        .forUpdate()
        .execute(),

    /** The actor's live direct children of one type (all, or the given ids), locked until the move commits. */
    lockChildren: (actorId: number, type: UserType, ids: number[] | 'all') => {
      if (ids !== 'all' && ids.length === 0) return Promise.resolve([]);
      let query = live().select('id').where('parent_user_id', '=', actorId).where('type', '=', type);
      if (ids !== 'all') query = query.where('id', 'in', ids);
      return query.orderBy('id').forUpdate().execute();
    },

    // ---- credits (the balance column; the ledger is the credits module's)

    findBalance: async (userId: number) =>
      (await live().select('creditos').where('id', '=', userId).executeTakeFirst())?.creditos,

    /** The balance read in the charging transaction (the user exists: it was locked). */
    balanceOf: async (userId: number) =>
      (await db.selectFrom('users').select('creditos').where('id', '=', userId).executeTakeFirstOrThrow()).creditos,

    /**
     * The debit also checks the balance, so a bug above can never drive it negative (with the CHECK), and locks the
     * row until the transaction ends. The new balance, or undefined when it was short (nothing written).
     */
    debit: async (userId: number, amount: number) =>
      (
        await db
          .updateTable('users')
          .set((eb) => ({ creditos: eb('creditos', '-', amount) }))
          .where('id', '=', userId)
          .where('creditos', '>=', amount)
          .returning('creditos')
          .executeTakeFirst()
      )?.creditos,

    /**
     * Sets direct children's balances, in the order given, in one statement (`set_child_balances`, migration 0044,
     * decision 261): each move locks the parent and the child in id order (as `lockPair`), and moves the difference
     * from the parent or back to it, with its ledger entry at `now`, only when the child is the parent's live direct
     * child, the parent is live, the balance changes and whoever pays has enough. Answers each move's two rows as they
     * were when locked and whether it moved, so the caller can tell why it did not.
     */
    setChildBalances: async (parentId: number, moves: Array<{ childId: number; target: number }>, now: Date) => {
      const { rows } = await sql<{
        ord: number;
        id: number;
        parent_user_id: number | null;
        creditos: number;
        deleted_at: Date | null;
        moved: boolean;
      }>`SELECT * FROM set_child_balances(${parentId},
        ${JSON.stringify(moves.map((m) => ({ child: m.childId, target: m.target })))}::jsonb, ${now}::timestamptz)`.execute(
        db,
      );
      return moves.map((_, i) => {
        const locked = rows.filter((r) => r.ord === i + 1);
        return { rows: locked, moved: locked[0]?.moved === true };
      });
    },

    /**
     * Moves `amount` (> 0) from one user to another in one statement; the sender's balance is checked as `debit`
     * does. For a pair the caller locked (`lockPair`): false when the sender was short (nothing written).
     */
    transfer: async (fromUserId: number, toUserId: number, amount: number) =>
      Number(
        (
          await db
            .updateTable('users')
            .set({
              creditos: sql<number>`creditos + CASE WHEN id = ${toUserId} THEN ${amount}::integer ELSE ${-amount}::integer END`,
            })
            .where('id', 'in', [fromUserId, toUserId])
            .where(({ exists, selectFrom }) =>
              exists(
                selectFrom('users as sender')
                  .select('sender.id')
                  .where('sender.id', '=', fromUserId)
                  .where('sender.creditos', '>=', amount),
              ),
            )
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 2,

    credit: (userId: number, amount: number) =>
      db
        .updateTable('users')
        .set((eb) => ({ creditos: eb('creditos', '+', amount) }))
        .where('id', '=', userId)
        .execute(),

    // ---- writes

    insert: (user: NewUser) => db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow(),

    /**
     * An id for a user not inserted yet (outside its transaction: nothing waits on a sequence), so the insert can go
     * in the commit tail with the others of its transaction (decision 240).
     */
    reserveId: async () =>
      (await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('users', 'id'))::integer AS id`.execute(db))
        .rows[0]!.id,

    /**
     * What creating each of these users needs to know, for many forms in one statement (decision 250), in their
     * order: whether its parent may take it (as `isAssignableParent`), whether its e-mail is taken (as
     * `emailTaken`), and, when asked, a reserved id (as `reserveId`).
     */
    newUserFacts: async (forms: { actorId: number; parentId: number; email: string; reserveId: boolean }[]) =>
      (
        await sql<{ id: number | null; parent_ok: boolean; email_taken: boolean }>`
          SELECT CASE WHEN f.reserve THEN nextval(pg_get_serial_sequence('users', 'id'))::integer END AS id,
            EXISTS (SELECT 1 FROM users p WHERE p.id = f.parent AND p.deleted_at IS NULL
              AND p.type = ${sql.lit(USER_TYPE.professional)}
              AND (p.id = f.actor OR ${parentInActorTree(sql.ref<number>('f.actor'), 'p.parent_user_id')})) AS parent_ok,
            -- A scalar look-up by the e-mail index for each form: as EXISTS, a plan for many forms hashes every e-mail.
            (SELECT true FROM users u WHERE lower(u.email) = f.email LIMIT 1) IS NOT NULL AS email_taken
          FROM ${batchRows(
            forms.map((f) => ({
              actor: f.actorId,
              parent: f.parentId,
              email: f.email.trim().toLowerCase(),
              reserve: f.reserveId,
            })),
            'actor integer, parent integer, email text, reserve boolean',
          )}
          ORDER BY f.n`.execute(db)
      ).rows.map((row) => ({ id: row.id, parentOk: row.parent_ok, emailTaken: row.email_taken })),

    /** Users with their reserved ids, in one statement. */
    insertWithIds: (users: (NewUser & { id: number })[]) => db.insertInto('users').values(users).execute(),

    /** False when the account is gone (deleted since the link was sent). */
    markVerified: async (userId: number, now: Date) =>
      Number(
        (
          await db
            .updateTable('users')
            .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, ${now})`, updated_at: now })
            .where('id', '=', userId)
            .where('deleted_at', 'is', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1,

    /** A login's stored hash upgraded in place (same password, newer parameters). */
    updatePasswordHash: (userId: number, passwordHash: string, now: Date) =>
      db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute(),

    /**
     * New password: clears the forced-change flag and any temporary-password expiry. `inboxProven`: it came
     * through the account's e-mail (a temporary password or a reset link), which confirms the address (decision 017).
     */
    setPassword: (userId: number, passwordHash: string, now: Date, inboxProven: boolean) =>
      db
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          cambia_pass: 0,
          password_expires_at: null,
          updated_at: now,
          ...(inboxProven ? { email_verified_at: sql<Date>`coalesce(email_verified_at, ${now})` } : {}),
        })
        .where('id', '=', userId)
        .execute(),

    setEmail: (userId: number, email: string, now: Date) =>
      db
        .updateTable('users')
        .set({ email, email_verified_at: now, updated_at: now })
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /**
     * The login goes: the e-mail becomes a tombstone (the address can register again), no password.
     * A professional is also soft-deleted; a client's row stays as its professional's clinical record.
     */
    closeLogin: (userId: number, patch: { email: string; now: Date; softDelete: boolean }) =>
      db
        .updateTable('users')
        .set({
          email: patch.email,
          password_hash: null,
          updated_at: patch.now,
          ...(patch.softDelete ? { deleted_at: patch.now } : {}),
        })
        .where('id', '=', userId)
        .execute(),

    /** `users.img_url`: the avatar's address, or null for the default image. */
    setImageUrl: (userId: number, url: string | null, now: Date) =>
      db.updateTable('users').set({ img_url: url, updated_at: now }).where('id', '=', userId).execute(),

    /** A live user's place for the second-factor policy (decision 208): its type, whether it is its account's root, the root's switch. */
    findSecondFactorPolicy: (userId: number) =>
      db
        .selectFrom('users as u')
        .innerJoin('users as root', 'root.id', 'u.account_root_id')
        .select(['u.id', 'u.type', 'u.account_root_id', 'root.network_requires_second_factor as account_requires'])
        .where('u.id', '=', userId)
        .where('u.deleted_at', 'is', null)
        .executeTakeFirst(),

    /** The switch on an account's root (a user that is not its own root is left unchanged: 0 rows). */
    setNetworkSecondFactor: async (rootId: number, required: boolean, now: Date) =>
      Number(
        (
          await db
            .updateTable('users')
            .set({ network_requires_second_factor: required, updated_at: now })
            .where('id', '=', rootId)
            .whereRef('account_root_id', '=', 'id')
            .where('deleted_at', 'is', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),

    /** Stored as `{ cards: [...] }` (decision 110): an empty list is a choice too (nothing shown). */
    saveDashboardSettings: (userId: number, s: { cards: readonly string[]; followUpWeeks: number }) =>
      db
        .updateTable('users')
        .set({ dashboard_cards: JSON.stringify({ cards: s.cards }), follow_up_weeks: s.followUpWeeks })
        .where('id', '=', userId)
        .execute(),

    /** A hand-over: the account tree stays the same, so the roots on users and evaluations stay right. */
    moveTo: (ids: number[], receiverId: number, now: Date) =>
      ids.length === 0
        ? Promise.resolve()
        : db
            .updateTable('users')
            .set({ parent_user_id: receiverId, updated_at: now })
            .where('id', 'in', ids)
            .execute()
            .then(() => undefined),

    // ---- the operator's console (decision 229)

    /** Suspends (a date) or reactivates (null) an account's root; an operator or a non-root is left alone: 0 rows. */
    setSuspended: async (rootId: number, suspendedAt: Date | null, now: Date) =>
      Number(
        (
          await db
            .updateTable('users')
            .set({ suspended_at: suspendedAt, updated_at: now })
            .where('id', '=', rootId)
            .whereRef('account_root_id', '=', 'id')
            .where('operator', '=', false)
            .where('deleted_at', 'is', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),

    /** The live operators, as mail recipients (a new credit request tells them). */
    operatorRecipients: () =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'nombre', 'lang'])
        .where('operator', '=', true)
        .where('deleted_at', 'is', null)
        .execute(),
  };
}
