import { USER_TYPE } from '@medida/contracts';
/**
 * List endpoint latency (GET /web/listaevaluaciones through its service) with 10,000 clients and
 * 100,000 evaluations, with and without each filter, and the dashboard (GET /web/getdash) over the same
 * tree, on PGlite and, when DATABASE_URL is set, on PostgreSQL. First, issue 11's list targets at 1,000 and at
 * 100,000 evaluations, each p95 with its target beside it, and at 100,000 pages reached by number (issue 33, decision 216).
 * Prints p50/p95 (not a test; architecture §8).
 * Run: npm run bench -w @medida/server
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { runMaintenancePass, sql, type DbHandle } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import type { Config } from '../src/config.ts';
import { createDashboardRepository } from '../src/modules/dashboard/dashboard.repository.ts';
import { createDashboardService } from '../src/modules/dashboard/dashboard.service.ts';
import { createEvaluationsService } from '../src/modules/evaluations/evaluations.service.ts';
import type { ListFilters } from '../src/modules/evaluations/evaluations.repository.ts';
import { createPeopleRepository } from '../src/modules/people/people.repository.ts';
import { CLIENTS, EVALUATIONS, seedBenchTree, type TreeSize } from './bench-tree.ts';

const RUNS = 40;
const WARMUP = 5;

/** The bench's own owner account, then the tree under it. */
async function seed(handle: DbHandle, size?: TreeSize): Promise<number> {
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
  await seedBenchTree(handle.db, owner, size);
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
  await benchDashboard(handle, ownerId, label.startsWith('PostgreSQL'));
}

/**
 * getdash for the owner (its whole account) and narrowed to one network professional (a sub-tree), as
 * seeded, then again after VACUUM (ANALYZE): PostgreSQL's autovacuum gets there on its own after a bulk load
 * (index-only scans); on PGlite it is the server's maintenance pass (decision 166), table by table.
 */
async function benchDashboard(handle: DbHandle, ownerId: number, onPostgres: boolean) {
  const dashboard = createDashboardService({ db: handle.db, clock: { now: () => DASHBOARD_TODAY } });
  const pro = await handle.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'pro1@bench.test')
    .executeTakeFirstOrThrow();
  const measure = async (label: string, userId?: number) => {
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof dashboard.get>> | undefined;
    let cpuStart = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      if (i === WARMUP) cpuStart = await cpuMs(handle, onPostgres);
      const start = performance.now();
      last = await dashboard.get({ actorId: ownerId, userId });
      if (i >= WARMUP) times.push(performance.now() - start);
    }
    const cpu = ((await cpuMs(handle, onPostgres)) - cpuStart) / RUNS;
    times.sort((a, b) => a - b);
    const c = last!.counts;
    console.log(
      `| getdash, ${label} (${c.clients} clients, ${c.evaluations_total} evaluations, ${last!.follow_up.total} due) | – | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} | CPU ${cpu.toFixed(1)} ms/request |`,
    );
  };
  await measure('owner');
  await measure('narrowed to a network professional', pro.id);
  if (process.env.BENCH_PARTS) await explainDashboard(handle, ownerId);
  const vacuum = onPostgres ? 'VACUUM' : 'a maintenance pass';
  if (onPostgres) await sql`VACUUM (ANALYZE)`.execute(handle.db);
  else await printPass(handle);
  await measure(`owner, after ${vacuum}`);
  await measure(`narrowed, after ${vacuum}`, pro.id);
  if (process.env.BENCH_PARTS) await explainDashboard(handle, ownerId);
  console.log(`(load average ${loadavg()[0]!.toFixed(1)})`);
}

/** The embedded database's maintenance pass (decision 166), with each table's time. */
async function printPass(handle: DbHandle) {
  const pass = await runMaintenancePass(handle.db, () => true);
  const tables = pass.tables.map(({ table, ms }) => `${table} ${ms} ms`).join(', ');
  console.log(`maintenance pass: ${tables || 'nothing to do'}`);
}

/**
 * CPU time (ms) used so far by this process (PGlite's worker thread included) and, on PostgreSQL on this
 * host, by the bench database's server processes (/proc/<pid>/schedstat, ns). Unlike wall-clock times it
 * hardly grows with the machine's load: it is the work a request costs, not its wait for a core.
 */
async function cpuMs(handle: DbHandle, onPostgres: boolean): Promise<number> {
  const own = process.cpuUsage();
  let ms = (own.user + own.system) / 1000;
  if (onPostgres) {
    const { rows } = await sql<{
      pid: number;
    }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(handle.db);
    for (const { pid } of rows) ms += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  }
  return ms;
}

/**
 * The dashboard's one statement under EXPLAIN (ANALYZE, BUFFERS), for the owner (the account's top: account
 * indexes) and for one network professional (its sub-tree): each card is one InitPlan with its own time.
 */
