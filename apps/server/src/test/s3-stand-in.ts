import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Settings } from '../lib/s3-storage.ts';

/**
 * An S3-compatible server for tests (decision 221): s3rver from npm, in this process, on a free port, its bucket in a
 * temporary directory. A stand-in for AWS S3 or MinIO: it speaks the same REST API. Its signature check is off: for a
 * bucket-level call (ListObjectsV2) the SDK signs the path `/<bucket>/` and s3rver recomputes it without the slash.
 */
export async function startS3StandIn(bucket = 'medida-test') {
  const directory = await mkdtemp(path.join(tmpdir(), 'medida-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const settings: S3Settings = {
    url: `http://127.0.0.1:${address.port}`,
    bucket,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  return {
    settings,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
