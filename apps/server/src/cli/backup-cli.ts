import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DataDirLockedError } from '@medida/db';
import { BLOB_DRIVERS, type BlobDriver, type Config } from '../config.ts';
import { askServer } from '../lib/control-socket.ts';
import { openDatabase } from '../lib/open-database.ts';
import { serverKey } from '../lib/server-keys.ts';
import { readVerified } from '../lib/storage.ts';
import { storedBlobRows } from '../modules/attachments/attachments.service.ts';
import { verifyAuditTrail } from '../modules/audit/audit-verify.ts';
import { BackupError, restoreBackup, writeBackup, type BackupSummary } from '../modules/backup/backup.service.ts';
import { createBlobStorage } from '../modules/blobs/blobs.service.ts';
import { backupDepsFor, controlSocketPath } from '../modules/backup/backup-duties.ts';
import type { CliOutput } from './credits-cli.ts';

export const BACKUP_USAGE = `Usage: npm run backup -- --out FILE

Writes one archive (a .tar.gz: every table, every stored file, a manifest of counts and SHA-256 hashes) of the
configured installation (DATABASE_URL, else DATA_DIR) while its server runs. FILE must not exist.`;

export const RESTORE_USAGE = `Usage: npm run restore -- FILE [--new-key]

Restores an archive of npm run backup into the configured installation, whose database and file store must be
empty (a new DATA_DIR, or a new DATABASE_URL database). The server key (SECRET_KEY, or DATA_DIR/secret.key) must be
the one of the installation the archive was made on; --new-key restores without it (two-step sign-in must then be
set up again and the audit checkpoints no longer verify).`;

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Node's parseArgs, strict, with its complaint as the message. */
function parsed<T>(read: () => Parsed<T>): Parsed<T> {
  try {
    return read();
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export const parseBackupArgs = (argv: string[], cwd: string): Parsed<{ out: string }> =>
  parsed(() => {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { out: { type: 'string' } },
      strict: true,
      allowPositionals: true,
    });
    return values.out && positionals.length === 0
      ? { ok: true, value: { out: path.resolve(cwd, values.out) } }
      : { ok: false, message: 'Say where with --out FILE.' };
  });

export const parseRestoreArgs = (argv: string[], cwd: string): Parsed<{ file: string; newKey: boolean }> =>
  parsed(() => {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { 'new-key': { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    });
    return positionals.length === 1
      ? { ok: true, value: { file: path.resolve(cwd, positionals[0]!), newKey: values['new-key'] === true } }
      : { ok: false, message: 'Name one archive to restore.' };
  });

export const MOVE_USAGE = `Usage: npm run db:move -- --to postgres://user:password@host:5432/database [--files postgres|s3|disk]

Copies this embedded installation (DATA_DIR: its database and its files) into an empty PostgreSQL database and the
chosen file store (default: postgres; s3 takes the S3_* settings), checks every row count, file hash and audit
chain there, and says what to set next. Stop the server first: nothing written after the copy would move.`;

export const parseMoveArgs = (argv: string[]): Parsed<{ to: string; files: BlobDriver }> =>
  parsed(() => {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { to: { type: 'string' }, files: { type: 'string' } },
      strict: true,
      allowPositionals: true,
    });
    if (!values.to || !/^postgres(ql)?:\/\//.test(values.to) || positionals.length > 0)
      return { ok: false, message: 'Say where with --to postgres://…' };
    const files = BLOB_DRIVERS.find((d) => d === (values.files ?? 'postgres'));
    return files
      ? { ok: true, value: { to: values.to, files } }
      : { ok: false, message: `--files takes ${BLOB_DRIVERS.join('|')}` };
  });

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

function printBackup(out: string, summary: BackupSummary, io: CliOutput) {
  const tables = Object.values(summary.manifest.tables);
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  io.out(
    `Backup written to ${out} (${mb(summary.bytes)}): ${tables.length} tables, ${rows} rows, ` +
      `${summary.manifest.files.length} files, made ${summary.header.created_at}.`,
  );
  io.out('Keep the server key (SECRET_KEY, or DATA_DIR/secret.key) apart from it: a restore needs both.');
}

/**
 * A backup of the configured installation. With the embedded database held by a running server, that server
 * writes it (its control socket); otherwise this process reads the database itself.
 */
