import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { USER_TYPE } from '@medida/contracts';
import type { DbHandle } from '@medida/db';
import { createFreshTestDb, insertTestUser } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage, type BlobStorage } from '../../lib/storage.ts';
import { sweepUploads } from './uploads-sweep.ts';

let handle: DbHandle;
let root: string;
let storage: BlobStorage;
beforeAll(async () => {
  handle = await createFreshTestDb();
  root = await mkdtemp(path.join(tmpdir(), 'medida-sweep-'));
  storage = createDiskStorage(root);
});
afterAll(async () => {
  await handle?.close();
  await rm(root, { recursive: true, force: true });
});

async function storedBlob(): Promise<string> {
  const staged = await storage.stage(Readable.from([Buffer.from('%PDF-1.7 sweep')]));
  await storage.promote(staged.key);
  return staged.key;
}

const blobsOnDisk = async () =>
  (await readdir(path.join(root, 'blobs'), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();

describe('start-up sweep of the uploads directory (decision 144)', () => {
  it('removes unfinished uploads and blobs no row names; keeps every attachment and avatar blob', async () => {
    const userId = await insertTestUser(handle.db, { email: 'sweep@x.test', password_hash: 'x' });
    const clientId = await insertTestUser(handle.db, {
      type: USER_TYPE.client,
      email: 'sweep-client@x.test',
      password_hash: 'x',
      parent_user_id: userId,
    });
    const [attached, avatar, orphan] = [await storedBlob(), await storedBlob(), await storedBlob()];
    await handle.db
      .insertInto('attachments')
      .values({
        user_id: clientId,
        uploader_id: userId,
        title: 't',
        description: 'd',
        original_name: 'a.pdf',
        storage_key: attached,
        mime_type: 'application/pdf',
        size_bytes: 14,
        sha256: '0'.repeat(64),
      })
      .execute();
    await handle.db
      .insertInto('avatars')
      .values({ user_id: userId, storage_key: avatar, size_bytes: 14, sha256: '0'.repeat(64), created_at: new Date() })
      .execute();
    // A killed upload: one file still staged, one staged file that was never finished.
    await storage.stage(Readable.from([Buffer.from('%PDF-1.7 staged')]));
    await writeFile(path.join(root, 'tmp', randomUUID()), 'half');
    // Not a blob name: left alone rather than guessed at.
    await mkdir(path.join(root, 'blobs', 'zz'), { recursive: true });
    await writeFile(path.join(root, 'blobs', 'zz', 'README'), 'not ours');

    expect(await sweepUploads(handle.db, storage)).toEqual({ staged: 2, orphans: 1, kept: 2 });
    expect(await blobsOnDisk()).toEqual(['README', attached, avatar].sort());
    expect(await blobsOnDisk()).not.toContain(orphan);
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
    // Nothing left to do the second time.
    expect(await sweepUploads(handle.db, storage)).toEqual({ staged: 0, orphans: 0, kept: 2 });
  });

  it('on a shared store, spares what was staged or promoted after the cut-off: another instance may be uploading it', async () => {
    const orphan = await storedBlob();
    const staged = await storage.stage(Readable.from([Buffer.from('%PDF-1.7 in flight')]));
    const cutOff = new Date(Date.now() - 60_000);
    expect(await sweepUploads(handle.db, storage, cutOff)).toEqual({ staged: 0, orphans: 0, kept: 0 });
    expect(await blobsOnDisk()).toContain(orphan);
    expect(await storage.readStaged(staged.key)).toBeDefined();
    expect(await sweepUploads(handle.db, storage)).toEqual({ staged: 1, orphans: 1, kept: 2 });
  });

  it('an uploads directory that does not exist yet is an empty one', async () => {
    const fresh = createDiskStorage(path.join(root, 'never-created'));
    expect(await sweepUploads(handle.db, fresh)).toEqual({ staged: 0, orphans: 0, kept: 0 });
  });
});
