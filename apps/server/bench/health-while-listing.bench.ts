/**
 * Does HTTP stay responsive while the database works? The built server (`dist/server.js`, what `npm start`
 * runs) on an embedded data directory holding the demo account with the issue-11 tree under it
 * (10,000 clients, 100,000 evaluations): `/web/health` latency alone, then while 4 clients keep a list
 * request each in flight (page 1, page 100 by OFFSET, two prefix filters). Not a test: it prints the figures.
 * Run: npm run build -w @medida/server && npm run bench:health -w @medida/server
 * (BENCH_DATA_DIR keeps the seeded directory between runs; default: a directory in the temp folder.)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDb, DEMO_ACCOUNT, migrateToLatest, seedDemoData } from '@medida/db';
import { createPasswordHasher } from '../src/lib/passwords.ts';
import { seedBenchTree } from './bench-tree.ts';

const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'medida-bench-health');
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 10_000);
const LIST_QUERIES = ['page=1', 'page=100', 'filter_apellido=gonz', 'filter_nombre=ma'];

async function prepareDataDir() {
  const marker = path.join(dataDir, 'bench-seeded');
  if (existsSync(marker)) return;
  mkdirSync(dataDir, { recursive: true });
  const handle = await createDb({ pglite: { dataDir: path.join(dataDir, 'pgdata') } });
  try {
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, { hashPassword: createPasswordHasher().hash, now: () => new Date() });
    const demo = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_ACCOUNT.email)
      .executeTakeFirstOrThrow();
    const t0 = performance.now();
    await seedBenchTree(handle.db, demo);
    console.log(`seeded the demo account's tree in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
  writeFileSync(marker, new Date().toISOString());
}

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

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function timed(url: string, init?: RequestInit): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return performance.now() - start;
}

/** Sequential /web/health requests until `until`; latencies in ms. */
async function probeHealth(base: string, until: number): Promise<number[]> {
  const times: number[] = [];
  while (performance.now() < until) times.push(await timed(`${base}/web/health`));
  return times.sort((a, b) => a - b);
}

function summary(label: string, times: number[], seconds: number) {
  const sorted = [...times].sort((a, b) => a - b);
  return `| ${label} | ${(sorted.length / seconds).toFixed(1)} | ${pct(sorted, 50).toFixed(1)} | ${pct(sorted, 99).toFixed(1)} | ${(sorted.at(-1) ?? NaN).toFixed(1)} |`;
}

await prepareDataDir();
const port = await freePort();
const serverEntry = new URL('../dist/server.js', import.meta.url).pathname;
if (!existsSync(serverEntry)) throw new Error('dist/server.js is missing: npm run build -w @medida/server first');
const server = spawn(process.execPath, [serverEntry], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', SEED_DEMO: 'false' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/web/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error('the server did not answer within 60 s');
    await sleep(100);
  }
  const login = await fetch(`${base}/web/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { headers: { authorization: `Bearer ${token}` } };
  // Warm up (first queries plan and fill caches).
  for (const q of LIST_QUERIES) await timed(`${base}/web/listaevaluaciones?${q}`, auth);

  const seconds = PHASE_MS / 1000;
  const idle = await probeHealth(base, performance.now() + PHASE_MS);

  const until = performance.now() + PHASE_MS;
  const listTimes: number[] = [];
  const listers = LIST_QUERIES.map(async (q) => {
    while (performance.now() < until) listTimes.push(await timed(`${base}/web/listaevaluaciones?${q}`, auth));
  });
  const busy = await probeHealth(base, until);
  await Promise.all(listers);

  console.log(`\n/web/health on PGlite (${dataDir}), ${seconds} s per phase`);
  console.log('| phase | req/s | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|');
  console.log(summary('health alone', idle, seconds));
  console.log(summary('health, 4 lists in flight', busy, seconds));
  console.log(summary('the 4 list loops (all requests)', listTimes, seconds));
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
