/**
 * Two builds of the server on the same data, in interleaved rounds (issue 11: on this shared machine only
 * side-by-side figures compare). Per build and route: req/s at 10 connections, the ratio to `/web/health` in the
 * same round, and the server's CPU time per request (main and database threads: `/proc/<pid>/stat`), which moves
 * less with the machine's load than the rates do. The data (the list bench's account, 10,000 clients and 100,000
 * evaluations, plus one real evaluation) is seeded once into /tmp/medida-ab and kept for later runs.
 *
 * Each build is a copy of `dist/` where node finds the repository's node_modules, e.g.
 *   npx tsx build.ts && mkdir -p ../../node_modules/.cache/medida-ab && cp -r dist ../../node_modules/.cache/medida-ab/after
 * then (AB_DB=postgres with DATABASE_URL for PostgreSQL; AB_ROUNDS, AB_SECONDS, AB_ROUTES=lista,getMyClients):
 *   AB_VARIANTS=before,after npx tsx bench/ab-builds.bench.ts
 * Each build runs with `npm start`'s node flags (package.json); AB_NODE_ARGS_<variant>="--flag …" replaces them for
 * one variant (to compare flags), and AB_ENV_<variant>="NAME=value …" adds environment variables to it.
 */
import http from 'node:http';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { USER_TYPE } from '@medida/contracts';
import { createDb, migrateToLatest, type DbHandle } from '@medida/db';
import { createFreshTestDb, insertTestUser } from '@medida/db/testing';
import type { Config } from '../src/config.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createEvaluationsService } from '../src/modules/evaluations/evaluations.service.ts';
import { createSessionsService } from '../src/modules/sessions/sessions.service.ts';
import { evaluationBody } from '../src/test/evaluation-factories.ts';
import { seedBenchTree } from './bench-tree.ts';
import { freePort, startFlags } from './server-process.ts';

const ROOT = process.env.AB_DATA ?? '/tmp/medida-ab';
const BUILDS = path.resolve(import.meta.dirname, '../../../node_modules/.cache/medida-ab');
const DB = process.env.AB_DB ?? 'pglite';
const SECONDS = Number(process.env.AB_SECONDS ?? 2);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 3);
const VARIANTS = (process.env.AB_VARIANTS ?? 'before,after').split(',');
const ROUTES_ONLY = process.env.AB_ROUTES?.split(',');

const SESSION = { idleMinutes: 24 * 60, absoluteMinutes: 24 * 60 };

