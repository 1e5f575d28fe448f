import { USER_TYPE } from '@medida/contracts';
import type { Database, Kysely } from '@medida/db';

export const createAccountRepository = (db: Kysely<Database>) => ({
  /** The live user, locked for the rest of the transaction (a concurrent create_user under it waits). */
  lockLive: (userId: number) =>
    db
      .selectFrom('users')
      .select(['id', 'type', 'email', 'password_hash', 'parent_user_id'])
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst(),

  findLive: (userId: number) =>
    db
      .selectFrom('users')
      .select(['id', 'type', 'email', 'password_hash'])
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),

  /** Live clients and network professionals directly under the user. */
  liveChildren: async (userId: number) => {
    const rows = await db
      .selectFrom('users')
      .select(['type', (eb) => eb.fn.countAll<string>().as('n')])
      .where('parent_user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .groupBy('type')
      .execute();
    const count = (type: number) => Number(rows.find((r) => r.type === type)?.n ?? 0);
    return { clients: count(USER_TYPE.client), network: count(USER_TYPE.professional) };
  },

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

  revokeSessions: (userId: number, now: Date) =>
    db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute(),

  /** Outstanding reset links stop working. */
  closeResets: (userId: number, now: Date) =>
    db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute(),
});
