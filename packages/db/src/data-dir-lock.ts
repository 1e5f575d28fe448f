import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    const command = processCommand(pid);
    super(
      `The database directory ${dataDir} is in use by another running Medida process (pid ${pid}${command ? `: ${command}` : ''}). ` +
        'Stop that process first, or point DATA_DIR at another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process started (Linux: clock ticks since boot, field 22 of /proc/<pid>/stat), or '' where there is no
 * /proc. PIDs are reused (32,768 of them by default), so a PID alone can name a later, unrelated process.
 */
export function processStartTime(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the parenthesised name, which may itself hold spaces: state is field 3, starttime field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

/** The process's command line (Linux), shortened, so a person can tell which process holds the lock; else ''. */
function processCommand(pid: number): string {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return command.length > 100 ? `${command.slice(0, 99)}…` : command;
  } catch {
    return '';
  }
}

/** Whether the lock's owner still runs: its PID is alive and, where both are known, started when the lock says. */
function ownerRuns(pid: number, startedAt: string): boolean {
  if (!isAlive(pid)) return false;
  const now = processStartTime(pid);
  return startedAt === '' || now === '' || now === startedAt;
}

/**
 * One process at a time per PGlite data directory. Our lock file (`<dataDir>.lock`, beside the
 * directory so initdb still sees an empty folder) holds the owner's PID and start time. A lock left by a dead
 * process (SIGKILL, power loss) is stale, also when its PID now belongs to another process: we remove it
 * together with PGlite's own `postmaster.pid`, which PGlite would otherwise refuse to start over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, `${process.pid} ${processStartTime(process.pid)}`.trim());
      closeSync(fd);
      return {
        path: lockPath,
        release: () => rmSync(lockPath, { force: true }),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const [pidText = '', startedAt = ''] = readLockFile(lockPath).split(' ');
    const ownerPid = Number.parseInt(pidText, 10);
    if (Number.isInteger(ownerPid) && ownerPid > 0 && ownerPid !== process.pid && ownerRuns(ownerPid, startedAt)) {
      throw new DataDirLockedError(dataDir, ownerPid);
    }
    // Stale (or unreadable, or a previous open of our own that was never released).
    rmSync(join(dataDir, 'postmaster.pid'), { force: true });
    rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not acquire the lock file ${lockPath}`);
}

function readLockFile(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}
