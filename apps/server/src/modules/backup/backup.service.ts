import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  archivedTables,
  beginTableRestore,
  insertArchivedRows,
  appliedMigrations,
  holdsNoData,
  knownMigrations,
  migrateToLatest,
  migrateUpTo,
  restoreSequences,
  sequenceValues,
  readOnlySnapshot,
  tableCounts,
  tableRows,
  type Database,
  type Kysely,
} from '@medida/db';
import { readVerified, sha256OfBuffer, type BlobStorage } from '../../lib/storage.ts';
import { createTarGz, tarGzEntries } from '../../lib/tar-archive.ts';
import { storedBlobRows } from '../attachments/attachments.service.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  entryKind,
  entryNames,
  pageLines,
  tableDigest,
  type ArchiveHeader,
  type ArchiveManifest,
} from './backup-archive.ts';

/** A backup or restore refused for a reason its user can act on (printed as it is, exit 1). */
export class BackupError extends Error {}

export interface BackupDeps {
  db: Kysely<Database>;
  storage: BlobStorage;
  now: () => Date;
  /** Which database it reads (`pglite` or `postgres`), written in the header. */
  source: string;
  /**
   * Signs the audit chain heads (a checkpoint, decision 204) before the snapshot, so the archive's trail ends in a
   * signed checkpoint: without one, a trail restored from it has events no checkpoint vouches for.
   */
  signHeads?: () => Promise<unknown>;
}

/** How many times a backup is started again when a file was removed between its snapshot and its copy. */
const ATTEMPTS = 3;

export interface BackupSummary {
  header: ArchiveHeader;
  manifest: ArchiveManifest;
  bytes: number;
}

/**
 * Writes one consistent archive of the installation to `out` (decision 225): every table read in one REPEATABLE READ
 * snapshot while the server keeps running, then every stored file the snapshot's rows name, checked against the
 * row's size and SHA-256. A file removed after the snapshot (its attachment deleted meanwhile) starts the backup
 * again. The archive is written under a temporary name and renamed when complete: `out` is whole or absent.
 */
export async function writeBackup(deps: BackupDeps, out: string): Promise<BackupSummary> {
  if (await stat(out).catch(() => null)) throw new BackupError(`${out} exists: choose a new file name`);
  for (let attempt = 1; ; attempt++) {
    const partial = `${out}.${randomBytes(4).toString('hex')}.partial`;
    try {
      const summary = await writeArchive(deps, partial);
      await rename(partial, out);
      return summary;
    } catch (error) {
      await rm(partial, { force: true });
      if (!(error instanceof FileGoneError) || attempt === ATTEMPTS) throw error;
    }
  }
}

class FileGoneError extends BackupError {}

async function writeArchive(deps: BackupDeps, file: string): Promise<BackupSummary> {
  await deps.signHeads?.();
  const createdAt = deps.now();
  const archive = createTarGz(file, createdAt);
  try {
    const { header, manifest, blobs } = await deps.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await readOnlySnapshot(trx);
        const header: ArchiveHeader = {
          format: ARCHIVE_FORMAT,
          version: ARCHIVE_VERSION,
          created_at: createdAt.toISOString(),
          source: deps.source,
          migrations: await appliedMigrations(trx),
        };
        await archive.add(entryNames.header, Buffer.from(JSON.stringify(header, null, 2)));
        const manifest: ArchiveManifest = { tables: {}, sequences: [], files: [] };
        for (const table of await archivedTables(trx)) {
          const digest = tableDigest();
          let page = 0;
          for await (const lines of tableRows(trx, table.name)) {
            digest.add(lines);
            await archive.add(entryNames.page(table.name, ++page), Buffer.from(`${lines.join('\n')}\n`));
          }
          manifest.tables[table.name] = digest.result();
        }
        // Read after the rows: a sequence is never behind an id the snapshot holds.
        manifest.sequences = await sequenceValues(trx);
        return { header, manifest, blobs: await storedBlobRows(trx) };
      });
    // The files after the snapshot's transaction: on the embedded database a file store in it would wait for it.
    const seen = new Set<string>();
    for (const blob of blobs) {
      if (seen.has(blob.storage_key)) continue;
      seen.add(blob.storage_key);
      const data = await readVerified(deps.storage, blob);
      if (!data) throw new FileGoneError(`file ${blob.storage_key} is missing or does not match its row`);
      await archive.add(entryNames.file(blob.storage_key), data);
      manifest.files.push({ key: blob.storage_key, size: data.length, sha256: blob.sha256 });
    }
    await archive.add(entryNames.manifest, Buffer.from(JSON.stringify(manifest, null, 2)));
    await archive.finish();
    return { header, manifest, bytes: (await stat(file)).size };
  } catch (error) {
    archive.abort();
    throw error;
  }
}

/**
 * Reads the whole archive and compares it with its manifest: every table's rows (count and SHA-256), every file
 * (size and SHA-256), nothing more and nothing less. Returns the header and manifest, or throws naming each problem.
 */
