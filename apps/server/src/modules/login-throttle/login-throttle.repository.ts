import type { Database, Transaction, Kysely } from '@medida/db';

export function createLoginThrottleRepository(db: Kysely<Database>) {
  return {
    /** Runs `fn` with the key's throttle row locked (created on first use), so concurrent attempts queue. */
    withLockedRow: <T>(
      key: string,
      fn: (row: { lockout_notified_at: Date | null }, trx: Transaction<Database>) => Promise<T>,
    ) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('login_throttle')
          .values({ account_key: key })
          .onConflict((oc) => oc.column('account_key').doNothing())
          .execute();
        const row = await trx
          .selectFrom('login_throttle')
          .select(['lockout_notified_at'])
          .where('account_key', '=', key)
          .forUpdate()
          .executeTakeFirstOrThrow();
        return fn(row, trx);
      }),

    /** Drops the failures that left the window and returns the others, oldest first. */
    failuresSince: async (trx: Transaction<Database>, key: string, since: Date) => {
      await trx.deleteFrom('login_failures').where('account_key', '=', key).where('failed_at', '<=', since).execute();
      const rows = await trx
        .selectFrom('login_failures')
        .select('failed_at')
        .where('account_key', '=', key)
        .orderBy('failed_at')
        .execute();
      return rows.map((r) => r.failed_at);
    },

    recordFailure: (trx: Transaction<Database>, key: string, now: Date) =>
      trx.insertInto('login_failures').values({ account_key: key, failed_at: now }).execute(),

    markNotified: (trx: Transaction<Database>, key: string, now: Date) =>
      trx.updateTable('login_throttle').set({ lockout_notified_at: now }).where('account_key', '=', key).execute(),

    pruneBefore: (before: Date) =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('login_failures').where('failed_at', '<=', before).execute();
        await trx
          .deleteFrom('login_throttle')
          .where((eb) => eb.or([eb('lockout_notified_at', 'is', null), eb('lockout_notified_at', '<=', before)]))
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('login_failures')
                  .select('login_failures.account_key')
                  .whereRef('login_failures.account_key', '=', 'login_throttle.account_key'),
              ),
            ),
          )
          .execute();
      }),

    clear: (key: string) =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('login_failures').where('account_key', '=', key).execute();
        await trx.deleteFrom('login_throttle').where('account_key', '=', key).execute();
      }),
  };
}
