import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createBackupRepository } from './backup.repository.ts';
import { writeBackup, type BackupDeps } from './backup.service.ts';

/** How often an instance looks whether a scheduled backup is due. */
const CHECK_MS = 10 * 60_000;
const ARCHIVE_NAME = /^medida-\d{8}T\d{6}Z\.tar\.gz$/;

export interface BackupScheduleOptions {
  backup: BackupDeps;
  driver: 'pglite' | 'postgres';
  dir: string;
  intervalMs: number;
  keep: number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  checkMs?: number;
}

/** `medida-20261129T213000Z.tar.gz`: sorts by time, and the schedule never touches a file not named so. */
export const scheduledArchiveName = (at: Date) =>
  `medida-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')}.tar.gz`;

async function archivesNewestFirst(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => ARCHIVE_NAME.test(n))
    .sort()
    .reverse();
}

/**
 * Scheduled backups (decision 225): every `checkMs` an instance looks at the newest archive in `dir`; when it is
 * older than the interval, it makes the next one and keeps the newest `keep`. With several instances `dir` is one
 * shared directory and a database lock lets one of them at a time make it (each checks the age again under the
 * lock); the embedded database has one instance. Returns a stop function that waits for a backup on its way.
 */
export function scheduleBackups(options: BackupScheduleOptions): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;

  const due = async () => {
    const [newest] = await archivesNewestFirst(options.dir);
    if (!newest) return true;
    const made = (await stat(path.join(options.dir, newest))).mtime.getTime();
    return options.backup.now().getTime() - made >= options.intervalMs;
  };

  async function makeOne() {
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    const file = path.join(options.dir, scheduledArchiveName(options.backup.now()));
    const summary = await writeBackup(options.backup, file);
    options.log.info({ file, bytes: summary.bytes, files: summary.manifest.files.length }, 'scheduled backup written');
    for (const old of (await archivesNewestFirst(options.dir)).slice(options.keep))
      await rm(path.join(options.dir, old), { force: true });
  }

  async function check() {
    if (!(await due())) return;
    // The embedded database has one session and one instance: no lock (a transaction held here would stop the
    // backup's own); on PostgreSQL the lock's transaction stays open while the backup runs on other connections.
    if (options.driver === 'pglite') return makeOne();
    await options.backup.db.transaction().execute(async (trx) => {
      if (!(await createBackupRepository(trx).tryLockScheduledBackup())) return;
      if (await due()) await makeOne();
    });
  }

  const timer = setInterval(() => {
    if (running || stopped) return;
    running = check()
      .catch((err: unknown) => options.log.error({ err }, 'scheduled backup failed'))
      .finally(() => (running = null));
  }, options.checkMs ?? CHECK_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
