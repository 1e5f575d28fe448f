import type { Database, Kysely } from '@medida/db';
import type { Actor } from '../../types.ts';

/** The instance that claims or holds a build (decision 231), and since when an instance's heartbeat counts as live. */
export interface Claimant {
  instanceId: string;
  now: Date;
  freshSince: Date;
}

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

    /**
     * Takes the build for this instance, with its row and its starter: unless it is no longer building, or another
     * instance whose heartbeat is fresh holds it (that one is running it). A run of a dead instance loses it here.
     */
    claim: (id: string, c: Claimant) =>
      db
        .updateTable('export_jobs')
        .set({ claimed_by: c.instanceId, claimed_at: c.now })
        .where('id', '=', id)
        .where('status', '=', 'building')
        .where((eb) =>
          eb.or([
            eb('claimed_by', 'is', null),
            eb('claimed_by', '=', c.instanceId),
            eb(
              'claimed_by',
              'not in',
              eb.selectFrom('server_instances').select('id').where('seen_at', '>', c.freshSince),
            ),
          ]),
        )
        .returning([...COLUMNS, 'actor'])
        .executeTakeFirst(),

    /** A run that failed lets go of the build, so the queue's next run (on any instance) can claim it. */
    release: (id: string, instanceId: string) =>
      db
        .updateTable('export_jobs')
        .set({ claimed_by: null, claimed_at: null })
        .where('id', '=', id)
        .where('claimed_by', '=', instanceId)
        .execute(),

    /**
     * The handover (PostgreSQL): builds held by an instance that is no longer alive, or by a run older than
     * `claimedBefore`, and builds no run has claimed since `unclaimedBefore` (accepted or queued by an instance that
     * died before a run took them). Each is let go and marked queued again in one statement, so of two instances
     * sweeping at once exactly one gets it; the caller queues a new run.
     */
    takeOver: (a: { now: Date; freshSince: Date; claimedBefore: Date; unclaimedBefore: Date }) =>
      db
        .updateTable('export_jobs')
        .set({ claimed_by: null, claimed_at: null, queued_at: a.now })
        .where('status', '=', 'building')
        .where('expires_at', '>', a.now)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('claimed_by', 'is', null),
              eb(eb.fn.coalesce('queued_at', 'created_at'), '<', a.unclaimedBefore),
            ]),
            eb.and([
              eb('claimed_by', 'is not', null),
              eb.or([
                eb(
                  'claimed_by',
                  'not in',
                  eb.selectFrom('server_instances').select('id').where('seen_at', '>', a.freshSince),
                ),
                eb('claimed_at', '<', a.claimedBefore),
              ]),
            ]),
          ]),
        )
        .returning('id')
        .execute(),

    /** At start-up on the embedded database: every unfinished build, its claim cleared (its process is gone). */
    reclaimAll: (now: Date) =>
      db
        .updateTable('export_jobs')
        .set({ claimed_by: null, claimed_at: null })
        .where('status', '=', 'building')
        .where('expires_at', '>', now)
        .returning('id')
        .execute(),

    /** Whether the user has an export being built that has not passed its deadline. */
    building: async (ownerId: number, now: Date) =>
      (await db
        .selectFrom('export_jobs')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('status', '=', 'building')
        .where('expires_at', '>', now)
        .executeTakeFirst()) !== undefined,

    /** Only the claiming instance writes progress: a run that lost its claim counts no more. */
    progress: (id: string, instanceId: string, done: number, total: number) =>
      db
        .updateTable('export_jobs')
        .set({ done, total })
        .where('id', '=', id)
        .where('status', '=', 'building')
        .where('claimed_by', '=', instanceId)
        .execute(),

    /** Whether this run made it ready: it still holds the claim (a run handed over to another instance does not). */
    ready: async (
      id: string,
      instanceId: string,
      file: { storageKey: string; size: number; sha256: string; expiresAt: Date },
    ) =>
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
          .where('claimed_by', '=', instanceId)
          .executeTakeFirst()
      ).numUpdatedRows > 0n,

    failed: (id: string, instanceId: string, expiresAt: Date) =>
      db
        .updateTable('export_jobs')
        .set({ status: 'failed', expires_at: expiresAt })
        .where('id', '=', id)
        .where('status', '=', 'building')
        .where('claimed_by', '=', instanceId)
        .execute(),

    /** Removes the row; answers the blob key it named, if any. */
    remove: async (id: string) =>
      (await db.deleteFrom('export_jobs').where('id', '=', id).returning('storage_key').executeTakeFirst())
        ?.storage_key ?? null,

    /** Rows past their expiry (a ready ZIP not fetched in time, a build that never finished). */
    expired: (now: Date) => db.selectFrom('export_jobs').select('id').where('expires_at', '<=', now).execute(),

    markQueued: (id: string, now: Date) =>
      db.updateTable('export_jobs').set({ queued_at: now }).where('id', '=', id).execute(),
  };
}