async function explainDashboard(handle: DbHandle, ownerId: number) {
  const repo = createDashboardRepository(handle.db);
  const pro = await handle.db
    .selectFrom('users')
    .select(['id', 'account_root_id'])
    .where('email', '=', 'pro1@bench.test')
    .executeTakeFirstOrThrow();
  const window = { from: '2025-11-17', monthStart: '2026-02-01', cutoff: '2025-12-11', limit: 8 };
  for (const [who, scope] of [
    ['owner (whole account)', { rootId: ownerId, accountId: ownerId, wholeAccount: true }],
    ['network professional (sub-tree)', { rootId: pro.id, accountId: pro.account_root_id, wholeAccount: false }],
  ] as const) {
    const { rows } = await sql<{
      'QUERY PLAN': string;
    }>`EXPLAIN (ANALYZE, BUFFERS) ${repo.figuresStatement(scope, window)}`.execute(handle.db);
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) getdash, ${who}:`);
    console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
}

/** p50 and p95 in ms of `fn` over RUNS runs after WARMUP. */
async function timesOf(fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const start = performance.now();
    await fn();
    if (i >= WARMUP) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

/** p95 in ms of `fn` over RUNS runs after WARMUP. */
const p95Of = async (fn: () => Promise<unknown>) => (await timesOf(fn)).p95;

/**
 * Issue 33 item 4: pages reached by number, without a cursor (a jump, a typed URL), at several depths and the last
 * page, each checked against the page walked to by offset in SQL (same ids), then p50/p95 (decision 216).
 */
async function pagesByNumber(label: string, handle: DbHandle, ownerId: number) {
  // Each service has its own anchor ladders (decision 238): a new one has read no rung yet.
  const newService = () =>
    createEvaluationsService({
      db: handle.db,
      clock: { now: () => new Date() },
      config: { evaluationCreditCost: 1 } as Config,
    });
  const service = newService();
  const actor = { userId: ownerId, userType: USER_TYPE.professional, parentId: null, credits: 0 };
  const limit = 20;
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM evaluations WHERE deleted_at IS NULL AND account_root_id = ${ownerId}`.execute(
    handle.db,
  );
  const lastPage = Math.ceil(rows[0]!.n / limit);
  const maNombre = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM evaluations e JOIN users c ON c.id = e.client_id
    WHERE e.deleted_at IS NULL AND e.account_root_id = ${ownerId} AND lower(c.nombre) LIKE 'ma%'`.execute(handle.db);
  const maLast = Math.ceil(maNombre.rows[0]!.n / limit);
  const cases: Array<{ name: string; page: number; filters?: ListFilters }> = [
    { name: 'page 1', page: 1 },
    { name: 'page 500', page: 500 },
    { name: 'page 2500', page: 2500 },
    { name: 'page 5000', page: 5000 },
    { name: `last page (${lastPage})`, page: lastPage },
    { name: `filter_nombre=ma, page ${Math.ceil(maLast / 2)}`, page: Math.ceil(maLast / 2), filters: { nombre: 'ma' } },
    { name: `filter_nombre=ma, last page (${maLast})`, page: maLast, filters: { nombre: 'ma' } },
  ];
  // The account's data version as the session check reads it: a page by number uses the anchor ladder (decision 238).
  const version = await sql<{ version: number }>`SELECT coalesce(max(version), 0)::int8 AS version
    FROM account_data_versions WHERE account_root_id = ${ownerId}`.execute(handle.db);
  const dataVersion = { accountId: ownerId, version: Number(version.rows[0]!.version) };
  console.log(
    `\n${label}: pages by number (no cursor), ${limit} rows; the first request at this data version (it reads the ` +
      `ladder's rungs up to the page), then p50/p95 ms of ${RUNS} runs`,
  );
  // A deep page with no rung read yet at this data version (the first request after a change of the account).
  const coldStarted = performance.now();
  await newService().list({ actor, page: 5000, limit, filters: {}, dataVersion });
  console.log(`page 5000 with no rung read yet: ${(performance.now() - coldStarted).toFixed(1)} ms`);
  console.log('| page | rows | same rows as OFFSET | first ms | p50 ms | p95 ms |\n|---|---:|---|---:|---:|---:|');
  for (const c of cases) {
    const filters = c.filters ?? {};
    const started = performance.now();
    const out = await service.list({ actor, page: c.page, limit, filters, dataVersion });
    const first = performance.now() - started;
    const like = filters.nombre ? sql`lower(c.nombre) LIKE 'ma%'` : sql`true`;
    const expected = await sql<{ id: number }>`SELECT e.id FROM evaluations e JOIN users c ON c.id = e.client_id
      WHERE e.deleted_at IS NULL AND e.account_root_id = ${ownerId} AND ${like} ORDER BY e.created_at DESC, e.id DESC OFFSET ${(c.page - 1) * limit} LIMIT ${limit}`.execute(
      handle.db,
    );
    const same = expected.rows.map((r) => r.id).join() === out.datos.map((r) => r.id).join();
    const t = await timesOf(() => service.list({ actor, page: c.page, limit, filters, dataVersion }));
    console.log(
      `| ${c.name} | ${out.datos.length} | ${same ? 'yes' : 'NO'} | ${first.toFixed(1)} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} |`,
    );
  }
  console.log(`(load average ${loadavg()[0]!.toFixed(1)})`);
}

