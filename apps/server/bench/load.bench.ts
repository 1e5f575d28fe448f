/**
 * Load bench (issue 16): autocannon against the compiled server (`dist/server.js`, what `npm start` runs) in its
 * own process, seeded with 10,000 clients and 100,000 evaluations (bench-account.ts), on PGlite and, with
 * DATABASE_URL, on PostgreSQL. For login, client list, evaluation list, evaluation detail, evaluation creation
 * and the PDF report, at 1, 10 and 50 connections: 2xx requests per second, p50/p95/p99 latency of the 2xx
 * answers, and the ratio to `/web/health` measured on the same server at the same connections just before
 * (the ceiling). Non-2xx answers and socket errors are counted and printed apart: a cell with any is not a figure.
 *
 * Limits the product keeps (decision 143): logins come from one address, so the server runs with the per-address
 * sign-in limits it already lets an operator raise (LOGIN_IP_PER_MINUTE/HOUR); the per-account throttle stays,
 * so every connection signs in its own users one after another. Report downloads are limited per user
 * (30 a minute, fixed windows), so they rotate over LOAD_BENCH_USERS professionals, each downloading its own
 * evaluation's report: two report cells can fall in one minute: at ~470 downloads a second (PostgreSQL, 2026-11-30), 150 users
 * drew 429s in the 50-connection cell; 250 keep each under 20 (with 60 users the 50-connection cell drew 429s).
 *
 *   npm run bench:load -w @medida/server   (LOAD_BENCH_SECONDS per cell, default 5; LOAD_BENCH_CONNECTIONS,
 *   default 1,10,50; LOAD_BENCH_USERS, default 250; LOAD_BENCH_ONLY=pglite|postgres for one half)
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { USER_TYPE } from '@medida/contracts';
import type { DbHandle } from '@medida/db';
import { insertTestUser } from '@medida/db/testing';
import { systemClock } from '../src/lib/clock.ts';
import { createPasswordHasher } from '../src/lib/passwords.ts';
import { createCreditsService } from '../src/modules/credits/credits.service.ts';
import { evaluationBody } from '../src/test/evaluation-factories.ts';
import {
  BENCH_OWNER_EMAIL,
  benchSessions,
  freeEvaluations,
  seedBenchAccount,
  type BenchAccount,
} from './bench-account.ts';
import { onBenchDatabases } from './bench-databases.ts';
import { CLIENTS, EVALUATIONS } from './bench-tree.ts';
import { buildServer, type ServerProcess } from './server-process.ts';

const SECONDS = Number(process.env.LOAD_BENCH_SECONDS ?? 5);
const LEVELS = (process.env.LOAD_BENCH_CONNECTIONS ?? '1,10,50').split(',').map(Number);
const USERS = Number(process.env.LOAD_BENCH_USERS ?? 250);
const PASSWORD = 'Load bench: a long passphrase';
/** Enough for every evaluation a run can create. */
const OWNER_CREDITS = 1_000_000;

if (USERS < Math.max(...LEVELS))
  throw new Error(`LOAD_BENCH_USERS (${USERS}) must be at least the largest connection count (each signs in its own)`);

/** A professional of the owner's network with a password, a session, and one client with one real evaluation. */
interface LoadUser {
  email: string;
  token: string;
  evaluationId: number;
}

interface LoadFixture extends BenchAccount {
  users: LoadUser[];
}

