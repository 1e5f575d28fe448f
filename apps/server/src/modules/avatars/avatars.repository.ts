import type { Database, Kysely, Transaction } from '@medida/db';

type Db = Kysely<Database> | Transaction<Database>;

/** The public address of an avatar blob (`users.img_url`); the key is a random UUID (decision 118). */
export const avatarUrl = (storageKey: string) => `/web/avatars/${storageKey}`;

export function createAvatarsRepository(db: Db) {
  return {
    /** The avatar of a live user, by the key in its address. */
    findServed: (storageKey: string) =>
      db
        .selectFrom('avatars')
        .innerJoin('users', 'users.id', 'avatars.user_id')
        .select(['avatars.storage_key', 'avatars.size_bytes', 'avatars.sha256'])
        .where('avatars.storage_key', '=', storageKey)
        .where('users.deleted_at', 'is', null)
        .executeTakeFirst(),

    /** The user's current avatar, row-locked until commit so two replacements of one user are serialised. */
    lockCurrent: (userId: number) =>
      db
        .selectFrom('avatars')
        .select(['storage_key', 'size_bytes'])
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst(),

    /** Stores the new avatar, replacing any previous row (the caller points `users.img_url` at it). */
    async put(userId: number, avatar: { storageKey: string; sizeBytes: number; sha256: string; now: Date }) {
      const row = {
        storage_key: avatar.storageKey,
        size_bytes: avatar.sizeBytes,
        sha256: avatar.sha256,
        created_at: avatar.now,
      };
      await db
        .insertInto('avatars')
        .values({ user_id: userId, ...row })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
    },

    /** Back to the default image (the caller clears `users.img_url`); returns the removed blob's key, if any. */
    async remove(userId: number): Promise<string | undefined> {
      const removed = await db
        .deleteFrom('avatars')
        .where('user_id', '=', userId)
        .returning('storage_key')
        .executeTakeFirst();
      return removed?.storage_key;
    },
  };
}
