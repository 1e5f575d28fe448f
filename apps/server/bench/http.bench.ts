/**
 * HTTP bench of issue 11's server targets, against the compiled server (`dist/server.js`, what `npm start`
 * runs) in its own process, on PGlite (a data directory) and, with DATABASE_URL, on PostgreSQL, in one run:
 *
 * 1. Read routes' requests per second at 10 connections, each as a ratio of `/web/health`'s in the same
 *    round (issue 33's targets: ≥ 30 % on PGlite, ≥ 40 % on PostgreSQL); medians of interleaved rounds. The
 *    professional's routes as the account's owner, the portal's as the client's own session.
 * 2. The writes of issue 33 item 3 (create a client, create an evaluation, move credits), the same way, all as
 *    the account's owner: one account's writers, who queue on its audit chain and data version (decision 219).
 * 3. `/web/health` latency (p50/p99) while 4 evaluation lists and 2 PDF reports are requested without
 *    pause (target p99 < 50 ms).
 * 4. PGlite only: `npm start` on the existing data directory: time from spawning the process to the first
 *    answer, and the RSS after 5 s idle (targets < 3 s, < 300 MB).
 *
 * The account is the list bench's (10,000 clients, 100,000 evaluations) plus one client with one evaluation
 * stored through the evaluations service (a real engine result, for getevaluacion and the report), a session
 * of that client's own, a room of 40 messages between it and the owner, and a network professional of the owner's
 * (the credits' receiver).
 *
 *   npx tsx bench/http.bench.ts    (HTTP_BENCH_SECONDS per route and round, default 3; HTTP_BENCH_ROUNDS, default 3;
 *   HTTP_BENCH_ONLY: a comma-separated list of parts; postgres skips the PGlite half, reads, writes and ratios (both)
 *   run those tables alone, e.g. HTTP_BENCH_ONLY=postgres,writes)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb, migrateToLatest } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { seedBenchAccount, type BenchAccount } from './bench-account.ts';
import { evaluationBody } from '../src/test/evaluation-factories.ts';
import { clientBody } from '../src/test/people-factories.ts';
import { closeConnections, ratioTable, request, type RatioRoute, type RouteRatio } from './route-ratios.ts';
import { buildServer, timeNpmStart, startServer, type ServerProcess } from './server-process.ts';

const SECONDS = Number(process.env.HTTP_BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.HTTP_BENCH_ROUNDS ?? 3);
const ONLY = new Set((process.env.HTTP_BENCH_ONLY ?? '').split(',').filter(Boolean));
/** The route tables alone: no health under load, no start-up figures. */
const tables = ['reads', 'writes', 'ratios'].some((t) => ONLY.has(t));

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const ratioOptions = { seconds: SECONDS, rounds: ROUNDS };

function readRatios(label: string, server: ServerProcess, f: BenchAccount) {
  const auth = { authorization: `Bearer ${f.token}` };
  const client = { authorization: `Bearer ${f.clientToken}` };
  const get = (name: string, path: string, headers = auth): RatioRoute => ({ name, path, headers });
  return ratioTable(
    `${label}: read routes`,
    server.url,
    [
      get('authenticate/user', '/web/authenticate/user'),
      get('getMyClients', `/web/getMyClients?type=2&parent_user_id=${f.ownerId}`),
      get('listaevaluaciones', '/web/listaevaluaciones?page=1&limit=20'),
      get('getevaluacion', `/web/getevaluacion?evaluationID=${f.evaluationId}`),
      get('getdash', '/web/getdash'),
      { name: 'getUserChatRooms', path: '/web/getUserChatRooms', headers: auth, body: () => '{}' },
      get('chat/messages', `/web/chat/messages?room_id=${f.roomId}&limit=30`),
      get('portal/professional (client)', '/web/portal/professional', client),
      get('portal/evaluations (client)', '/web/portal/evaluations', client),
    ],
    ratioOptions,
  );
}

/** Issue 33 item 3: the three writes it names, all as the account's owner (one account's writers together). */
function writeRatios(label: string, server: ServerProcess, f: BenchAccount) {
  const headers = { authorization: `Bearer ${f.token}` };
  let n = 0;
  return ratioTable(
    `${label}: writes of one account`,
    server.url,
    [
      {
        name: 'create_user (a client)',
        path: '/web/create_user',
        headers,
        body: () => JSON.stringify(clientBody(f.places, f.ownerId)),
      },
      {
        name: 'ingresaevaluacion',
        path: '/web/ingresaevaluacion',
        headers,
        body: () => JSON.stringify(evaluationBody(f.clientId, f.ownerId)),
      },
      {
        name: 'cambiacreditosnew',
        path: '/web/cambiacreditosnew',
        headers,
        // Sets the colleague's balance: a value never set before, so every request moves credits.
        body: () => JSON.stringify({ user_id: f.colleagueId, id_usuario: f.ownerId, creditos: 1 + n++ }),
      },
    ],
    ratioOptions,
  );
}

