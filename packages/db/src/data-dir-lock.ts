import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The database directory ${dataDir} is in use by another running Medida process (pid ${pid}). ` +
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
 * One process at a time per PGlite data directory. Our lock file (`<dataDir>.lock`, beside the
 * directory so initdb still sees an empty folder) holds the owner's PID. A lock left by a dead
 * process (SIGKILL, power loss) is stale: we remove it together with PGlite's own
 * `postmaster.pid`, which PGlite would otherwise refuse to start over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        path: lockPath,
        release: () => rmSync(lockPath, { force: true }),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const ownerPid = Number.parseInt(readLockFile(lockPath), 10);
    if (Number.isInteger(ownerPid) && ownerPid > 0 && ownerPid !== process.pid && isAlive(ownerPid)) {
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
