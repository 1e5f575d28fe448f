import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { blobMeter, checkedKey, isStorageKey, type BlobStorage } from './storage.ts';

export interface S3Settings {
  /** The endpoint (`https://s3.eu-west-1.amazonaws.com`, `http://minio:9000`). */
  url: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** Deletes at a time when clearing: S3's DeleteObjects wants checksums some compatible servers refuse. */
const DELETE_BATCH = 16;

/**
 * Blobs in an S3-compatible bucket (decision 221): staged under `tmp/<key>`, permanent under `blobs/<key>`; promote
 * copies then deletes (S3 has no rename). Path-style addressing and checksums only where the API requires them, so
 * MinIO, Ceph and the test stand-in speak the same protocol as AWS.
 */
export function createS3Storage(settings: S3Settings): BlobStorage {
  const client = new S3Client({
    endpoint: settings.url,
    region: settings.region,
    credentials: settings.credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const staged = (key: string) => `tmp/${checkedKey(key)}`;
  const permanent = (key: string) => `blobs/${checkedKey(key)}`;

  async function readObject(Key: string): Promise<Buffer> {
    const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
    if (!answer.Body) throw new Error(`empty answer for ${Key}`);
    return Buffer.from(await answer.Body.transformToByteArray());
  }

  const removeObject = async (Key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  };

  /** The keys under `prefix` last written before `before` (every one without it). */
  async function list(prefix: 'tmp/' | 'blobs/', before: Date | undefined): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(prefix.length) ?? '';
        if (!isStorageKey(key)) continue;
        if (before && !(object.LastModified && object.LastModified < before)) continue;
        keys.push(key);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }

  return {
    async stage(source: Readable, key = randomUUID()) {
      checkedKey(key);
      const meter = blobMeter();
      const body = new PassThrough();
      // Multipart above 5 MB, one PUT below: the bytes go out as they come, never the whole file in memory.
      const upload = new Upload({ client, params: { Bucket, Key: staged(key), Body: body } });
      const uploaded = upload.done();
      try {
        await Promise.all([pipeline(source, meter.stream, body), uploaded]);
      } catch (error) {
        body.destroy(error instanceof Error ? error : new Error(String(error)));
        await upload.abort().catch(() => {});
        await uploaded.catch(() => {});
        await removeObject(staged(key)).catch(() => {});
        throw error;
      }
      return meter.blob(key);
    },
    async promote(key) {
      await client.send(new CopyObjectCommand({ Bucket, Key: permanent(key), CopySource: `${Bucket}/${staged(key)}` }));
      await removeObject(staged(key));
    },
    // async: an invalid key rejects rather than throwing where the call is made.
    discard: async (key) => removeObject(staged(key)),
    readStaged: async (key) => readObject(staged(key)),
    read: async (key) => readObject(permanent(key)),
    remove: async (key) => removeObject(permanent(key)),
    keys: (before) => list('blobs/', before),
    async clearStaged(before) {
      const keys = await list('tmp/', before);
      for (let i = 0; i < keys.length; i += DELETE_BATCH)
        await Promise.all(keys.slice(i, i + DELETE_BATCH).map((key) => removeObject(staged(key))));
      return keys.length;
    },
  };
}
