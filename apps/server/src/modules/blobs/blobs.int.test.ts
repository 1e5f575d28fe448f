import type { DbHandle } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { afterAll, beforeAll } from 'vitest';
import type { BlobStorage } from '../../lib/storage.ts';
import { describeStorageContract } from '../../test/storage-contract.ts';
import { createPostgresStorage } from './blobs.service.ts';

let handle: DbHandle;
let storage: BlobStorage;
beforeAll(async () => {
  handle = await createFreshTestDb();
  storage = createPostgresStorage(handle.db);
});
afterAll(() => handle?.close());

describeStorageContract(`PostgreSQL (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => storage);
