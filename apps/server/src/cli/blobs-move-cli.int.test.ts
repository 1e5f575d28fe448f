import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobsConfig } from '../config.ts';
import { createDiskStorage, sha256OfBuffer, type BlobStorage } from '../lib/storage.ts';
import { createPostgresStorage } from '../modules/blobs/blobs.service.ts';
import { insertUser } from '../test/factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { parseBlobsMoveArgs, runBlobsMove } from './blobs-move-cli.ts';

describe('npm run blobs:move: every stored file to another store, checked against its record (decision 221)', () => {
  let ctx: TestContext;
  let disk: BlobStorage;
  let postgres: BlobStorage;
  const diskConfig: BlobsConfig = { driver: 'disk', dir: mkdtempSync(path.join(tmpdir(), 'medida-move-')) };
  const postgresConfig: BlobsConfig = { driver: 'postgres' };
  beforeAll(async () => {
    ctx = await createTestApp();
    disk = createDiskStorage(diskConfig.dir);
    postgres = createPostgresStorage(ctx.db);
  });
  afterAll(() => ctx?.close());

  const capture = () => {
    const lines = { out: [] as string[], err: [] as string[] };
    return { lines, io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
  };

  async function stored(storage: BlobStorage, data: Buffer) {
    const staged = await storage.stage(Readable.from([data]));
    await storage.promote(staged.key);
    return { key: staged.key, size: data.length, sha256: sha256OfBuffer(data) };
  }

  it('parses --to and refuses anything else', () => {
    expect(parseBlobsMoveArgs(['--to', 's3'])).toEqual({ ok: true, to: 's3' });
    for (const argv of [[], ['--to', 'ftp'], ['--from', 'disk'], ['s3']])
      expect(parseBlobsMoveArgs(argv).ok).toBe(false);
  });

  it('copies every attachment, avatar and unnamed blob under its key, is idempotent, and says what to set', async () => {
    const { id: userId } = await insertUser(ctx, { email: 'move@x.test' });
    const attachment = await stored(disk, Buffer.from('%PDF-1.7 the attachment'));
    const avatar = await stored(disk, Buffer.alloc(3 * 1024 * 1024, 9));
    const unnamed = await stored(disk, Buffer.from('no row names me'));
    await ctx.db
      .insertInto('attachments')
      .values({
        user_id: userId,
        uploader_id: userId,
        title: 't',
        description: 'd',
        original_name: 'a.pdf',
        storage_key: attachment.key,
        mime_type: 'application/pdf',
        size_bytes: attachment.size,
        sha256: attachment.sha256,
      })
      .execute();
    await ctx.db
      .insertInto('avatars')
      .values({
        user_id: userId,
        storage_key: avatar.key,
        size_bytes: avatar.size,
        sha256: avatar.sha256,
        created_at: new Date(),
      })
      .execute();
    const move = { from: diskConfig, to: postgresConfig, db: ctx.db, stores: { from: disk, to: postgres } };

    const first = capture();
    expect(await runBlobsMove(move, first.io)).toBe(0);
    expect(first.lines.out).toContain('Copied 2, already there 0, without a record 1, missing 0.');
    expect(first.lines.out.join('\n')).toContain('set BLOB_STORAGE=postgres');
    expect((await postgres.keys()).sort()).toEqual([attachment.key, avatar.key, unnamed.key].sort());
    for (const blob of [attachment, avatar, unnamed])
      expect(sha256OfBuffer(await postgres.read(blob.key))).toBe(blob.sha256);

    const again = capture();
    expect(await runBlobsMove(move, again.io)).toBe(0);
    expect(again.lines.out).toContain('Copied 0, already there 2, without a record 1, missing 0.');
  });

  it('fails, naming the key, when a file a record names is missing or damaged in the source', async () => {
    const { id: userId } = await insertUser(ctx, { email: 'move-missing@x.test' });
    const gone = await stored(disk, Buffer.from('%PDF-1.7 soon gone'));
    await ctx.db
      .insertInto('avatars')
      .values({
        user_id: userId,
        storage_key: gone.key,
        size_bytes: gone.size,
        sha256: gone.sha256,
        created_at: new Date(),
      })
      .execute();
    await disk.remove(gone.key);
    const run = capture();
    const move = { from: diskConfig, to: postgresConfig, db: ctx.db, stores: { from: disk, to: postgres } };
    expect(await runBlobsMove(move, run.io)).toBe(1);
    expect(run.lines.err.join('\n')).toContain(gone.key);
    expect(run.lines.out.join('\n')).not.toContain('set BLOB_STORAGE');
  });

  it('refuses a move to the store the files are in', async () => {
    const run = capture();
    const move = { from: diskConfig, to: diskConfig, db: ctx.db, stores: { from: disk, to: disk } };
    expect(await runBlobsMove(move, run.io)).toBe(1);
    expect(run.lines.err).toEqual(['The files are already in disk: nothing to move.']);
  });
});
