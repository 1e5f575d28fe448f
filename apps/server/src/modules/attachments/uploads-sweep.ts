import type { Database, Kysely } from '@medida/db';
import { HOUR } from '../../lib/clock.ts';
import type { BlobStorage } from '../../lib/storage.ts';
import { createAttachmentsRepository } from './attachments.repository.ts';

/** Keys per query: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

/**
 * On a store several instances share, what the sweep leaves alone: an upload staged or a blob promoted less than
 * this long ago may be another instance's request still running (the request timeout is at most an hour).
 */
export const SHARED_STORE_SAFE_AGE_MS = HOUR;

/**
 * At start-up, before the first request (decision 144): a process killed during an upload leaves staged files
 * in `uploads/tmp`, and one killed between a blob's promotion and its transaction's commit leaves a blob no row
 * names. Both go; a blob a row names is never touched. Without `before`, only safe while no other process writes to
 * this store, which the server's uploads lock guarantees on disk; on a shared store (decision 221) only what was
 * staged or promoted before `before` goes.
 */
export async function sweepUploads(db: Kysely<Database>, storage: BlobStorage, before?: Date) {
  const staged = await storage.clearStaged(before);
  const keys = await storage.keys(before);
  const repo = createAttachmentsRepository(db);
  let orphans = 0;
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const referenced = await repo.referencedKeys(chunk);
    const unreferenced = chunk.filter((key) => !referenced.has(key));
    await Promise.all(unreferenced.map((key) => storage.remove(key)));
    orphans += unreferenced.length;
  }
  return { staged, orphans, kept: keys.length - orphans };
}
