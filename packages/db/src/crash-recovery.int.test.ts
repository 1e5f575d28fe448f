import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './create-db.ts';
import { DataDirLockedError, processStartTime } from './data-dir-lock.ts';

const writerScript = fileURLToPath(new URL('./test/crash-writer.ts', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'medida-crash-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function startWriter(dataDir: string): { child: ChildProcess; acked: number[]; waitForAcks(n: number): Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', writerScript, dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acked: number[] = [];
  let buffer = '';
  let stderr = '';
  const waiters: Array<() => void> = [];
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) if (line.startsWith('ack ')) acked.push(Number(line.slice(4)));
    waiters.forEach((w) => w());
  });
  const waitForAcks = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => acked.length >= n && resolve();
      waiters.push(check);
      child.once('exit', (code) => reject(new Error(`writer exited early (${code}): ${stderr}`)));
      check();
    });
  return { child, acked, waitForAcks };
}

// The embedded database only: `npm test` runs it; the PostgreSQL pass (DATABASE_URL) would repeat it as it is.
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite crash safety', () => {
  it('keeps every acknowledged write after SIGKILL mid-write, and the next open clears the stale lock', async () => {
    const dataDir = join(workDir, 'pgdata');
    const writer = startWriter(dataDir);
    await writer.waitForAcks(40);
    const exited = new Promise((resolve) => writer.child.once('exit', resolve));
    writer.child.kill('SIGKILL');
    await exited;
    const acked = [...writer.acked];

    // The killed process left both lock files behind.
    expect(existsSync(`${dataDir}.lock`)).toBe(true);

    const handle = await createDb({ pglite: { dataDir } });
    try {
      const { rows } = await sql<{ id: number }>`SELECT id FROM crash_log`.execute(handle.db);
      const stored = new Set(rows.map((r) => r.id));
      const lost = acked.filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
      // Still writable after recovery.
      await sql`INSERT INTO crash_log (label) VALUES ('after-crash')`.execute(handle.db);
    } finally {
      await handle.close();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  }, 120_000);

  it('refuses to open a data directory held by a live process, with a clear message', async () => {
    const dataDir = join(workDir, 'held');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(`${dataDir}.lock`, String(holder.pid));
      const attempt = createDb({ pglite: { dataDir } });
      await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(attempt).rejects.toThrow(/in use by another running Medida process \(pid \d+/);
      // Where /proc tells, the holder's command line too, so a person can tell which process it is.
      if (existsSync('/proc/self/cmdline')) await expect(attempt).rejects.toThrow(/\(pid \d+: \S*node -e setTimeout/);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  // PIDs are reused: a lock whose PID now names another process (started after the lock was written) is stale.
  it.runIf(existsSync('/proc/self/stat'))('takes over a lock whose PID now belongs to another process', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => holder.once('spawn', resolve));
      const started = processStartTime(holder.pid!);
      expect(started).toMatch(/^\d+$/);
      const held = join(workDir, 'held-by-its-owner');
      writeFileSync(`${held}.lock`, `${holder.pid} ${started}`);
      await expect(createDb({ pglite: { dataDir: held } })).rejects.toBeInstanceOf(DataDirLockedError);

      const reused = join(workDir, 'pid-reused');
      writeFileSync(`${reused}.lock`, `${holder.pid} ${Number(started) - 1}`);
      const handle = await createDb({ pglite: { dataDir: reused } });
      expect(readFileSync(`${reused}.lock`, 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
      await handle.close();
      expect(existsSync(`${reused}.lock`)).toBe(false);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
