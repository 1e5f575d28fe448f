import { Readable } from 'node:stream';
import type { Database, Kysely } from '@medida/db';
import { readVerified, sha256OfBuffer, type BlobStorage } from '../../lib/storage.ts';
import { storedBlobRows } from '../attachments/attachments.service.ts';

export interface MoveResult {
  /** Blobs written to the target this run. */
  copied: number;
  /** Already in the target with the recorded size and SHA-256 (an earlier run): left as they are. */
  present: number;
  /** Blobs no row names, copied as they are (the start-up sweep removes them later) or already there. */
  unreferenced: number;
  /** Keys a row names whose blob the source lacks or holds with other bytes: the move is not complete. */
  missing: string[];
}

/**
 * Copies every permanent blob of `from` to `to` under the same key (decision 221). A blob a row names is checked
 * against the row's size and SHA-256 in the source and again as staged in the target, before it is promoted;
 * one already in the target and matching is skipped, so the move can be run again after a failure.
 */
export async function moveBlobs(
  deps: { db: Kysely<Database>; from: BlobStorage; to: BlobStorage },
  progress: (done: number, total: number) => void = () => {},
): Promise<MoveResult> {
  const { from, to } = deps;
  const rows = new Map((await storedBlobRows(deps.db)).map((row) => [row.storage_key, row]));
  const unreferenced = (await from.keys()).filter((key) => !rows.has(key));
  const result: MoveResult = { copied: 0, present: 0, unreferenced: 0, missing: [] };
  const total = rows.size + unreferenced.length;

  async function write(key: string, data: Buffer, expected: { size_bytes: number; sha256: string }) {
    // A blob half-written by an interrupted run, or one that no longer matches, is replaced.
    await to.discard(key);
    await to.remove(key);
    const staged = await to.stage(Readable.from([data]), key);
    if (staged.size !== expected.size_bytes || staged.sha256 !== expected.sha256) {
      await to.discard(key);
      throw new Error(`the target stored ${key} with other bytes`);
    }
    await to.promote(key);
  }

  let done = 0;
  for (const row of rows.values()) {
    if (await readVerified(to, row)) result.present++;
    else {
      const data = await readVerified(from, row);
      if (!data) result.missing.push(row.storage_key);
      else {
        await write(row.storage_key, data, row);
        result.copied++;
      }
    }
    progress(++done, total);
  }
  for (const key of unreferenced) {
    const data = await from.read(key);
    const blob = { storage_key: key, size_bytes: data.length, sha256: sha256OfBuffer(data) };
    if (!(await readVerified(to, blob))) await write(key, data, blob);
    result.unreferenced++;
    progress(++done, total);
  }
  return result;
}
