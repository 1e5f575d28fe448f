/**
 * The client's timeline (GET /web/portal/evaluations) for a client with 209 evaluations, against the compiled
 * server on each database: p50/p95 latency one request at a time, beside /web/health's (issue 33 item 1, decision
 * 214). Not a test. Run: cd apps/server && npx tsx bench/portal-timeline.bench.ts (DATABASE_URL adds PostgreSQL).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { USER_TYPE } from '@medida/contracts';
import type { DbHandle } from '@medida/db';
import { insertTestUser } from '@medida/db/testing';
import { evaluationBody } from '../src/test/evaluation-factories.ts';
import { benchSessions, freeEvaluations } from './bench-account.ts';
import { onBenchDatabases } from './bench-databases.ts';
import { buildServer, type ServerProcess } from './server-process.ts';

const EVALUATIONS = 209;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

async function seed(handle: DbHandle): Promise<{ token: string }> {
  const ownerId = await insertTestUser(handle.db, {
    type: USER_TYPE.professional,
    email: 'timeline-owner@bench.test',
    password_hash: 'not-used',
  });
  const clientId = await insertTestUser(handle.db, {
    type: USER_TYPE.client,
    email: 'timeline-client@bench.test',
    password_hash: 'not-used',
    parent_user_id: ownerId,
  });
  const actor = { userId: ownerId, userType: USER_TYPE.professional, parentId: null, credits: 0 };
  const evaluations = freeEvaluations(handle);
  const day0 = Date.UTC(2020, 0, 1);
  for (let i = 0; i < EVALUATIONS; i++) {
    const fecha = new Date(day0 + i * 7 * 86_400_000).toISOString().slice(0, 10);
    await evaluations.create({ actor, body: evaluationBody(clientId, ownerId, { fecha, peso: 70 + (i % 9) / 2 }) });
  }
  return { token: await benchSessions(handle).issue(clientId, { ip: '127.0.0.1', userAgent: 'bench' }) };
}

async function latencies(url: string, headers: Record<string, string>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS + 10; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    if (i >= 10) times.push(performance.now() - started); // the first ten warm up
  }
  return times.sort((a, b) => a - b);
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function measure(label: string, server: ServerProcess, { token }: { token: string }) {
  const load = loadavg()[0]!;
  const health = await latencies(`${server.url}/web/health`, {});
  const timeline = await latencies(`${server.url}/web/portal/evaluations`, { authorization: `Bearer ${token}` });
  console.log(`\n${label}: ${REQUESTS} requests one at a time, a client with ${EVALUATIONS} evaluations`);
  console.log('| route | p50 ms | p95 ms |\n|---|---:|---:|');
  for (const [name, times] of [
    ['/web/health', health],
    ['/web/portal/evaluations', timeline],
  ] as const)
    console.log(`| ${name} | ${at(times, 0.5).toFixed(2)} | ${at(times, 0.95).toFixed(2)} |`);
  console.log(`(load average, 1 min: ${load.toFixed(1)} → ${loadavg()[0]!.toFixed(1)})`);
}

await buildServer();
await onBenchDatabases({ name: 'portal-timeline', seed, measure, only: process.env.BENCH_ONLY });
