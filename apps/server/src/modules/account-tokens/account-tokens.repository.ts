import type { Database, Kysely, Transaction } from '@medida/db';

type Db = Kysely<Database> | Transaction<Database>;
export type LinkPurpose = 'email_verify' | 'unlock' | 'sign_in';

export function createAccountTokensRepository(db: Db) {
  return {
    /** A newer link of the same purpose replaces any unused one. */
    replace: (row: { purpose: LinkPurpose; userId: number; tokenHash: string; now: Date; expiresAt: Date }) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('account_tokens')
          .set({ used_at: row.now })
          .where('user_id', '=', row.userId)
          .where('purpose', '=', row.purpose)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('account_tokens')
          .values({
            purpose: row.purpose,
            user_id: row.userId,
            token_hash: row.tokenHash,
            created_at: row.now,
            expires_at: row.expiresAt,
          })
          .execute();
      }),

    /** A newer e-mail change replaces any pending one; run on the caller's transaction. */
    async replaceEmailChange(row: {
      userId: number;
      tokenHash: string;
      newEmail: string;
      requestedBy: number;
      now: Date;
      expiresAt: Date;
    }) {
      await db
        .updateTable('account_tokens')
        .set({ used_at: row.now })
        .where('user_id', '=', row.userId)
        .where('purpose', '=', 'email_change')
        .where('used_at', 'is', null)
        .execute();
      await db
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
        .execute();
    },

    /** Checks and spends a valid e-mail change token in one statement (two concurrent confirms can't both win). */
    consumeEmailChange: (tokenHash: string, now: Date) =>
      db
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', 'email_change')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'new_email'])
        .executeTakeFirst(),

    /** The user of a valid (unused, unexpired) token, without spending it. */
    findValid: async (purpose: LinkPurpose, tokenHash: string, now: Date) =>
      (
        await db
          .selectFrom('account_tokens')
          .select('user_id')
          .where('token_hash', '=', tokenHash)
          .where('purpose', '=', purpose)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst()
      )?.user_id ?? null,

    /** Checks and spends a valid token in one statement, so two concurrent uses can't both win. */
    consume: async (purpose: LinkPurpose, tokenHash: string, now: Date) =>
      (
        await db
          .updateTable('account_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', tokenHash)
          .where('purpose', '=', purpose)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('user_id')
          .executeTakeFirst()
      )?.user_id ?? null,
  };
}
