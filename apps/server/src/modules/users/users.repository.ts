import { sql, type Database, type Kysely, type NewUser } from '@medida/db';

/** How deep an account tree may go; also stops a (constraint-forbidden) parent cycle from looping. */
const MAX_TREE_DEPTH = 32;

export function createUsersRepository(db: Kysely<Database>) {
  return {
    /** The profile with its country name; deleted users do not exist for the API. */
    findProfile: (userId: number) =>
      db
        .selectFrom('users')
        .leftJoin('countries', 'countries.id', 'users.pais_id')
        .selectAll('users')
        .select('countries.name as pais')
        .where('users.id', '=', userId)
        .where('users.deleted_at', 'is', null)
        .executeTakeFirst(),

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

    /** The account registered with this e-mail (any case), as a mail recipient. */
    findAccountByEmail: (email: string) =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'nombre', 'lang'])
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    findAccount: (userId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'nombre', 'lang', 'email_verified_at'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

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

    countryIdByIso2: async (iso2: string) =>
      (await db.selectFrom('countries').select('id').where('iso2', '=', iso2).executeTakeFirst())?.id ?? null,
    countryExists: async (id: number) =>
      (await db.selectFrom('countries').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,

    insert: (user: NewUser) => db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow(),
  };
}