export async function runBackup(out: string, config: Config, io: CliOutput): Promise<number> {
  let handle;
  try {
    handle = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    io.out(`The server running on ${config.dataDir} writes the backup…`);
    const answer = await askServer(controlSocketPath(config.dataDir), { command: 'backup', out });
    if (!answer.ok) {
      io.err(`Backup failed: ${answer.error}`);
      return 1;
    }
    printBackup(out, answer.result as BackupSummary, io);
    return 0;
  }
  try {
    const storage = await createBlobStorage(config.blobs, handle.db);
    printBackup(out, await writeBackup(backupDepsFor(handle, storage, config), out), io);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    io.err(`Backup failed: ${error.message}`);
    return 1;
  } finally {
    await handle.close();
  }
}

/** A restore into the configured, empty installation, then the checks `audit:verify` makes and every file's hash. */
export async function runRestore(
  args: { file: string; newKey: boolean },
  config: Config,
  io: CliOutput,
): Promise<number> {
  if (!config.secretKey && !existsSync(path.join(config.dataDir, 'secret.key')) && !args.newKey) {
    io.err(
      `No server key here: set SECRET_KEY, or copy secret.key from the installation the backup was made on into ` +
        `${config.dataDir}. Without it add --new-key (two-step sign-in must then be set up again).`,
    );
    return 1;
  }
  const handle = await openDatabase(config);
  try {
    const storage = await createBlobStorage(config.blobs, handle.db);
    io.out(`Checking ${args.file}…`);
    const summary = await restoreBackup({ db: handle.db, storage }, args.file);
    io.out(
      `Restored ${summary.rows} rows of ${summary.tables} tables and ${summary.files} files ` +
        `(backup of ${summary.header.created_at}, from ${summary.header.source}).`,
    );
    const blobs = await storedBlobRows(handle.db);
    const damaged = [];
    for (const blob of blobs) if (!(await readVerified(storage, blob))) damaged.push(blob.storage_key);
    const audit = await verifyAuditTrail(handle.db, {
      key: serverKey(config, 'audit-checkpoint'),
      intervalMs: config.auditCheckpointMs,
      now: new Date(),
    });
    const problems = [...audit.problems, ...(audit.checkpoints?.problems ?? [])];
    io.out(`Files: ${blobs.length - damaged.length} of ${blobs.length} match their records.`);
    io.out(`Audit trail: ${audit.rows} events in ${audit.accounts} chains, ${problems.length} problems.`);
    for (const key of damaged) io.err(`  file ${key} is missing or does not match its record`);
    for (const p of problems) io.err(`  audit: ${JSON.stringify(p)}`);
    if (damaged.length > 0 || (problems.length > 0 && !args.newKey)) {
      io.err('The restored installation does not verify: run npm run audit:verify for the details.');
      return 1;
    }
    io.out('Start the server as usual (npm start); npm run audit:verify checks the trail again at any time.');
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    io.err(`Restore refused: ${error.message}`);
    return 1;
  } finally {
    await handle.close();
  }
}

/**
 * The move from the embedded database to PostgreSQL (issue 34 item 5, decision 225): a backup of the stopped
 * embedded installation, kept in DATA_DIR, restored into the empty target, where the restore checks rows, files and
 * audit chains. `target` is the configuration the installation will run with (DATABASE_URL, the file store).
 */
export async function runMove(config: Config, target: Config, io: CliOutput): Promise<number> {
  if (config.databaseUrl) {
    io.err('This installation already runs on PostgreSQL (DATABASE_URL is set): nothing to move.');
    return 1;
  }
  let handle;
  try {
    handle = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    io.err(`The server still runs on ${config.dataDir}: stop it first, then move.`);
    return 1;
  }
  const archive = path.join(config.dataDir, `moved-${new Date().toISOString().replace(/[-:.]/g, '')}.tar.gz`);
  try {
    const storage = await createBlobStorage(config.blobs, handle.db);
    printBackup(archive, await writeBackup(backupDepsFor(handle, storage, config), archive), io);
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    io.err(`Move stopped, nothing was written to PostgreSQL: ${error.message}`);
    return 1;
  } finally {
    await handle.close();
  }
  const restored = await runRestore({ file: archive, newKey: false }, target, io);
  if (restored !== 0) return restored;
  const key = config.secretKey
    ? 'the SECRET_KEY you use now'
    : `SECRET_KEY=$(cat ${path.join(config.dataDir, 'secret.key')})`;
  io.out(
    `Moved. Next, for every instance: DATABASE_URL=<the address you gave>, ${key}, BLOB_STORAGE=${target.blobs.driver}` +
      `, then start it. ${archive} is a backup of the embedded installation; keep ${config.dataDir} until the new one runs.`,
  );
  return 0;
}
