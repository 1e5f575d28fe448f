import type { Database, Kysely, Transaction } from '@medida/db';

type Db = Kysely<Database> | Transaction<Database>;

/** `password_resets`: the set-password links (reset links and portal invitations); only their SHA-256 is stored. */
export function createPasswordRepository(db: Kysely<Database>) {
  /** Links still usable: not spent, not expired. */
  const liveLinks = (now: Date) =>
    db.selectFrom('password_resets').where('used_at', 'is', null).where('expires_at', '>', now);
  return {
    transaction: <T>(fn: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(fn),

    /** Outstanding links stop working (a newer request, a completed change, a new e-mail, a closed login). */
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

    /** The user of a valid (unused, unexpired) link, without spending it. */
    liveResetUser: async (tokenHash: string, now: Date) =>
      (await liveLinks(now).select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst())?.user_id,

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

    /** The newest unused, unexpired link of a user (an invitation, or a reset). */
    liveLinkExpiry: async (userId: number, now: Date) =>
      (
        await liveLinks(now)
          .select('expires_at')
          .where('user_id', '=', userId)
          .orderBy('expires_at', 'desc')
          .limit(1)
          .executeTakeFirst()
      )?.expires_at ?? null,
  };
}
