import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_TYPE_HEAD_BYTES } from './file-type.ts';

/** A blob written under a temporary name; it becomes visible only when promoted. */
export interface StagedBlob {
  key: string;
  size: number;
  sha256: string;
  /** The first bytes, for the magic-byte check. */
  head: Buffer;
}

/**
 * Where uploaded files live (decision 221): on disk for the embedded database, in PostgreSQL or an S3-compatible
 * store when several instances share them. Keys are server-generated UUIDs; no user input ever reaches a path.
 */
export interface BlobStorage {
  /**
   * Streams `source` to a temporary blob, hashing as it goes. On failure nothing is left behind. The key is new,
   * unless given: the move between stores (decision 221) keeps every blob's key.
   */
  stage(source: Readable, key?: string): Promise<StagedBlob>;
  /** Makes a staged blob permanent under the same key. */
  promote(key: string): Promise<void>;
  /** Removes a staged blob (a failed or rolled-back request). Missing is fine. */
  discard(key: string): Promise<void>;
  /** The bytes of a staged blob (content checks before it is promoted). */
  readStaged(key: string): Promise<Buffer>;
  read(key: string): Promise<Buffer>;
  /** Removes a permanent blob. Missing is fine. */
  remove(key: string): Promise<void>;
  /**
   * Every permanent blob's key (the start-up sweep compares them with the rows); with `before`, only those made
   * permanent before it.
   */
  keys(before?: Date): Promise<string[]>;
  /**
   * Removes the staged blobs (staged before `before` when given; every one otherwise, only safe when no other
   * process is uploading). Returns how many.
   */
  clearStaged(before?: Date): Promise<number>;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isStorageKey = (key: string) => KEY.test(key);

/** The key, or a throw: every driver refuses anything but a server-made UUID. */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error('invalid storage key');
  return key;
}

/**
 * What every driver's `stage` measures as the bytes pass: size, SHA-256 and the head for the magic-byte check.
 * `stream` goes between the source and the driver's writer; `blob(key)` once the pipeline has finished.
 */
export function blobMeter() {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      if (head.length < FILE_TYPE_HEAD_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, FILE_TYPE_HEAD_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  return { stream, blob: (key: string): StagedBlob => ({ key, size, sha256: hash.digest('hex'), head }) };
}

function missingIsEmpty(error: NodeJS.ErrnoException): never[] {
  if (error.code === 'ENOENT') return [];
  throw error;
}

/** Whether a file was last written before `before` (always, without one); a file gone meanwhile is not. */
async function writtenBefore(file: string, before: Date | undefined): Promise<boolean> {
  if (!before) return true;
  const info = await stat(file).catch(() => null);
  return info !== null && info.mtime < before;
}

export function createDiskStorage(root: string): BlobStorage {
  const tmpDir = path.join(root, 'tmp');
  const blobDir = path.join(root, 'blobs');
  // Two-level fan-out keeps directories small.
  const blobPath = (key: string) => path.join(blobDir, checkedKey(key).slice(0, 2), key);
  const tmpPath = (key: string) => path.join(tmpDir, checkedKey(key));

  return {
    async stage(source, key = randomUUID()) {
      await mkdir(tmpDir, { recursive: true });
      const meter = blobMeter();
      const file = createWriteStream(tmpPath(key), { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(source, meter.stream, file);
      } catch (error) {
        // The file is opened asynchronously: a source that fails first (the request's byte budget) rejects before
        // the open is done, and removing the path then would leave the file it creates behind.
        if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
        await rm(tmpPath(key), { force: true });
        throw error;
      }
      return meter.blob(key);
    },
    async promote(key) {
      const target = blobPath(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmpPath(key), target);
    },
    // async: an invalid key rejects, as in every driver, rather than throwing where the call is made.
    discard: async (key) => rm(tmpPath(key), { force: true }),
    readStaged: async (key) => readFile(tmpPath(key)),
    read: async (key) => readFile(blobPath(key)),
    remove: async (key) => rm(blobPath(key), { force: true }),
    async keys(before) {
      const entries = await readdir(blobDir, { recursive: true, withFileTypes: true }).catch(missingIsEmpty);
      const blobs = entries.filter((e) => e.isFile() && KEY.test(e.name));
      const old = await Promise.all(blobs.map((e) => writtenBefore(path.join(e.parentPath, e.name), before)));
      return blobs.filter((_, i) => old[i]).map((e) => e.name);
    },
    async clearStaged(before) {
      const entries = await readdir(tmpDir).catch(missingIsEmpty);
      const old = await Promise.all(entries.map((name) => writtenBefore(path.join(tmpDir, name), before)));
      const stale = entries.filter((_, i) => old[i]);
      await Promise.all(stale.map((name) => rm(path.join(tmpDir, name), { force: true })));
      return stale.length;
    },
  };
}

export function sha256OfBuffer(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A stored blob's bytes, or null when it is missing or no longer matches its recorded size and SHA-256. */
export async function readVerified(
  storage: BlobStorage,
  blob: { storage_key: string; size_bytes: number; sha256: string },
): Promise<Buffer | null> {
  let data: Buffer;
  try {
    data = await storage.read(blob.storage_key);
  } catch {
    return null;
  }
  return data.length === blob.size_bytes && sha256OfBuffer(data) === blob.sha256 ? data : null;
}
