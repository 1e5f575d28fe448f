import { sql, type Database, type Kysely, type Transaction } from '@medida/db';

type Db = Kysely<Database> | Transaction<Database>;

export function createPasswordRepository(db: Kysely<Database>) {
  return {
    transaction: <T>(fn: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(fn),

    findUserById: (userId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'nombre', 'lang', 'password_hash', 'cambia_pass'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    findUserByEmail: (email: string) =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'nombre', 'lang'])
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /** New password: clears the forced-change flag and any temporary-password expiry. */
    /**
     * `inboxProven`: the password came through the account's e-mail (a temporary password or a reset
     * link), which confirms the address as well (decision 017).
     */
    setPassword: (trx: Db, userId: number, passwordHash: string, now: Date, inboxProven: boolean) =>
      trx
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

    /** Outstanding reset tokens stop working (a newer request, or a completed change). */
    invalidateResets: (trx: Db, userId: number, now: Date) =>
      trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute(),

    insertReset: (trx: Db, row: { tokenHash: string; userId: number; now: Date; expiresAt: Date }) =>
      trx
        .insertInto('password_resets')
        .values({ token_hash: row.tokenHash, user_id: row.userId, created_at: row.now, expires_at: row.expiresAt })
        .execute(),

    /** Marks a valid token used in the same statement that checks it, so two concurrent uses can't both win. */
    consumeReset: (trx: Db, tokenHash: string, now: Date) =>
      trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst(),
  };
}
