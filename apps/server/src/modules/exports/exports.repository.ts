import type { Database, Kysely } from '@medida/db';
import type { Actor } from '../../types.ts';

/** One export as its row says (decision 224). */
export interface ExportRow {
  id: string;
  owner_id: number;
  client_id: number;
  status: 'building' | 'ready' | 'failed';
  done: number;
  total: number;
  size_bytes: number | null;
  sha256: string | null;
  file_name: string;
  storage_key: string | null;
  expires_at: Date | null;
}

const COLUMNS = [
  'id',
  'owner_id',
  'client_id',
  'status',
  'done',
  'total',
  'size_bytes',
  'sha256',
  'file_name',
  'storage_key',
  'expires_at',
] as const;

export function createExportsRepository(db: Kysely<Database>) {
  return {
    insert: (row: {
      id: string;
      ownerId: number;
      clientId: number;
      actor: Actor;
      fileName: string;
      total: number;
      deadline: Date;
      now: Date;
    }) =>
      db
        .insertInto('export_jobs')
        .values({
          id: row.id,
          owner_id: row.ownerId,
          client_id: row.clientId,
          actor: JSON.stringify(row.actor),
          status: 'building',
          total: row.total,
          file_name: row.fileName,
          expires_at: row.deadline,
          created_at: row.now,
        })
        .execute(),

    /** The owner's export: anybody else's is not found. */
    findOwn: (ownerId: number, id: string): Promise<ExportRow | undefined> =>
      db
        .selectFrom('export_jobs')
        .select(COLUMNS)
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst(),

    /** The job's row and its starter, for the build. */
    forBuild: (id: string) =>
      db
        .selectFrom('export_jobs')
        .select([...COLUMNS, 'actor'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Whether the user has an export being built that has not passed its deadline. */
    building: async (ownerId: number, now: Date) =>
      (await db
        .selectFrom('export_jobs')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('status', '=', 'building')
        .where('expires_at', '>', now)
        .executeTakeFirst()) !== undefined,

    progress: (id: string, done: number, total: number) =>
      db
        .updateTable('export_jobs')
        .set({ done, total })
        .where('id', '=', id)
        .where('status', '=', 'building')
        .execute(),

    /** Whether this run made it ready (a run that lost the race to another of the same job did not). */
    ready: async (id: string, file: { storageKey: string; size: number; sha256: string; expiresAt: Date }) =>
      (
        await db
          .updateTable('export_jobs')
          .set({
            status: 'ready',
            storage_key: file.storageKey,
            size_bytes: file.size,
            sha256: file.sha256,
            expires_at: file.expiresAt,
          })
          .where('id', '=', id)
          .where('status', '=', 'building')
          .executeTakeFirst()
      ).numUpdatedRows > 0n,

    failed: (id: string, expiresAt: Date) =>
      db
        .updateTable('export_jobs')
        .set({ status: 'failed', expires_at: expiresAt })
        .where('id', '=', id)
        .where('status', '=', 'building')
        .execute(),

    /** Removes the row; answers the blob key it named, if any. */
    remove: async (id: string) =>
      (await db.deleteFrom('export_jobs').where('id', '=', id).returning('storage_key').executeTakeFirst())
        ?.storage_key ?? null,

    /** Rows past their expiry (a ready ZIP not fetched in time, a build that never finished). */
    expired: (now: Date) => db.selectFrom('export_jobs').select('id').where('expires_at', '<=', now).execute(),

    markQueued: (id: string, now: Date) =>
      db.updateTable('export_jobs').set({ queued_at: now }).where('id', '=', id).execute(),

    /**
     * Builds to queue at start-up: every unfinished one (the in-process queue died with its process), or only those
     * never queued, accepted before `acceptedBefore` by an instance that died before queueing them (pg-boss).
     */
    toResume: (now: Date, options: { all: boolean; acceptedBefore: Date }) => {
      let query = db
        .selectFrom('export_jobs')
        .select('id')
        .where('status', '=', 'building')
        .where('expires_at', '>', now);
      if (!options.all) query = query.where('queued_at', 'is', null).where('created_at', '<', options.acceptedBefore);
      return query.execute();
    },
  };
}
