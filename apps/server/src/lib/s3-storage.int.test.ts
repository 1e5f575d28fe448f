import { afterAll, beforeAll } from 'vitest';
import { startS3StandIn } from '../test/s3-stand-in.ts';
import { describeStorageContract } from '../test/storage-contract.ts';
import { createS3Storage } from './s3-storage.ts';
import type { BlobStorage } from './storage.ts';

let standIn: Awaited<ReturnType<typeof startS3StandIn>>;
let storage: BlobStorage;
beforeAll(async () => {
  standIn = await startS3StandIn();
  storage = createS3Storage(standIn.settings);
});
afterAll(() => standIn?.close());

describeStorageContract('S3 (the s3rver stand-in)', () => storage);