/** Issue 11's list targets, measured on one tree: first page, a keyset page, getMyClients, a filter. */
async function targetFigures(handle: DbHandle, size: TreeSize) {
  const ownerId = await seed(handle, size);
  return { ownerId, ...(await measureTargets(handle, ownerId)) };
}

async function measureTargets(handle: DbHandle, ownerId: number) {
  const service = createEvaluationsService({
    db: handle.db,
    clock: { now: () => new Date() },
    config: { evaluationCreditCost: 1 } as Config,
  });
  const people = createPeopleRepository(handle.db);
  const actor = { userId: ownerId, userType: USER_TYPE.professional, parentId: null, credits: 0 };
  const list = (page: number, filters: ListFilters = {}, cursor?: string) =>
    service.list({ actor, page, limit: 20, filters, cursor });
  // The cursor that ends page 49 (reached page by page, as the web app does), for page 50.
  const deep = 50;
  const before = await list(deep - 1);
  return {
    firstPage: await p95Of(() => list(1)),
    keysetPage: await p95Of(() => list(deep, {}, before.next_cursor ?? undefined)),
    // What GET /web/getMyClients runs for the actor's own clients (first page of 20).
    myClients: await p95Of(() =>
      people.listChildren({ actorId: ownerId, parentId: ownerId, type: USER_TYPE.client, limit: 20, skip: 0 }),
    ),
    filter: await p95Of(() => list(1, { apellido: 'gonz' })),
  };
}

const SMALL: TreeSize = { clients: 100, evaluations: 1_000 };
const LARGE: TreeSize = { clients: CLIENTS, evaluations: EVALUATIONS };

async function targets(label: string, open: () => Promise<DbHandle>, firstPageTarget: number) {
  const figures = [];
  let afterPass: Awaited<ReturnType<typeof measureTargets>> | undefined;
  for (const size of [SMALL, LARGE]) {
    const handle = await open();
    try {
      const seeded = await targetFigures(handle, size);
      figures.push(seeded);
      if (size === LARGE) await pagesByNumber(`${label}, as seeded`, handle, seeded.ownerId);
      if (size === LARGE && handle.driver === 'pglite') {
        await printPass(handle);
        afterPass = await measureTargets(handle, seeded.ownerId);
        await pagesByNumber(`${label}, after the maintenance pass`, handle, seeded.ownerId);
      } else if (size === LARGE) {
        // What autovacuum does after a bulk load (the visibility map: index-only walks), here at once.
        await sql`VACUUM (ANALYZE)`.execute(handle.db);
        await pagesByNumber(`${label}, after VACUUM`, handle, seeded.ownerId);
      }
    } finally {
      await handle.close();
    }
  }
  const [small, large] = figures as [
    Awaited<ReturnType<typeof targetFigures>>,
    Awaited<ReturnType<typeof targetFigures>>,
  ];
  const row = (name: string, key: keyof typeof small, target: number) =>
    `| ${name} | ${small[key].toFixed(1)} | ${large[key].toFixed(1)} | < ${target} ms | ${large[key] < target ? 'met' : 'not met'} |`;
  const flat = large.firstPage / small.firstPage;
  console.log(
    `\n${label}: issue 11 list targets, p95 ms of ${RUNS} runs (1k = ${SMALL.evaluations} evaluations of ${SMALL.clients} clients, 100k = ${LARGE.evaluations} of ${LARGE.clients}; load average ${loadavg()[0]!.toFixed(1)})`,
  );
  console.log('| case | 1k | 100k | target (at 100k) | |\n|---|---:|---:|---:|---|');
  console.log(row('list, first page', 'firstPage', firstPageTarget));
  console.log(row('list, page 50 from its cursor (keyset)', 'keysetPage', 20));
  console.log(row('getMyClients (own clients, first page)', 'myClients', 10));
  console.log(row('list, filter_apellido=gonz', 'filter', 20));
  console.log(`| first page 100k / 1k | | ${flat.toFixed(2)}× | < 2× | ${flat < 2 ? 'met' : 'not met'} |`);
  if (afterPass)
    console.log(
      `100k after the maintenance pass (decision 166): first page ${afterPass.firstPage.toFixed(1)}, keyset page ${afterPass.keysetPage.toFixed(1)}, getMyClients ${afterPass.myClients.toFixed(1)}, filter ${afterPass.filter.toFixed(1)} ms p95`,
    );
}

const url = process.env.DATABASE_URL;
if (process.env.BENCH_ONLY !== 'dashboard') {
  await targets('PGlite (in memory)', () => createFreshTestDb({}), 20);
  if (url) await targets(`PostgreSQL (${new URL(url).host})`, () => createFreshTestDb({ DATABASE_URL: url }), 10);
}
if (process.env.BENCH_ONLY === 'targets') process.exit(0);

const pglite = await createFreshTestDb({});
try {
  await run('PGlite (in memory)', pglite);
} finally {
  await pglite.close();
}
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
