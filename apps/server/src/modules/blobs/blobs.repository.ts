import { sql, type Database, type Kysely } from '@medida/db';

type State = 'staged' | 'permanent';

/** The PostgreSQL blob driver's rows (migration 0034, decision 221). */
export function createBlobsRepository(db: Kysely<Database>) {
  return {
    create: (key: string) => db.insertInto('blobs').values({ storage_key: key, state: 'staged' }).execute(),

    addChunk: (key: string, seq: number, bytes: Uint8Array) =>
      db.insertInto('blob_chunks').values({ storage_key: key, seq, bytes }).execute(),

    setSize: (key: string, size: number) =>
      db.updateTable('blobs').set({ size_bytes: size }).where('storage_key', '=', key).execute(),

    /** Whether a staged blob was there to promote. */
    promote: async (key: string) => {
      const result = await db
        .updateTable('blobs')
        .set({ state: 'permanent', stored_at: sql`now()` })
        .where('storage_key', '=', key)
        .where('state', '=', 'staged')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Removes a blob in `state` (its chunks go with it); without a state, in either. */
    remove: (key: string, state?: State) =>
      db
        .deleteFrom('blobs')
        .where('storage_key', '=', key)
        .$if(state !== undefined, (q) => q.where('state', '=', state!))
        .execute(),

    /** The blob's chunks in order; null when there is no blob in that state (an empty blob has none). */
    chunks: async (key: string, state: State): Promise<Uint8Array[] | null> => {
      const rows = await db
        .selectFrom('blobs')
        .leftJoin('blob_chunks', 'blob_chunks.storage_key', 'blobs.storage_key')
        .select('blob_chunks.bytes')
        .where('blobs.storage_key', '=', key)
        .where('blobs.state', '=', state)
        .orderBy('blob_chunks.seq')
        .execute();
      if (rows.length === 0) return null;
      return rows.flatMap((r) => (r.bytes ? [r.bytes] : []));
    },

    keys: async (state: State, before: Date | undefined) => {
      const rows = await db
        .selectFrom('blobs')
        .select('storage_key')
        .where('state', '=', state)
        .$if(before !== undefined, (q) => q.where('stored_at', '<', before!))
        .orderBy('storage_key')
        .execute();
      return rows.map((r) => r.storage_key);
    },

    removeStaged: async (before: Date | undefined) => {
      const result = await db
        .deleteFrom('blobs')
        .where('state', '=', 'staged')
        .$if(before !== undefined, (q) => q.where('stored_at', '<', before!))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
