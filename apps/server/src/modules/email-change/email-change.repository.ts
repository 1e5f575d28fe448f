import { sql, type Database, type Kysely, type Transaction } from '@medida/db';

type Db = Kysely<Database> | Transaction<Database>;

export function createEmailChangeRepository(db: Kysely<Database>) {
  return {
    transaction: <T>(fn: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(fn),

    findUser: (userId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'nombre', 'lang', 'cambia_pass'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /** The owner's password hash: checked by POST /web/cambiaemail; null while a client has never chosen one. */
    passwordHash: async (userId: number) =>
      (await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst())
        ?.password_hash ?? null,

    emailInUse: async (email: string, exceptUserId: number) =>
      (await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .where('id', '<>', exceptUserId)
        .executeTakeFirst()) !== undefined,

    /** A newer request replaces any pending one. */
    invalidatePending: (trx: Db, userId: number, now: Date) =>
      trx
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', 'email_change')
        .where('used_at', 'is', null)
        .execute(),

    insert: (
      trx: Db,
      row: { userId: number; tokenHash: string; newEmail: string; requestedBy: number; now: Date; expiresAt: Date },
    ) =>
      trx
        .insertInto('account_tokens')
        .values({
          purpose: 'email_change',
          user_id: row.userId,
          token_hash: row.tokenHash,
          new_email: row.newEmail,
          requested_by: row.requestedBy,
          created_at: row.now,
          expires_at: row.expiresAt,
        })
        .execute(),

    /** Checks and spends a valid token in one statement, so two concurrent confirms can't both win. */
    consume: (trx: Db, tokenHash: string, now: Date) =>
      trx
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', 'email_change')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'new_email'])
        .executeTakeFirst(),

    setEmail: (trx: Db, userId: number, email: string, now: Date) =>
      trx
        .updateTable('users')
        .set({ email, email_verified_at: now, updated_at: now })
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /** Set-password links (invitations, resets) mailed to the old address stop working with it. */
    invalidatePasswordLinks: (trx: Db, userId: number, now: Date) =>
      trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute(),
  };
}
