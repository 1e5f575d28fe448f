import { parseArgs } from 'node:util';
import type { Database, Kysely } from '@medida/db';
import { BLOB_DRIVERS, type BlobDriver, type BlobsConfig } from '../config.ts';
import type { BlobStorage } from '../lib/storage.ts';
import { moveBlobs } from '../modules/blobs/blobs-move.service.ts';
import type { CliOutput } from './credits-cli.ts';

export const BLOBS_MOVE_USAGE = `Usage: npm run blobs:move -- --to disk|postgres|s3

Copies every stored file (attachments, avatars) from the store the configuration names now to another one, checks
each against its record, and tells what to set next. Stop the servers first; running it again is safe.`;

export function parseBlobsMoveArgs(argv: string[]): { ok: true; to: BlobDriver } | { ok: false; message: string } {
  let values: { to?: string | undefined };
  try {
    ({ values } = parseArgs({ args: argv, options: { to: { type: 'string' } }, strict: true }));
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const to = BLOB_DRIVERS.find((d) => d === values.to);
  return to ? { ok: true, to } : { ok: false, message: `Say where with --to ${BLOB_DRIVERS.join('|')}.` };
}

const NEXT: Record<BlobDriver, string> = {
  disk: 'BLOB_STORAGE=disk (files in DATA_DIR/uploads: one instance per DATA_DIR)',
  postgres: 'BLOB_STORAGE=postgres (the default with DATABASE_URL when S3_URL is unset)',
  s3: 'BLOB_STORAGE=s3 with S3_URL, S3_BUCKET and the credentials (the default when S3_URL is set)',
};

/** Runs a move between two opened stores; returns the process exit code. */
export async function runBlobsMove(
  a: { from: BlobsConfig; to: BlobsConfig; db: Kysely<Database>; stores: { from: BlobStorage; to: BlobStorage } },
  io: CliOutput,
): Promise<number> {
  if (a.from.driver === a.to.driver) {
    io.err(`The files are already in ${a.to.driver}: nothing to move.`);
    return 1;
  }
  io.out(`Moving files from ${a.from.driver} to ${a.to.driver}…`);
  const result = await moveBlobs({ db: a.db, ...a.stores }, (done, total) => {
    if (done % 500 === 0 || done === total) io.out(`  ${done} of ${total}`);
  });
  io.out(
    `Copied ${result.copied}, already there ${result.present}, without a record ${result.unreferenced}` +
      `, missing ${result.missing.length}.`,
  );
  if (result.missing.length > 0) {
    io.err(
      `These files are named by a record but missing or damaged in ${a.from.driver}; the move is not complete:\n` +
        result.missing.map((key) => `  ${key}`).join('\n'),
    );
    return 1;
  }
  io.out(`Every file is in ${a.to.driver}. Next, on every instance: set ${NEXT[a.to.driver]}, then restart.`);
  io.out(`The files in ${a.from.driver} are no longer read and can be deleted once the servers run on ${a.to.driver}.`);
  return 0;
}
