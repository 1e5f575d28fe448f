/**
 * The compiled server (`dist/server.js`, what `npm start` runs) in its own process, for the benches and the
 * fault suite (src/trust/faults.int.test.ts): its memory and CPU are its own, and a PGlite data directory is held
 * by it alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Builds dist/ from the current sources (esbuild, a few seconds). */
/** The node flags `npm start` passes (apps/server/package.json, decision 165): benches measure what is deployed. */
export const startFlags = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((arg) => arg.startsWith('--'));

export async function buildServer() {
  await import('../build.ts');
}

const listenable = (port: number): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => {
      const { port: bound } = probe.address() as { port: number };
      probe.close(() => resolve(bound));
    });
  });

/**
 * A port nothing listens on: any the system gives, or with BENCH_PORTS=4300-4399 one of that range (engineers
 * sharing the machine each keep to their own range).
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return listenable(0);
  const [first, last] = [Number(range[1]), Number(range[2])];
  const offset = Math.floor(Math.random() * (last - first + 1));
  for (let i = 0; i <= last - first; i++) {
    const port = first + ((offset + i) % (last - first + 1));
    try {
      return await listenable(port);
    } catch {
      // taken: try the next one
    }
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

/** Polls `/web/health` every 20 ms until it answers 2xx; throws if `child` exits first or after 120 s. */
async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/web/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not answer /web/health within 120 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * `npm start` as a user types it, at the repository's root (decision 211: it builds only changed sources): the
 * milliseconds from the command to the first answer on /web/health. The command's process group is stopped after.
 */
export async function timeNpmStart(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: path.resolve(serverRoot, '../..'),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child);
    return performance.now() - spawnedAt;
  } finally {
    // A start that failed has already exited: its own error, not the stop's ESRCH, is the one to report.
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
    // npm exits at once; the server it started closes its database after it. The next start waits for the group.
    await groupGone(child.pid!);
  }
}

/** Resolves once no process of the group is left (the server under npm included); throws after 60 s. */
async function groupGone(groupId: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      process.kill(-groupId, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`process group ${groupId} still running 60 s after SIGTERM`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface ServerProcess {
  url: string;
  /** From spawning the process to its first answer on /web/health. */
  readyMs: number;
  child: ChildProcess;
  rssMb(): number;
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/**
 * The compiled server in its own process, as `npm start` runs it. Without a DATA_DIR it gets a temporary one of its
 * own, removed on stop: two instances on one PostgreSQL may not share an uploads directory (the second refuses to
 * start).
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const ownDataDir = env.DATA_DIR ? null : mkdtempSync(path.join(tmpdir(), 'medida-bench-server-'));
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...startFlags, 'dist/server.js'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      API_DOCS: 'false',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A server that never answers leaves no temporary directory behind either.
  const removeOwnDataDir = () => ownDataDir && rmSync(ownDataDir, { recursive: true, force: true });
  void exited.then(removeOwnDataDir);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  const readyMs = performance.now() - spawnedAt;
  const ticks = 100; // USER_HZ on Linux
  return {
    url,
    readyMs,
    child,
    rssMb: () => {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : NaN;
    },
    cpuSeconds: () => {
      // utime and stime are fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name).
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / ticks;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