async function seed(handle: DbHandle): Promise<LoadFixture> {
  const started = Date.now();
  const account = await seedBenchAccount(handle);
  await createCreditsService({ db: handle.db, clock: systemClock }).grantByEmail({
    email: BENCH_OWNER_EMAIL,
    amount: OWNER_CREDITS,
    note: 'load bench',
  });
  // One argon2id hash at the product's policy for all of them (hashing each would take minutes).
  const passwordHash = await createPasswordHasher().hash(PASSWORD);
  const evaluations = freeEvaluations(handle);
  const sessions = benchSessions(handle);
  const users: LoadUser[] = [];
  for (let i = 0; i < USERS; i++) {
    const email = `load-${i}@bench.test`;
    const userId = await insertTestUser(handle.db, {
      email,
      password_hash: passwordHash,
      parent_user_id: account.ownerId,
    });
    const clientId = await insertTestUser(handle.db, {
      type: USER_TYPE.client,
      email: `load-client-${i}@bench.test`,
      password_hash: 'not-used',
      parent_user_id: userId,
    });
    const actor = { userId, userType: USER_TYPE.professional, parentId: account.ownerId, credits: 0 };
    const saved = await evaluations.create({ actor, body: evaluationBody(clientId, userId) });
    const token = await sessions.issue(userId, { ip: '127.0.0.1', userAgent: 'load bench' });
    users.push({ email, token, evaluationId: saved.evaluacion.id });
  }
  console.log(
    `seeded ${CLIENTS} clients, ${EVALUATIONS} evaluations and ${USERS} users in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return { ...account, users };
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What one route is asked: `slot` numbers a cell's connections from 0, `n` counts that connection's requests. */
interface Target {
  name: string;
  request(slot: number, n: number, connections: number): Request;
}

function targets(f: LoadFixture): Target[] {
  const owner = { authorization: `Bearer ${f.token}` };
  const json = { 'content-type': 'application/json' };
  const U = f.users.length;
  const evaluationIds = [f.evaluationId, ...f.users.map((u) => u.evaluationId)];
  return [
    { name: '/web/health', request: () => ({ method: 'GET', path: '/web/health', headers: {} }) },
    {
      // Connection `slot` owns users slot, slot + c, slot + 2c…: one sign-in per account at a time.
      name: 'login',
      request: (slot, n, c) => {
        const own = Math.floor((U - 1 - slot) / c) + 1;
        const user = f.users[slot + c * (n % own)]!;
        return {
          method: 'POST',
          path: '/web/authenticate',
          headers: json,
          body: JSON.stringify({ email: user.email, password: PASSWORD }),
        };
      },
    },
    {
      name: 'getMyClients',
      request: () => ({ method: 'GET', path: `/web/getMyClients?type=2&parent_user_id=${f.ownerId}`, headers: owner }),
    },
    {
      name: 'listaevaluaciones',
      request: () => ({ method: 'GET', path: '/web/listaevaluaciones?page=1&limit=20', headers: owner }),
    },
    {
      name: 'getevaluacion',
      request: (slot, n) => ({
        method: 'GET',
        path: `/web/getevaluacion?evaluationID=${evaluationIds[(slot + n) % evaluationIds.length]}`,
        headers: owner,
      }),
    },
    {
      name: 'ingresaevaluacion',
      request: () => ({
        method: 'POST',
        path: '/web/ingresaevaluacion',
        headers: { ...owner, ...json },
        body: JSON.stringify(evaluationBody(f.clientId, f.ownerId)),
      }),
    },
    {
      // Every user downloads its own report; the connections walk the users so each stays under its limit.
      name: 'report.pdf',
      request: (slot, n, c) => {
        const user = f.users[(slot + n * c) % U]!;
        return {
          method: 'GET',
          path: `/web/evaluations/${user.evaluationId}/report.pdf`,
          headers: { authorization: `Bearer ${user.token}` },
        };
      },
    },
  ];
}

interface Cell {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx answers by status, and socket errors/timeouts: anything here voids the cell. */
  failures: string[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

async function measure(server: ServerProcess, target: Target, connections: number, seconds = SECONDS): Promise<Cell> {
  let slots = 0;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections,
        duration: seconds,
        timeout: 30,
        setupClient: (client) => {
          const slot = slots++;
          let n = 0;
          client.setRequests([
            { setupRequest: (request) => ({ ...request, ...target.request(slot, n++, connections) }) },
          ]);
        },
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  const failures = [...statuses]
    .filter(([status]) => status < 200 || status >= 300)
    .map(([status, count]) => `${status}×${count}`);
  if (result.errors) failures.push(`socket errors ${result.errors} (timeouts ${result.timeouts})`);
  return {
    perSecond: latencies.length / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
  };
}

/** Renders every user's report once (a few at a time, like the report workers), so the cells measure downloads. */
async function warmUp(server: ServerProcess, f: LoadFixture) {
  for (let i = 0; i < f.users.length; i += 2) {
    await Promise.all(
      f.users.slice(i, i + 2).map(async (u) => {
        const response = await fetch(`${server.url}/web/evaluations/${u.evaluationId}/report.pdf`, {
          headers: { authorization: `Bearer ${u.token}` },
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`warm-up report answered ${response.status}`);
      }),
    );
  }
}

/**
 * Waits until the server has finished what a cell left in flight (autocannon closes its sockets at the end, but
 * the handlers already running go on): its CPU time stands still for 300 ms, or 15 s have passed.
 */
async function settle(server: ServerProcess) {
  const until = Date.now() + 15_000;
  for (let last = server.cpuSeconds(); Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 300));
    const now = server.cpuSeconds();
    if (now - last < 0.02) return;
    last = now;
  }
}

const ms = (v: number) => (Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : v.toFixed(0));

async function run(label: string, server: ServerProcess, f: LoadFixture) {
  const before = loadavg()[0]!;
  const cpuBefore = server.cpuSeconds();
  const warmStart = Date.now();
  await warmUp(server, f);
  const all = targets(f);
  for (const target of all) await measure(server, target, 1, 1); // JIT and caches, not counted
  await settle(server);
  console.log(
    `${label}: ${f.users.length} reports rendered and every route warmed up in ${((Date.now() - warmStart) / 1000).toFixed(0)} s`,
  );
  const rows: string[] = [];
  let voidCells = 0;
  for (const connections of LEVELS) {
    let ceiling = NaN;
    for (const target of all) {
      const cell = await measure(server, target, connections);
      await settle(server);
      if (target.name === '/web/health') ceiling = cell.perSecond;
      if (cell.failures.length) voidCells++;
      rows.push(
        `| ${target.name} | ${connections} | ${cell.perSecond.toFixed(1)} | ${ms(cell.p50)} | ${ms(cell.p95)} | ${ms(cell.p99)} | ` +
          `${((cell.perSecond / ceiling) * 100).toFixed(1)} % | ${cell.failures.join(', ') || '0'} |`,
      );
    }
  }
  console.log(`\n${label}: autocannon, ${SECONDS} s per cell, 2xx answers only in req/s and latency`);
  console.log('| route | connections | req/s | p50 ms | p95 ms | p99 ms | of /web/health | non-2xx / errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const row of rows) console.log(row);
  if (voidCells) {
    console.log(`${voidCells} cell(s) had non-2xx answers or socket errors: those rows are not figures.`);
    process.exitCode = 1;
  }
  console.log(
    `(load average, 1 min: ${before.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}; server CPU ${(server.cpuSeconds() - cpuBefore).toFixed(0)} s, RSS ${server.rssMb().toFixed(0)} MB at the end)`,
  );
}

console.log('Building the server (dist/server.js, as npm start runs it)…');
await buildServer();
await onBenchDatabases({
  name: 'load-bench',
  seed,
  // Sign-ins all come from 127.0.0.1: the per-address limits an operator may raise (config.ts), at their maximum.
  serverEnv: { LOGIN_IP_PER_MINUTE: '100000', LOGIN_IP_PER_HOUR: '1000000' },
  measure: run,
  only: process.env.LOAD_BENCH_ONLY,
});
