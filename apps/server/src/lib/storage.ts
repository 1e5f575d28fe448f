import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
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
 * Where attachment blobs live (architecture: files behind a small interface, an S3-compatible store
 * can replace the disk later). Keys are server-generated UUIDs; no user input ever reaches a path.
 */
export interface BlobStorage {
  /** Streams `source` to a temporary blob, hashing as it goes. On failure nothing is left behind. */
  stage(source: Readable): Promise<StagedBlob>;
  /** Makes a staged blob permanent under the same key. */
  promote(key: string): Promise<void>;
  /** Removes a staged blob (a failed or rolled-back request). Missing is fine. */
  discard(key: string): Promise<void>;
  /** The bytes of a staged blob (content checks before it is promoted). */
  readStaged(key: string): Promise<Buffer>;
  read(key: string): Promise<Buffer>;
  /** Removes a permanent blob. Missing is fine. */
  remove(key: string): Promise<void>;
  /** Every permanent blob's key (the start-up sweep compares them with the rows). */
  keys(): Promise<string[]>;
  /** Removes every staged blob; only safe when no request is running (at start-up). Returns how many. */
  clearStaged(): Promise<number>;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function missingIsEmpty(error: NodeJS.ErrnoException): never[] {
  if (error.code === 'ENOENT') return [];
  throw error;
}

export function createDiskStorage(root: string): BlobStorage {
  const tmpDir = path.join(root, 'tmp');
  const blobDir = path.join(root, 'blobs');
  const check = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return key;
  };
  // Two-level fan-out keeps directories small.
  const blobPath = (key: string) => path.join(blobDir, check(key).slice(0, 2), key);
  const tmpPath = (key: string) => path.join(tmpDir, check(key));

  return {
    async stage(source) {
      await mkdir(tmpDir, { recursive: true });
      const key = randomUUID();
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          if (head.length < FILE_TYPE_HEAD_BYTES)
            head = Buffer.concat([head, chunk.subarray(0, FILE_TYPE_HEAD_BYTES - head.length)]);
          done(null, chunk);
        },
      });
      const file = createWriteStream(tmpPath(key), { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(source, meter, file);
      } catch (error) {
        // The file is opened asynchronously: a source that fails first (the request's byte budget) rejects before
        // the open is done, and removing the path then would leave the file it creates behind.
        if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
        await rm(tmpPath(key), { force: true });
        throw error;
      }
      return { key, size, sha256: hash.digest('hex'), head };
    },
    async promote(key) {
      const target = blobPath(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmpPath(key), target);
    },
    discard: (key) => rm(tmpPath(key), { force: true }),
    readStaged: (key) => readFile(tmpPath(key)),
    read: (key) => readFile(blobPath(key)),
    remove: (key) => rm(blobPath(key), { force: true }),
    async keys() {
      const entries = await readdir(blobDir, { recursive: true, withFileTypes: true }).catch(missingIsEmpty);
      return entries.filter((e) => e.isFile() && KEY.test(e.name)).map((e) => e.name);
    },
    async clearStaged() {
      const entries = await readdir(tmpDir).catch(missingIsEmpty);
      await Promise.all(entries.map((name) => rm(path.join(tmpDir, name), { force: true })));
      return entries.length;
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