async function checkArchive(file: string): Promise<{ header: ArchiveHeader; manifest: ArchiveManifest }> {
  let header: ArchiveHeader | undefined;
  let manifest: ArchiveManifest | undefined;
  const digests = new Map<string, ReturnType<typeof tableDigest>>();
  const files = new Map<string, { size: number; sha256: string }>();
  const problems: string[] = [];
  try {
    for await (const entry of tarGzEntries(file)) {
      const kind = entryKind(entry.name);
      if (kind.kind === 'header') header = JSON.parse(entry.data.toString('utf8')) as ArchiveHeader;
      else if (kind.kind === 'manifest') manifest = JSON.parse(entry.data.toString('utf8')) as ArchiveManifest;
      else if (kind.kind === 'page') {
        const digest = digests.get(kind.table) ?? tableDigest();
        digests.set(kind.table, digest);
        digest.add(pageLines(entry.data));
      } else if (kind.kind === 'file')
        files.set(kind.key, { size: entry.data.length, sha256: sha256OfBuffer(entry.data) });
      else problems.push(`unexpected entry ${entry.name}`);
    }
  } catch (error) {
    throw new BackupError(
      `${file} is not a readable backup: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (header?.format !== ARCHIVE_FORMAT) throw new BackupError(`${file} is not a Medida backup (no header)`);
  if (header.version !== ARCHIVE_VERSION) throw new BackupError(`backup format ${header.version} is not known here`);
  if (!manifest) throw new BackupError(`${file} has no manifest: the backup did not finish`);
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const found = digests.get(table)?.result() ?? tableDigest().result();
    if (found.rows !== expected.rows)
      problems.push(`table ${table}: ${found.rows} rows, the manifest says ${expected.rows}`);
    else if (found.sha256 !== expected.sha256) problems.push(`table ${table}: its rows differ from the manifest's`);
  }
  for (const table of digests.keys())
    if (!(table in manifest.tables)) problems.push(`table ${table} is not in the manifest`);
  for (const expected of manifest.files) {
    const found = files.get(expected.key);
    if (!found) problems.push(`file ${expected.key} is missing`);
    else if (found.size !== expected.size || found.sha256 !== expected.sha256)
      problems.push(`file ${expected.key} differs from the manifest`);
    files.delete(expected.key);
  }
  for (const key of files.keys()) problems.push(`file ${key} is not in the manifest`);
  if (problems.length > 0) throw new BackupError(`${file} does not match its manifest:\n  ${problems.join('\n  ')}`);
  return { header, manifest };
}

export interface RestoreSummary {
  header: ArchiveHeader;
  tables: number;
  rows: number;
  files: number;
}

/**
 * Restores an archive into an empty database and an empty file store (decision 225): the archive is checked whole
 * first; then the schema of the archive's migrations is built, the files are staged, the rows written in one
 * transaction with triggers off (copies, not new events) and counted, the files made permanent, and the
 * migrations this code has beyond the archive's applied. A failure leaves the database without rows and no file.
 */
export async function restoreBackup(
  deps: { db: Kysely<Database>; storage: BlobStorage },
  file: string,
): Promise<RestoreSummary> {
  const { header, manifest } = await checkArchive(file);
  const { db } = deps;
  const unknown = header.migrations.filter((name) => !knownMigrations().includes(name));
  if (unknown.length > 0)
    throw new BackupError(`the backup was made by a newer Medida (migrations ${unknown.join(', ')}): update first`);
  if (!(await holdsNoData(db))) throw new BackupError('the target database holds data: restore into an empty one');
  const beyond = (await appliedMigrations(db)).filter((name) => !header.migrations.includes(name));
  if (beyond.length > 0)
    throw new BackupError(
      `the target database has migrations the backup lacks (${beyond.join(', ')}): use an empty one`,
    );

  const last = header.migrations.at(-1);
  if (last) await migrateUpTo(db, last);
  // After the schema: a file store in the database has its tables only now.
  if ((await deps.storage.keys()).length > 0) throw new BackupError('the target file store is not empty');
  const tables = new Map((await archivedTables(db)).map((t) => [t.name, t]));
  const missingTables = Object.keys(manifest.tables).filter((name) => !tables.has(name));
  if (missingTables.length > 0) throw new BackupError(`tables ${missingTables.join(', ')} do not exist here`);

  const staged: string[] = [];
  try {
    for await (const entry of tarGzEntries(file)) {
      const kind = entryKind(entry.name);
      if (kind.kind !== 'file') continue;
      await deps.storage.stage(Readable.from([entry.data]), kind.key);
      staged.push(kind.key);
    }
    await db.transaction().execute(async (trx) => {
      await beginTableRestore(trx, [...tables.keys()]);
      for await (const entry of tarGzEntries(file)) {
        const kind = entryKind(entry.name);
        if (kind.kind === 'page') await insertArchivedRows(trx, tables.get(kind.table)!, pageLines(entry.data));
      }
      await restoreSequences(trx, manifest.sequences);
      const counts = await tableCounts(trx, Object.keys(manifest.tables));
      const wrong = Object.entries(manifest.tables).filter(([name, t]) => counts[name] !== t.rows);
      if (wrong.length > 0)
        throw new BackupError(
          `restored counts differ: ${wrong.map(([n, t]) => `${n} ${counts[n]}/${t.rows}`).join(', ')}`,
        );
    });
    for (const key of staged) await deps.storage.promote(key);
  } catch (error) {
    await Promise.all(staged.map((key) => deps.storage.discard(key)));
    throw error;
  }
  await migrateToLatest(db);
  return {
    header,
    tables: Object.keys(manifest.tables).length,
    rows: Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0),
    files: manifest.files.length,
  };
}
