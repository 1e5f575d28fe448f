import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BlobStorage } from '../lib/storage.ts';

/**
 * What every blob driver promises (decision 221): the disk, PostgreSQL and S3 tests each call this with their store.
 * The store may hold what earlier cases left: each case starts by emptying it.
 */
export function describeStorageContract(name: string, store: () => BlobStorage) {
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
  /** The bytes as a stream of `pieces` chunks, the way a multipart upload arrives. */
  const streamOf = (data: Buffer, pieces = 1) => {
    const size = Math.ceil(data.length / pieces) || 1;
    const chunks: Buffer[] = [];
    for (let at = 0; at < data.length; at += size) chunks.push(data.subarray(at, at + size));
    return Readable.from(chunks);
  };
  const bytes = (length: number, seed = 7) => {
    const data = Buffer.alloc(length);
    for (let i = 0; i < length; i++) data[i] = (i * 31 + seed) % 251;
    return data;
  };
  const later = () => new Date(Date.now() + 60_000);
  const earlier = () => new Date(Date.now() - 60_000);

  describe(`blob storage contract: ${name}`, () => {
    let storage: BlobStorage;
    beforeEach(async () => {
      storage = store();
      await storage.clearStaged();
      for (const key of await storage.keys()) await storage.remove(key);
    });

    it('stages with size, SHA-256 and head, reads the staged bytes, then serves them only once promoted', async () => {
      const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), bytes(5000)]);
      const staged = await storage.stage(streamOf(data, 3));
      expect(staged).toMatchObject({ size: data.length, sha256: sha256(data) });
      expect(staged.key).toMatch(/^[0-9a-f-]{36}$/);
      expect(staged.head.subarray(0, 9).toString()).toBe('%PDF-1.7\n');
      expect(staged.head.length).toBeGreaterThanOrEqual(9);
      expect(await storage.readStaged(staged.key)).toEqual(data);
      await expect(storage.read(staged.key)).rejects.toThrow();
      expect(await storage.keys()).toEqual([]);

      await storage.promote(staged.key);
      expect(await storage.read(staged.key)).toEqual(data);
      await expect(storage.readStaged(staged.key)).rejects.toThrow();
      expect(await storage.keys()).toEqual([staged.key]);
    });

    it('keeps a file of several megabytes and an empty one byte for byte', async () => {
      const large = bytes(6 * 1024 * 1024 + 123, 11);
      const empty = Buffer.alloc(0);
      for (const data of [large, empty]) {
        const staged = await storage.stage(streamOf(data, 97));
        expect(staged).toMatchObject({ size: data.length, sha256: sha256(data) });
        await storage.promote(staged.key);
        const read = await storage.read(staged.key);
        expect(read.length).toBe(data.length);
        expect(sha256(read)).toBe(sha256(data));
      }
    });

    it('discards a staged blob and removes a permanent one; a missing one is fine either way', async () => {
      const dropped = await storage.stage(streamOf(bytes(100)));
      await storage.discard(dropped.key);
      await expect(storage.readStaged(dropped.key)).rejects.toThrow();
      await storage.discard(dropped.key);

      const kept = await storage.stage(streamOf(bytes(100)));
      await storage.promote(kept.key);
      // discard touches staged blobs only.
      await storage.discard(kept.key);
      expect(await storage.read(kept.key)).toHaveLength(100);
      await storage.remove(kept.key);
      await expect(storage.read(kept.key)).rejects.toThrow();
      await storage.remove(kept.key);
      await storage.remove(crypto.randomUUID());
      expect(await storage.keys()).toEqual([]);
    });

    it('refuses to promote what was never staged', async () => {
      await expect(storage.promote(crypto.randomUUID())).rejects.toThrow();
    });

    it('lists only permanent blobs, and with a date only those made permanent before it', async () => {
      const a = await storage.stage(streamOf(bytes(10)));
      const b = await storage.stage(streamOf(bytes(20)));
      await storage.stage(streamOf(bytes(30)));
      await storage.promote(a.key);
      await storage.promote(b.key);
      expect((await storage.keys()).sort()).toEqual([a.key, b.key].sort());
      expect((await storage.keys(later())).sort()).toEqual([a.key, b.key].sort());
      expect(await storage.keys(earlier())).toEqual([]);
    });

    it('clears staged blobs, sparing those staged after the given date and every permanent one', async () => {
      const staged = await storage.stage(streamOf(bytes(10)));
      const permanent = await storage.stage(streamOf(bytes(10)));
      await storage.promote(permanent.key);
      // Another instance's upload, still running: younger than the cut-off.
      expect(await storage.clearStaged(earlier())).toBe(0);
      expect(await storage.readStaged(staged.key)).toHaveLength(10);
      expect(await storage.clearStaged(later())).toBe(1);
      await expect(storage.readStaged(staged.key)).rejects.toThrow();
      expect(await storage.clearStaged()).toBe(0);
      expect(await storage.keys()).toEqual([permanent.key]);
    });

    it('leaves nothing behind when the source fails midway', async () => {
      async function* failing() {
        yield bytes(1024 * 1024 + 10);
        yield bytes(600 * 1024);
        throw new Error('the request ran over its byte budget');
      }
      await expect(storage.stage(Readable.from(failing()))).rejects.toThrow('byte budget');
      expect(await storage.clearStaged()).toBe(0);
      expect(await storage.keys()).toEqual([]);
    });

    it('refuses a key that is not a server-made UUID', async () => {
      for (const key of ['../etc/passwd', 'x', `${crypto.randomUUID()}/..`, crypto.randomUUID().toUpperCase()]) {
        await expect(storage.promote(key)).rejects.toThrow('invalid storage key');
        await expect(storage.read(key)).rejects.toThrow('invalid storage key');
        await expect(storage.readStaged(key)).rejects.toThrow('invalid storage key');
        await expect(storage.discard(key)).rejects.toThrow('invalid storage key');
        await expect(storage.remove(key)).rejects.toThrow('invalid storage key');
      }
    });
  });
}
