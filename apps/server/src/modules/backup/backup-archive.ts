import { createHash } from 'node:crypto';
import type { SequenceValue } from '@medida/db';

/**
 * What a backup archive holds (decision 225), in the order it is written: `header.json` (what made it), each table's
 * rows as pages of JSON lines (`tables/<table>/<page>.jsonl`), each stored file (`files/<key>`), then
 * `manifest.json`: every table's row count and SHA-256, every sequence, every file's size and SHA-256. A restore
 * checks the whole archive against the manifest before it writes anything.
 */
export const ARCHIVE_FORMAT = 'medida-backup';
export const ARCHIVE_VERSION = 1;

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  created_at: string;
  /** The database it was read from: `pglite` or `postgres`. */
  source: string;
  /** The migrations the database had, oldest first: the restore builds the same schema before loading the rows. */
  migrations: string[];
}

export interface ArchiveManifest {
  tables: Record<string, { rows: number; sha256: string }>;
  sequences: SequenceValue[];
  files: { key: string; size: number; sha256: string }[];
}

export const entryNames = {
  header: 'header.json',
  manifest: 'manifest.json',
  page: (table: string, n: number) => `tables/${table}/${String(n).padStart(6, '0')}.jsonl`,
  file: (key: string) => `files/${key}`,
};

const PAGE = /^tables\/([a-z_][a-z0-9_]*)\/\d{6}\.jsonl$/;
const FILE = /^files\/([0-9a-f-]{36})$/;

/** Which table a page entry belongs to, which file a file entry is, or neither. */
export function entryKind(
  name: string,
): { kind: 'page'; table: string } | { kind: 'file'; key: string } | { kind: 'header' | 'manifest' | 'other' } {
  const page = PAGE.exec(name);
  if (page) return { kind: 'page', table: page[1]! };
  const file = FILE.exec(name);
  if (file) return { kind: 'file', key: file[1]! };
  if (name === entryNames.header) return { kind: 'header' };
  if (name === entryNames.manifest) return { kind: 'manifest' };
  return { kind: 'other' };
}

/** A page's JSON lines, one row each. */
export const pageLines = (data: Buffer): string[] => {
  const text = data.toString('utf8');
  return text.length === 0 ? [] : text.replace(/\n$/, '').split('\n');
};

/** A table's running count and SHA-256 over its rows' JSON lines, page after page. */
export function tableDigest() {
  const hash = createHash('sha256');
  let rows = 0;
  return {
    add(lines: string[]) {
      for (const line of lines) hash.update(`${line}\n`);
      rows += lines.length;
    },
    result: () => ({ rows, sha256: hash.digest('hex') }),
  };
}
