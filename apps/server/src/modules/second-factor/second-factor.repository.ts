import type { Database, Kysely, Transaction } from '@medida/db';

type Db = Kysely<Database> | Transaction<Database>;

/** The second factors' tables (decision 207): TOTP authenticators and recovery codes. */
export function createSecondFactorRepository(db: Db) {
  return {
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(work),
    withTransaction: (trx: Transaction<Database>) => createSecondFactorRepository(trx),

    findTotp: (userId: number) =>
      db
        .selectFrom('totp_factors')
        .select(['user_id', 'sealed_secret', 'confirmed_at', 'last_used_step'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** A new enrolment replaces an unconfirmed one; a confirmed authenticator is never overwritten here. */
    async startTotp(userId: number, sealedSecret: string, now: Date): Promise<boolean> {
      const result = await db
        .insertInto('totp_factors')
        .values({ user_id: userId, sealed_secret: sealedSecret, created_at: now })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ sealed_secret: sealedSecret, created_at: now, last_used_step: null })
            .where('totp_factors.confirmed_at', 'is', null),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Records `step` as used, only if it is later than the last used one (and the authenticator is in the state
     * asked): one statement, so a code replayed at the same time by two requests is accepted once.
     */
    async useStep(userId: number, step: number, confirmed: boolean, now: Date): Promise<boolean> {
      let query = db
        .updateTable('totp_factors')
        .set(confirmed ? { last_used_step: step } : { last_used_step: step, confirmed_at: now })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]));
      query = confirmed ? query.where('confirmed_at', 'is not', null) : query.where('confirmed_at', 'is', null);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    deleteTotp: async (userId: number) => {
      const result = await db.deleteFrom('totp_factors').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    replaceRecoveryCodes: async (userId: number, hashes: string[], now: Date) => {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      if (hashes.length > 0)
        await db
          .insertInto('recovery_codes')
          .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
          .execute();
    },

    deleteRecoveryCodes: (userId: number) => db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute(),

    /** Spends an unused recovery code in one statement (two concurrent uses cannot both win). */
    useRecoveryCode: async (userId: number, codeHash: string, now: Date) => {
      const result = await db
        .updateTable('recovery_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    countUnusedRecoveryCodes: async (userId: number) =>
      Number(
        (
          await db
            .selectFrom('recovery_codes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('used_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
