import type { Database, Kysely } from '@medida/db';

export function createKnownDevicesRepository(db: Kysely<Database>) {
  return {
    ownerOf: async (tokenHash: string, seenSince: Date) =>
      (
        await db
          .selectFrom('known_devices')
          .select('user_id')
          .where('token_hash', '=', tokenHash)
          .where('last_seen_at', '>', seenSince)
          .executeTakeFirst()
      )?.user_id ?? null,

    touch: (tokenHash: string, now: Date) =>
      db.updateTable('known_devices').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute(),

    /** Adds a device and keeps only the user's `keep` most recently seen ones. */
    add: (row: { tokenHash: string; userId: number; now: Date }, keep: number) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('known_devices')
          .values({ token_hash: row.tokenHash, user_id: row.userId, created_at: row.now, last_seen_at: row.now })
          .execute();
        const kept = trx
          .selectFrom('known_devices')
          .select('token_hash')
          .where('user_id', '=', row.userId)
          .orderBy('last_seen_at', 'desc')
          .orderBy('created_at', 'desc')
          .limit(keep);
        await trx
          .deleteFrom('known_devices')
          .where('user_id', '=', row.userId)
          .where('token_hash', 'not in', kept)
          .execute();
      }),
  };
}
