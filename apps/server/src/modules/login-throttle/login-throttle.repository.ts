import type { Database, Transaction, Kysely } from '@medida/db';

export function createLoginThrottleRepository(db: Kysely<Database>) {
  return {
    /** Runs `fn` with the account's throttle row locked (created on first use), so concurrent attempts queue. */
    withLockedRow: <T>(
      accountKey: string,
      fn: (
        row: { consecutive_failures: number; last_failure_at: Date | null; disabled_at: Date | null },
        trx: Transaction<Database>,
      ) => Promise<T>,
    ) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('login_throttle')
          .values({ account_key: accountKey, consecutive_failures: 0 })
          .onConflict((oc) => oc.column('account_key').doNothing())
          .execute();
        const row = await trx
          .selectFrom('login_throttle')
          .select(['consecutive_failures', 'last_failure_at', 'disabled_at'])
          .where('account_key', '=', accountKey)
          .forUpdate()
          .executeTakeFirstOrThrow();
        return fn(row, trx);
      }),

    recordFailure: (trx: Transaction<Database>, accountKey: string, failures: number, now: Date, disabled: boolean) =>
      trx
        .updateTable('login_throttle')
        .set({ consecutive_failures: failures, last_failure_at: now, ...(disabled ? { disabled_at: now } : {}) })
        .where('account_key', '=', accountKey)
        .execute(),

    clear: (accountKey: string) => db.deleteFrom('login_throttle').where('account_key', '=', accountKey).execute(),
  };
}
