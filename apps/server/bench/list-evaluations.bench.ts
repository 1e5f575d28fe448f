import { USER_TYPE } from '@medida/contracts';
/**
 * List endpoint latency (GET /web/listaevaluaciones through its service) with 10,000 clients and
 * 100,000 evaluations, with and without each filter, and the dashboard (GET /web/getdash) over the same
 * tree, on PGlite and, when DATABASE_URL is set, on PostgreSQL. Prints p50/p95 (not a test;
 * architecture §8). Run: npm run bench -w @medida/server
 */
import { performance } from 'node:perf_hooks';
import type { DbHandle } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import type { Config } from '../src/config.ts';
import { createDashboardRepository } from '../src/modules/dashboard/dashboard.repository.ts';
import { createDashboardService } from '../src/modules/dashboard/dashboard.service.ts';
import { createEvaluationsService } from '../src/modules/evaluations/evaluations.service.ts';
import type { ListFilters } from '../src/modules/evaluations/evaluations.repository.ts';
import { CLIENTS, EVALUATIONS, seedBenchTree } from './bench-tree.ts';

const RUNS = 40;
const WARMUP = 5;

/** The bench's own owner account, then the tree under it. */
async function seed(handle: DbHandle): Promise<number> {
  const owner = await handle.db
    .insertInto('users')
    .values({
      type: USER_TYPE.professional,
      email: 'owner@bench.test',
      nombre: 'Owner',
      apellido: 'Bench',
      creditos: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seedBenchTree(handle.db, owner);
  return owner.id;
}

const CASES: Array<{ name: string; filters: ListFilters; page?: number }> = [
  { name: 'no filter, page 1', filters: {} },
  { name: 'no filter, page 100', filters: {}, page: 100 },
  { name: 'filter_nombre=ma', filters: { nombre: 'ma' } },
  { name: 'filter_apellido=gonz', filters: { apellido: 'gonz' } },
  { name: 'filter_email=c123', filters: { email: 'c123' } },
  { name: 'filter_rut=1000370', filters: { rut: '1000370' } },
  { name: 'filter_company=(Company 2)', filters: { companyId: -1 } },
  { name: 'all five filters', filters: { nombre: 'ma', apellido: 'gonz', email: 'c', rut: '1', companyId: -1 } },
];

/** The dashboard's "today": the last evaluation date of the seed, so every card has rows. */
const DASHBOARD_TODAY = new Date('2026-02-05T12:00:00Z');

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(label: string, handle: DbHandle) {
  const t0 = performance.now();
  const ownerId = await seed(handle);
  const seedSeconds = (performance.now() - t0) / 1000;
  const company = await handle.db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', 'Company 2')
    .executeTakeFirstOrThrow();
  const service = createEvaluationsService({
    db: handle.db,
    clock: { now: () => new Date() },
    config: { evaluationCreditCost: 1 } as Config,
  });
  console.log(`\n${label}: seeded ${CLIENTS} clients and ${EVALUATIONS} evaluations in ${seedSeconds.toFixed(1)} s`);
  console.log('| case | rows (total) | p50 ms | p95 ms |\n|---|---:|---:|---:|');
  // What the auth hook hands the service (the session query reads it with the session).
  const actor = { userId: ownerId, userType: USER_TYPE.professional, parentId: null, credits: 0 };
  for (const c of process.env.BENCH_ONLY === 'dashboard' ? [] : CASES) {
    const filters = c.filters.companyId === -1 ? { ...c.filters, companyId: company.id } : c.filters;
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const start = performance.now();
      const out = await service.list({ actor, page: c.page ?? 1, limit: 20, filters });
      if (i >= WARMUP) times.push(performance.now() - start);
      total = out.datos_total;
    }
    times.sort((a, b) => a - b);
    console.log(`| ${c.name} | ${total} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} |`);
  }
  await benchDashboard(handle, ownerId);
}

async function benchDashboard(handle: DbHandle, ownerId: number) {
  const dashboard = createDashboardService({ db: handle.db, clock: { now: () => DASHBOARD_TODAY } });
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof dashboard.get>> | undefined;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const start = performance.now();
    last = await dashboard.get({ actorId: ownerId });
    if (i >= WARMUP) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const c = last!.counts;
  if (process.env.BENCH_PARTS) {
    const repo = createDashboardRepository(handle.db);
    const parts: Record<string, () => Promise<unknown>> = {
      counts: () => repo.counts(ownerId, '2025-12-11'),
      weekly: () => repo.weekly(ownerId, '2025-11-17', '2026-02-01'),
      latest: () => repo.latest(ownerId, 8),
      followUp: () => repo.followUp(ownerId, '2025-12-11', 8),
      wrongWay: () => repo.wrongWay(ownerId, 8),
      credits: () => repo.creditMovements(ownerId, 8),
    };
    for (const [name, fn] of Object.entries(parts)) {
      const t: number[] = [];
      for (let i = 0; i < 10; i++) {
        const s0 = performance.now();
        await fn();
        t.push(performance.now() - s0);
      }
      t.sort((a, b) => a - b);
      console.log(`  ${name}: p50 ${pct(t, 50).toFixed(1)} ms`);
    }
  }
  console.log(
    `| getdash (${c.clients} clients, ${c.evaluations_total} evaluations, ${last!.follow_up.total} due) | – | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} |`,
  );
}

const pglite = await createFreshTestDb({});
try {
  await run('PGlite (in memory)', pglite);
} finally {
  await pglite.close();
}
const url = process.env.DATABASE_URL;
if (url) {
  const pg = await createFreshTestDb({ DATABASE_URL: url });
  try {
    await run(`PostgreSQL (${new URL(url).host})`, pg);
  } finally {
    await pg.close();
  }
} else {
  console.log('\nDATABASE_URL not set: PostgreSQL skipped.');
}
