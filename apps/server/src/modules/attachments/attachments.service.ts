import { ErrorCode, type Attachment } from '@medida/contracts';
import type { AttachmentRow, Database, Kysely, Transaction } from '@medida/db';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { AllowedMimeType } from '../../lib/file-type.ts';
import type { Config } from '../../config.ts';
import { readVerified, type BlobStorage } from '../../lib/storage.ts';
import { createAttachmentsRepository } from './attachments.repository.ts';
import type { StagedFile } from './upload.ts';
import type { RecordChange } from '../../lib/audit-route.ts';

export interface FileInfo {
  title: string;
  description: string;
}

type ListedRow = AttachmentRow & {
  uploader_nombre: string;
  uploader_apellido: string;
  uploader_especialidad: string | null;
};

const downloadPath = (id: number) => `/web/attachments/${id}/download`;

const integrityError = () => new AppError(409, ErrorCode.conflict, 'errors.attachmentIntegrity');
const quotaExceeded = () => new AppError(413, ErrorCode.payloadTooLarge, 'errors.storageQuotaExceeded');

function toAttachment(row: ListedRow): Attachment {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    created_at: row.created_at.toISOString(),
    file_path: downloadPath(row.id),
    mime_type: row.mime_type,
    size_bytes: row.size_bytes,
    uploader: { nombre: row.uploader_nombre, apellido: row.uploader_apellido, especialidad: row.uploader_especialidad },
  };
}

/** files_info must describe every uploaded file, in order (spec §5: title and description required). */
export function matchFileInfos(files: readonly StagedFile[], infos: readonly FileInfo[] | undefined): FileInfo[] {
  if (files.length === 0) return [];
  if (!infos || infos.length !== files.length) throw fieldError('files_info', 'validation.filesInfo');
  return [...infos];
}

/** Every blob a row names (attachments and avatars) with its recorded size and SHA-256: what a move checks. */
export const storedBlobRows = (db: Kysely<Database>) => createAttachmentsRepository(db).storedBlobs();

export function createAttachmentsService(deps: {
  db: Kysely<Database>;
  storage: BlobStorage;
  config: Pick<Config, 'uploads'>;
}) {
  const { storage } = deps;
  const quotaBytes = deps.config.uploads.accountQuotaBytes;
  /**
   * Bytes the user's account tree stores (attachments and avatars), read under the account's upload
   * lock held to the commit: two concurrent uploads of one account are serialised, so together they
   * cannot pass the quota (decision 054).
   */
  async function lockedAccountUsage(trx: Transaction<Database>, userId: number): Promise<number> {
    const repo = createAttachmentsRepository(trx);
    return repo.bytesStoredInAccount(await repo.lockAccountUploads(userId));
  }

  return {
    list: async (actorId: number, userId: number) =>
      (await createAttachmentsRepository(deps.db).listForUser(actorId, userId)).map(toAttachment),

    /**
     * Inside the caller's transaction: rows for the staged files, then the blobs are moved to their
     * final names. If anything later rolls the transaction back, the caller calls `rollbackFiles`.
     */
    async addInTransaction(
      trx: Transaction<Database>,
      a: {
        userId: number;
        uploaderId: number;
        files: readonly StagedFile[];
        infos: readonly FileInfo[];
        now: Date;
        /** Writes each new attachment's 'create' event in this transaction (decision 142). */
        recordEach?: RecordChange<Transaction<Database>> | undefined;
      },
    ) {
      if (a.files.length === 0) return;
      const repo = createAttachmentsRepository(trx);
      if (quotaBytes > 0) {
        const stored = await lockedAccountUsage(trx, a.userId);
        const adding = a.files.reduce((sum, f) => sum + f.size, 0);
        if (stored + adding > quotaBytes) throw quotaExceeded();
      }
      for (const [i, file] of a.files.entries()) {
        const info = a.infos[i];
        if (!info) throw fieldError('files_info', 'validation.filesInfo'); // matchFileInfos gave one per file
        const { id } = await repo.insert({
          user_id: a.userId,
          uploader_id: a.uploaderId,
          title: info.title,
          description: info.description,
          original_name: file.originalName,
          storage_key: file.key,
          mime_type: file.mimeType,
          size_bytes: file.size,
          sha256: file.sha256,
          created_at: a.now,
        });
        await a.recordEach?.(trx, id);
      }
      for (const file of a.files) await storage.promote(file.key);
    },

    lockedAccountUsage,

    /** Inside the caller's transaction; every id must be an attachment of this user. Returns blob keys to remove after commit. */
    async removeInTransaction(
      trx: Transaction<Database>,
      a: { userId: number; ids: readonly number[]; recordEach?: RecordChange<Transaction<Database>> | undefined },
    ): Promise<string[]> {
      const unique = [...new Set(a.ids)];
      // Before the rows go: the event finds its client through the attachment. A foreign id rolls it all back below.
      for (const id of unique) await a.recordEach?.(trx, id);
      const removed = await createAttachmentsRepository(trx).deleteForUser(a.userId, unique);
      if (removed.length !== unique.length) throw fieldError('deleted_files', 'validation.deletedFiles');
      return removed.map((r) => r.storage_key);
    },

    /** After a rollback: staged and already-promoted blobs of this request go away. */
    async rollbackFiles(files: readonly StagedFile[]) {
      await Promise.all(files.flatMap((f) => [storage.discard(f.key), storage.remove(f.key)]));
    },

    /** After a commit: blobs of deleted rows. A failure here leaves an unreferenced blob, never a broken row. */
    async removeBlobs(keys: readonly string[]) {
      await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
    },

    /** The blob of an attachment the actor may see, re-hashed against the stored SHA-256. */
    async download(actorId: number, attachmentId: number) {
      const row = await createAttachmentsRepository(deps.db).findVisible(actorId, attachmentId);
      if (!row) throw notFound();
      const data = await readVerified(storage, row);
      if (!data) throw integrityError();
      return { data, mimeType: row.mime_type as AllowedMimeType, fileName: row.original_name };
    },
  };
}
