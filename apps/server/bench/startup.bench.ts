/**
 * `npm start`'s server on an existing data directory: time from process start to the first `/web/health`
 * answer, and resident memory once idle (issue 11 item 6). Runs the built server (`dist/server.js`) with `npm
 * start`'s node flags (package.json) BENCH_RUNS times (default 3) and prints each run with the load average.
 * Not a test. Run: npm run build -w @medida/server && npm run bench:startup -w @medida/server
 * (BENCH_DATA_DIR: the data directory; default: a fresh one, migrated and seeded by a first, untimed start.)
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFlags } from './server-process.ts';

const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'medida-bench-startup');
const IDLE_MS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const serverEntry = new URL('../dist/server.js', import.meta.url).pathname;
if (!existsSync(serverEntry)) throw new Error('dist/server.js is missing: npm run build -w @medida/server first');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

async function startOnce(): Promise<{ firstAnswerMs: number; idleRssMb: number }> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, [...startFlags, serverEntry], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/web/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error('no answer within 120 s');
      await sleep(20);
    }
    const firstAnswerMs = performance.now() - started;
    await sleep(IDLE_MS);
    return { firstAnswerMs, idleRssMb: rssMb(server.pid!) };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

if (!existsSync(path.join(dataDir, 'pgdata'))) {
  const first = await startOnce();
  console.log(`first start (migrations, demo seed): ${(first.firstAnswerMs / 1000).toFixed(2)} s`);
}
console.log(`\nnpm start's server (node ${startFlags.join(' ')}) on the existing data directory ${dataDir}`);
console.log('| run | first answer s | idle RSS MB (after 10 s) | load average (1 min) |\n|---|---:|---:|---:|');
for (let run = 1; run <= RUNS; run++) {
  const { firstAnswerMs, idleRssMb } = await startOnce();
  console.log(
    `| ${run} | ${(firstAnswerMs / 1000).toFixed(2)} | ${idleRssMb.toFixed(0)} | ${loadavg()[0]!.toFixed(1)} |`,
  );
}
