import { randomUUID } from 'node:crypto';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database, Kysely } from '@medida/db';
import type { BlobsConfig } from '../../config.ts';
import { blobMeter, checkedKey, createDiskStorage, type BlobStorage } from '../../lib/storage.ts';
import { createBlobsRepository } from './blobs.repository.ts';

/** The bytes of one `blob_chunks` row: an upload is written as it streams in, never a value over 1 MiB. */
const BLOB_CHUNK_BYTES = 1024 * 1024;

const missing = (key: string) => Object.assign(new Error(`no blob ${key}`), { code: 'ENOENT' });

/**
 * Blobs in the database itself (decision 221): every instance on one PostgreSQL shares them with no disk and no
 * object store. A staged blob is a row in state 'staged', its chunks written as the upload arrives.
 */
export function createPostgresStorage(db: Kysely<Database>): BlobStorage {
  const repo = createBlobsRepository(db);

  async function read(key: string, state: 'staged' | 'permanent'): Promise<Buffer> {
    const chunks = await repo.chunks(checkedKey(key), state);
    if (!chunks) throw missing(key);
    return Buffer.concat(chunks);
  }

  return {
    async stage(source: Readable, key = randomUUID()) {
      checkedKey(key);
      const meter = blobMeter();
      await repo.create(key);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let seq = 0;
      /** Writes the whole chunks gathered so far; at the end (`last`) the rest too. */
      const flush = async (last: boolean) => {
        let bytes = Buffer.concat(pending);
        while (bytes.length >= BLOB_CHUNK_BYTES || (last && bytes.length > 0)) {
          await repo.addChunk(key, seq++, bytes.subarray(0, BLOB_CHUNK_BYTES));
          bytes = bytes.subarray(BLOB_CHUNK_BYTES);
        }
        pending = [bytes];
        pendingBytes = bytes.length;
      };
      // The write in flight when the source fails: awaited before the blob is removed, so no chunk lands after.
      let writing: Promise<void> = Promise.resolve();
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes < BLOB_CHUNK_BYTES) return done();
          writing = flush(false);
          writing.then(() => done(), done);
        },
        final(done) {
          writing = flush(true);
          writing.then(() => done(), done);
        },
      });
      try {
        await pipeline(source, meter.stream, sink);
        const blob = meter.blob(key);
        await repo.setSize(key, blob.size);
        return blob;
      } catch (error) {
        await writing.catch(() => {});
        await repo.remove(key);
        throw error;
      }
    },
    async promote(key) {
      if (!(await repo.promote(checkedKey(key)))) throw missing(key);
    },
    async discard(key) {
      await repo.remove(checkedKey(key), 'staged');
    },
    readStaged: (key) => read(key, 'staged'),
    read: (key) => read(key, 'permanent'),
    async remove(key) {
      await repo.remove(checkedKey(key), 'permanent');
    },
    keys: (before) => repo.keys('permanent', before),
    clearStaged: (before) => repo.removeStaged(before),
  };
}

/**
 * The one store of uploaded files the configuration names (decision 221). The S3 client is loaded only when
 * used: the SDK is large and most installations never need it.
 */
export async function createBlobStorage(config: BlobsConfig, db: Kysely<Database>): Promise<BlobStorage> {
  switch (config.driver) {
    case 'disk':
      return createDiskStorage(config.dir);
    case 'postgres':
      return createPostgresStorage(db);
    case 's3': {
      const { createS3Storage } = await import('../../lib/s3-storage.ts');
      return createS3Storage(config.s3);
    }
  }
}