async function prepare(handle: DbHandle) {
  const owner = await handle.db
    .insertInto('users')
    .values({ type: USER_TYPE.professional, email: 'owner@bench.test', nombre: 'Owner', apellido: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seedBenchTree(handle.db, owner);
  const clientId = await insertTestUser(handle.db, {
    type: USER_TYPE.client,
    email: 'detail-client@bench.test',
    password_hash: 'x',
    parent_user_id: owner.id,
  });
  const evaluations = createEvaluationsService({
    db: handle.db,
    clock: systemClock,
    config: { evaluationCreditCost: 0 } as Config,
  });
  const actor = { userId: owner.id, userType: USER_TYPE.professional, parentId: null, credits: 0 };
  const saved = await evaluations.create({ actor, body: evaluationBody(clientId, owner.id) });
  const sessions = createSessionsService({
    db: handle.db,
    clock: systemClock,
    config: { session: SESSION },
  });
  const token = await sessions.issue(owner.id, { ip: '127.0.0.1', userAgent: 'ab' });
  return { token, ownerId: owner.id, evaluationId: saved.evaluacion.id };
}

const fixtureFile = path.join(ROOT, `${DB}.json`);
if (!existsSync(fixtureFile)) {
  mkdirSync(ROOT, { recursive: true });
  if (DB === 'pglite') {
    const handle = await createDb({ pglite: { dataDir: path.join(ROOT, 'data', 'pgdata') } });
    await migrateToLatest(handle.db);
    const f = await prepare(handle);
    await handle.close();
    writeFileSync(fixtureFile, JSON.stringify({ ...f, env: { DATA_DIR: path.join(ROOT, 'data'), DATABASE_URL: '' } }));
  } else {
    const handle = await createFreshTestDb({ DATABASE_URL: process.env.DATABASE_URL! });
    const f = await prepare(handle);
    writeFileSync(fixtureFile, JSON.stringify({ ...f, env: { DATABASE_URL: handle.connectionString! } }));
    await handle.db.destroy();
  }
}
const fx = JSON.parse(readFileSync(fixtureFile, 'utf8')) as {
  ownerId: number;
  evaluationId: number;
  env: Record<string, string>;
};
// A new session for this run: the stored one expires after the server's idle timeout.
const token = await (async () => {
  const handle = fx.env.DATA_DIR
    ? await createDb({ pglite: { dataDir: path.join(fx.env.DATA_DIR, 'pgdata') } })
    : await createDb({ postgres: { connectionString: fx.env.DATABASE_URL! } });
  try {
    const sessions = createSessionsService({ db: handle.db, clock: systemClock, config: { session: SESSION } });
    return await sessions.issue(fx.ownerId, { ip: '127.0.0.1', userAgent: 'ab bench' });
  } finally {
    await handle.close();
  }
})();

const words = (value: string | undefined) => value?.split(/\s+/).filter(Boolean);

async function start(variant: string) {
  const port = await freePort();
  const nodeArgs = words(process.env[`AB_NODE_ARGS_${variant}`]) ?? startFlags;
  const extraEnv = Object.fromEntries(
    (words(process.env[`AB_ENV_${variant}`]) ?? []).map((pair) => [
      pair.slice(0, pair.indexOf('=')),
      pair.slice(pair.indexOf('=') + 1),
    ]),
  );
  const child = spawn(process.execPath, [...nodeArgs, path.join(BUILDS, variant, 'server.js')], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      API_DOCS: 'false',
      // On PostgreSQL too the server keeps files (its key, uploads): under ROOT, never in the repository's tree.
      DATA_DIR: path.join(ROOT, 'data'),
      ...fx.env,
      ...extraEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A failed run must not leave a server holding the data directory.
  process.once('exit', () => child.kill());
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${variant} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/web/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const cpu = () => {
    const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024;
  return {
    url,
    cpu,
    rssMb,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CPU ms of every PostgreSQL process (the server's cost on PostgreSQL is partly there), 0 on PGlite. */
function postgresCpu(): number {
  if (DB !== 'postgres') return 0;
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const f = stat.split(') ')[1]!.split(' ');
      total += (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      /* the process ended meanwhile */
    }
  }
  return total;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}
async function throughput(url: string, headers: Record<string, string>, seconds: number) {
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < end) {
        const s = await get(url, headers);
        if (s !== 200) throw new Error(`${url} ${s}`);
        done++;
      }
    }),
  );
  return done / seconds;
}
const auth = { authorization: `Bearer ${token}` };
const routes: Array<[string, string, Record<string, string>]> = (
  [
    ['health', '/web/health', {}],
    ['authuser', '/web/authenticate/user', auth],
    ['getMyClients', `/web/getMyClients?type=2&parent_user_id=${fx.ownerId}`, auth],
    ['lista', '/web/listaevaluaciones?page=1&limit=20', auth],
    ['getevaluacion', `/web/getevaluacion?evaluationID=${fx.evaluationId}`, auth],
  ] as Array<[string, string, Record<string, string>]>
).filter(([n]) => n === 'health' || !ROUTES_ONLY || ROUTES_ONLY.includes(n));

const ratios: Record<string, Record<string, number[]>> = {};
const cpus: Record<string, Record<string, number[]>> = {};
const load0 = loadavg()[0]!;
for (let round = 0; round < ROUNDS; round++) {
  for (const variant of round % 2 ? [...VARIANTS].reverse() : VARIANTS) {
    const s = await start(variant);
    for (const [, r, h] of routes) await throughput(s.url + r, h, 0.5);
    let health = 0;
    const line: string[] = [];
    for (const [name, r, h] of routes) {
      const c0 = s.cpu();
      const pg0 = postgresCpu();
      const rate = await throughput(s.url + r, h, SECONDS);
      const cpuPerReq = (s.cpu() - c0) / (rate * SECONDS);
      const pgPerReq = (postgresCpu() - pg0) / (rate * SECONDS);
      ((cpus[variant] ??= {})[name] ??= []).push(cpuPerReq);
      if (name === 'health') health = rate;
      ((ratios[variant] ??= {})[name] ??= []).push(rate / health);
      line.push(
        `${name} ${rate.toFixed(0)} (${((rate / health) * 100).toFixed(1)}%, ${cpuPerReq.toFixed(2)} ms cpu${DB === 'postgres' ? ` + ${pgPerReq.toFixed(2)} ms postgres` : ''})`,
      );
    }
    console.log(
      `${DB} round ${round} ${variant}: ${line.join(' | ')}  RSS ${s.rssMb().toFixed(0)} MB  load ${loadavg()[0]!.toFixed(1)}`,
    );
    await s.stop();
  }
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
console.log(`\n${DB}, medians of ${ROUNDS} interleaved rounds, load ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`);
for (const variant of VARIANTS)
  console.log(
    `${variant}: ` +
      routes
        .map(
          ([n]) =>
            `${n} ${(median(ratios[variant]![n]!) * 100).toFixed(1)}% ${median(cpus[variant]![n]!).toFixed(2)} ms cpu/req`,
        )
        .join(' | '),
  );
agent.destroy();
