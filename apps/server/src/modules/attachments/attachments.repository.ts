import { belowActor, sql, type Database, type Kysely, type NewAttachment, type Transaction } from '@medida/db';

type Db = Kysely<Database> | Transaction<Database>;

/** First key of the advisory lock that serialises one account's uploads (the second is the account root id). */
const UPLOAD_LOCK_SPACE = 0x4d_55_50; // "MUP"

/** Who may see an attachment: the client itself or anyone above it in the account tree. */
const visibleTo = (actorId: number) =>
  sql<boolean>`(attachments.user_id = ${actorId} OR ${belowActor(actorId, 'attachments.user_id')})`;

export function createAttachmentsRepository(db: Db) {
  return {
    insert: (row: NewAttachment) => db.insertInto('attachments').values(row).returning('id').executeTakeFirstOrThrow(),

    listForUser: (actorId: number, userId: number) =>
      db
        .selectFrom('attachments')
        .innerJoin('users as uploader', 'uploader.id', 'attachments.uploader_id')
        .innerJoin('users as owner', 'owner.id', 'attachments.user_id')
        .selectAll('attachments')
        .select([
          'uploader.nombre as uploader_nombre',
          'uploader.apellido as uploader_apellido',
          'uploader.especialidad as uploader_especialidad',
        ])
        .where('attachments.user_id', '=', userId)
        .where('owner.deleted_at', 'is', null)
        .where(visibleTo(actorId))
        .orderBy('attachments.created_at')
        .orderBy('attachments.id')
        .execute(),

    findVisible: (actorId: number, attachmentId: number) =>
      db
        .selectFrom('attachments')
        .innerJoin('users as owner', 'owner.id', 'attachments.user_id')
        .selectAll('attachments')
        .where('attachments.id', '=', attachmentId)
        .where('owner.deleted_at', 'is', null)
        .where(visibleTo(actorId))
        .executeTakeFirst(),

    /**
     * Takes the account's upload lock (a transaction-scoped advisory lock keyed by the account root)
     * and returns that root. Held until commit or rollback.
     */
    lockAccountUploads: async (userId: number): Promise<number> => {
      const { rows } = await sql<{ root: number }>`
        SELECT account_root_id AS root, pg_advisory_xact_lock(${UPLOAD_LOCK_SPACE}, account_root_id)
        FROM users WHERE id = ${userId}`.execute(db);
      if (!rows[0]) throw new Error(`no user ${userId}`);
      return rows[0].root;
    },

    /**
     * Bytes of every attachment and avatar stored for users of one account tree (deleted users' files
     * included: they are still on disk).
     */
    bytesStoredInAccount: async (accountRootId: number): Promise<number> => {
      const { rows } = await sql<{ bytes: string | number }>`
        SELECT
          COALESCE((SELECT SUM(a.size_bytes) FROM attachments a JOIN users u ON u.id = a.user_id
                    WHERE u.account_root_id = ${accountRootId}), 0)
          + COALESCE((SELECT SUM(v.size_bytes) FROM avatars v JOIN users u ON u.id = v.user_id
                      WHERE u.account_root_id = ${accountRootId}), 0) AS bytes`.execute(db);
      return Number(rows[0]?.bytes ?? 0);
    },

    /** Which of these storage keys an attachment, an avatar or a ready export (decision 224) row holds. */
    referencedKeys: async (keys: readonly string[]): Promise<Set<string>> => {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('attachments')
        .select('storage_key')
        .where('storage_key', 'in', keys)
        .union(db.selectFrom('avatars').select('storage_key').where('storage_key', 'in', keys))
        .union(
          db
            .selectFrom('export_jobs')
            .select('storage_key')
            .where('storage_key', 'in', keys)
            .$narrowType<{ storage_key: string }>(),
        )
        .execute();
      return new Set(rows.map((r) => r.storage_key));
    },

    /** Every blob an attachment or an avatar names, with its recorded size and SHA-256 (the move between stores). */
    storedBlobs: () =>
      db
        .selectFrom('attachments')
        .select(['storage_key', 'size_bytes', 'sha256'])
        .unionAll(db.selectFrom('avatars').select(['storage_key', 'size_bytes', 'sha256']))
        .execute(),

    /** Removes the given attachments of one user; returns the storage keys of what was removed. */
    deleteForUser: (userId: number, ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .deleteFrom('attachments')
            .where('user_id', '=', userId)
            .where('id', 'in', ids)
            .returning(['id', 'storage_key'])
            .execute(),
  };
}
