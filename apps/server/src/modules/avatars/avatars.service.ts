import { ErrorCode } from '@medida/contracts';
import type { Database, Kysely } from '@medida/db';
import { Readable } from 'node:stream';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { ImageRejectedError, squareAvatar } from '../../lib/images.ts';
import { readVerified, type BlobStorage } from '../../lib/storage.ts';
import type { AppDeps } from '../../types.ts';
import { createAttachmentsService } from '../attachments/attachments.service.ts';
import { discardAll, type StagedFile } from '../attachments/upload.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { avatarUrl, createAvatarsRepository } from './avatars.repository.ts';

const notAnImage = () => new AppError(415, ErrorCode.unsupportedMedia, 'errors.avatarType');
const quotaExceeded = () => new AppError(413, ErrorCode.payloadTooLarge, 'errors.storageQuotaExceeded');
const tooManyPixels = () => new AppError(413, ErrorCode.payloadTooLarge, 'errors.imageTooManyPixels');
const unreadableImage = () => new AppError(415, ErrorCode.unsupportedMedia, 'errors.imageUnreadable');
const integrityError = () => new AppError(409, ErrorCode.conflict, 'errors.attachmentIntegrity');

type UploadForm = { fields: Record<string, unknown>; files: StagedFile[] };

/**
 * Profile pictures (decision 118). The upload has passed the attachment checks of decision 054 (HTML,
 * virus scan, pixel limit, re-encoding); here it becomes a centre-cropped WebP square of at most 512 px
 * without metadata, counted in the account's storage quota, and replaces the user's previous picture.
 */
export function createAvatarsService(
  deps: Pick<AppDeps, 'clock' | 'config'> & { db: Kysely<Database>; storage: BlobStorage },
) {
  const { storage } = deps;
  const { accountQuotaBytes, imageMaxPixels } = deps.config.uploads;
  const attachments = createAttachmentsService(deps);

  async function square(file: StagedFile): Promise<Buffer> {
    if (file.mimeType === 'application/pdf') throw notAnImage();
    try {
      return (await squareAvatar(await storage.readStaged(file.key), { maxPixels: imageMaxPixels })).data;
    } catch (error) {
      if (error instanceof ImageRejectedError)
        throw error.reason === 'too_many_pixels' ? tooManyPixels() : unreadableImage();
      throw error;
    }
  }

  /** Row, `img_url` and blob in one step under the account's upload lock; the previous blob goes after commit. */
  async function store(userId: number, data: Buffer): Promise<string> {
    const staged = await storage.stage(Readable.from([data]));
    let previous: string | undefined;
    try {
      previous = await deps.db.transaction().execute(async (trx) => {
        const repo = createAvatarsRepository(trx);
        const stored = await attachments.lockedAccountUsage(trx, userId);
        const current = await repo.lockCurrent(userId);
        if (accountQuotaBytes > 0) {
          const others = stored - (current?.size_bytes ?? 0);
          if (others + staged.size > accountQuotaBytes) throw quotaExceeded();
        }
        const now = deps.clock.now();
        await repo.put(userId, { storageKey: staged.key, sizeBytes: staged.size, sha256: staged.sha256, now });
        await createUserRecordsService(trx).setImageUrl(userId, avatarUrl(staged.key), now);
        await storage.promote(staged.key);
        return current?.storage_key;
      });
    } catch (error) {
      await Promise.all([storage.discard(staged.key), storage.remove(staged.key)]);
      throw error;
    }
    if (previous) await storage.remove(previous).catch(() => undefined);
    return avatarUrl(staged.key);
  }

  return {
    /** The signed-in user's own picture only: the form carries exactly one image and nothing else. Its address. */
    async replace(userId: number, form: UploadForm): Promise<string> {
      try {
        const extra = Object.keys(form.fields)[0];
        if (extra !== undefined) throw fieldError(extra, 'validation.unknownField');
        const [file] = form.files;
        if (form.files.length !== 1 || !file) throw fieldError('files', 'validation.avatarOneFile');
        return await store(userId, await square(file));
      } finally {
        // The upload itself is never kept: what is stored is the square made from it.
        await discardAll(storage, form.files);
      }
    },

    /** Back to the default image (initials); nothing to remove is fine. */
    async remove(userId: number): Promise<void> {
      const key = await deps.db.transaction().execute(async (trx) => {
        const now = deps.clock.now();
        const removed = await createAvatarsRepository(trx).remove(userId);
        await createUserRecordsService(trx).setImageUrl(userId, null, now);
        return removed;
      });
      if (key) await storage.remove(key).catch(() => undefined);
    },

    /** The bytes behind a live user's avatar address, re-hashed against the stored SHA-256. */
    async read(storageKey: string): Promise<Buffer> {
      const row = await createAvatarsRepository(deps.db).findServed(storageKey);
      if (!row) throw notFound();
      const data = await readVerified(storage, row);
      if (!data) throw integrityError();
      return data;
    },
  };
}