/** /web/health one request at a time while 4 lists and 2 reports are requested back to back. */
async function healthUnderLoad(label: string, server: ServerProcess, f: BenchAccount) {
  const auth = { authorization: `Bearer ${f.token}` };
  const seconds = Math.max(SECONDS * 3, 10);
  const end = performance.now() + seconds * 1000;
  const counts = { lists: 0, reports: 0, limited: 0 };
  const loop = async (url: string, key: 'lists' | 'reports') => {
    while (performance.now() < end) {
      const status = await request(url, auth);
      // Report downloads are limited per user (30 a minute, issue 10): a refused one waits and tries again.
      if (key === 'reports' && status === 429) {
        counts.limited++;
        await new Promise((r) => setTimeout(r, 250));
        continue;
      }
      if (status !== 200) throw new Error(`${url} answered ${status}`);
      counts[key]++;
    }
  };
  const latencies: number[] = [];
  const probe = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      await request(`${server.url}/web/health`, {});
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await Promise.all([
    ...Array.from({ length: 4 }, (_, i) =>
      loop(`${server.url}/web/listaevaluaciones?page=${1 + i * 50}&limit=20`, 'lists'),
    ),
    ...Array.from({ length: 2 }, () => loop(`${server.url}/web/evaluations/${f.evaluationId}/report.pdf`, 'reports')),
    probe(),
  ]);
  latencies.sort((a, b) => a - b);
  const p99 = pct(latencies, 99);
  console.log(
    `\n${label}: /web/health while 4 lists and 2 reports run (${seconds} s; ${counts.lists} lists, ${counts.reports} reports done, ${counts.limited} refused by the download limit): ` +
      `${latencies.length} probes, p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
  );
  return p99;
}

/** The closing summary's first line: `npm run quality` shows the output from it on (tools/quality/steps.ts). */
const HTTP_SUMMARY_HEADING = 'Summary: each route as a share of /web/health';
const HEALTH = '/web/health';

/** Issue 33's targets as % of /web/health, PGlite then PostgreSQL: reads ≥ 30 / 40 %, writes twice its figures. */
type Target = readonly [pglite: number, postgres: number];
const READ_TARGET: Target = [30, 40];
const WRITE_TARGETS: Record<string, Target> = {
  'create_user (a client)': [3.8, 6.0],
  ingresaevaluacion: [2.6, 3.6],
  cambiacreditosnew: [7.4, 11.8],
};
function writeTarget(name: string): Target {
  const target = WRITE_TARGETS[name];
  if (!target) throw new Error(`no target for the write ${name}`);
  return target;
}

/** A summary row: a route's medians and its target (none for /web/health, the measure of its rounds). */
type SummaryRow = RouteRatio & { target?: Target };

/** What one database gave, for the closing summary. */
interface DatabaseFigures {
  database: string;
  rows: Map<string, SummaryRow>;
  healthP99Ms?: number;
  load: string;
}
const figures: DatabaseFigures[] = [];

async function run(database: string, label: string, server: ServerProcess, f: BenchAccount) {
  const load = loadavg()[0]!;
  const rows = new Map<string, SummaryRow>();
  // Each table's ratios are to /web/health in its own rounds: the summary names both health rows.
  const add = (table: Map<string, RouteRatio>, rounds: string, targetOf: (name: string) => Target) =>
    table.forEach((value, name) =>
      rows.set(name === HEALTH ? `${HEALTH} (${rounds})` : name, {
        ...value,
        target: name === HEALTH ? undefined : targetOf(name),
      }),
    );
  if (!tables || ONLY.has('reads') || ONLY.has('ratios'))
    add(await readRatios(label, server, f), "reads' rounds", () => READ_TARGET);
  if (!tables || ONLY.has('writes') || ONLY.has('ratios'))
    add(await writeRatios(label, server, f), "writes' rounds", writeTarget);
  const healthP99Ms = tables ? undefined : await healthUnderLoad(label, server, f);
  const loads = `${load.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`;
  console.log(`(load average, 1 min: ${loads})`);
  figures.push({ database, rows, healthP99Ms, load: loads });
}

/** Both databases side by side, after their tables: the page of `npm run quality` shows this part. */
function printSummary(startUp: string[]) {
  if (figures.length === 0) return;
  const names = [...new Set(figures.flatMap((d) => [...d.rows.keys()]))];
  const share = (d: DatabaseFigures, name: string) => {
    const r = d.rows.get(name);
    if (!r) return '–';
    return r.target ? `${(r.ratio * 100).toFixed(1)} % (${r.rate.toFixed(0)}/s)` : `${r.rate.toFixed(0)}/s`;
  };
  console.log(`\n${HTTP_SUMMARY_HEADING} (medians; each database's own tables are above, in the full output)`);
  console.log(`| route | ${figures.map((d) => d.database).join(' | ')} | target (PGlite / PostgreSQL) |`);
  console.log(`|---|${figures.map(() => '---:|').join('')}---:|`);
  for (const name of names) {
    const target = figures.map((d) => d.rows.get(name)?.target).find(Boolean);
    const shown = target ? `≥ ${target[0]} / ${target[1]} %` : '';
    console.log(`| ${name} | ${figures.map((d) => share(d, name)).join(' | ')} | ${shown} |`);
  }
  for (const d of figures) {
    const p99 =
      d.healthP99Ms === undefined
        ? ''
        : `/web/health p99 ${d.healthP99Ms.toFixed(1)} ms while lists and reports run (target < 50 ms); `;
    console.log(`${d.database}: ${p99}load average ${d.load}`);
  }
  for (const line of startUp) console.log(line);
}

/** PGlite only: the server on an existing data directory, then `npm start` as typed (sources unchanged). */
async function startUpFigures(dataDir: string) {
  // The default configuration: API docs on.
  const starts: Array<{ readyMs: number; rssMb: number }> = [];
  for (let i = 0; i < 3; i++) {
    const again = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', API_DOCS: 'true' });
    await new Promise((r) => setTimeout(r, 5000));
    starts.push({ readyMs: again.readyMs, rssMb: again.rssMb() });
    await again.stop();
  }
  const lines: string[] = [];
  lines.push(
    `The server (dist/server.js) on the existing PGlite data directory (${starts.length} starts): first answer ` +
      starts.map((s) => `${(s.readyMs / 1000).toFixed(2)} s`).join(', ') +
      `; RSS after 5 s idle ${starts.map((s) => `${s.rssMb.toFixed(0)} MB`).join(', ')} (load average ${loadavg()[0]!.toFixed(1)})`,
  );
  // The whole command on unchanged sources (decision 211): a first, untimed start builds what is missing.
  await timeNpmStart({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false' });
  const commands: number[] = [];
  for (let i = 0; i < 3; i++)
    commands.push(await timeNpmStart({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false' }));
  lines.push(
    `\`npm start\` (the command, sources unchanged) on the same directory: first answer ` +
      commands.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ') +
      ` (target < 3 s; load average ${loadavg()[0]!.toFixed(1)})`,
  );
  console.log(`\n${lines.join('\n')}`);
  return lines;
}

console.log('Building the server (dist/server.js, as npm start runs it)…');
await buildServer();

let startUp: string[] = [];
// HTTP_BENCH_ONLY=postgres skips the PGlite half (and the start-up figures).
if (!ONLY.has('postgres')) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'medida-http-bench-'));
  try {
    const handle = await createDb({ pglite: { dataDir: path.join(dataDir, 'pgdata') } });
    let fixture: BenchAccount;
    try {
      await migrateToLatest(handle.db);
      fixture = await seedBenchAccount(handle);
    } finally {
      await handle.close();
    }
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      await run('PGlite', 'PGlite (data directory)', server, fixture);
    } finally {
      await server.stop();
    }

    if (!tables) startUp = await startUpFigures(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const handle = await createFreshTestDb({ DATABASE_URL: databaseUrl });
  try {
    const fixture = await seedBenchAccount(handle);
    const server = await startServer({ DATABASE_URL: handle.connectionString! });
    try {
      await run('PostgreSQL', `PostgreSQL (${new URL(databaseUrl).host})`, server, fixture);
    } finally {
      await server.stop();
    }
  } finally {
    await handle.close();
  }
} else {
  console.log('\nDATABASE_URL not set: PostgreSQL skipped.');
}
printSummary(startUp);
closeConnections();
