/**
 * What `npm run quality` runs (decision 181): every figure producer the project has, one step each, with what its
 * figures mean and the targets they answer to. The page (docs/quality.md) is written from these and their output.
 */

export interface Step {
  /** Short name, for `QUALITY_ONLY=<name>,<name>` and the page's headings. */
  name: string;
  title: string;
  /** The command as a reader would type it, from `cwd`. */
  command: string;
  /** Run first, its output kept out of the figures (a build); the page shows it before the command. */
  before?: string;
  cwd: string;
  env?: Record<string, string>;
  /** How to pick the figures from the output: bench output is kept whole, vitest's own lines are dropped. */
  output: 'bench' | 'vitest';
  /**
   * The first line of a summary the command prints at its end: the page shows the figures from it on (the whole
   * output stays in the log). For a bench whose tables would not fit the page's share of a step.
   */
  summaryFrom?: string;
  /** What the figures mean, and the targets (markdown, a few lines). */
  meaning: string;
  /** Minutes before the step is stopped and reported as failed. */
  timeoutMinutes: number;
}

/** The chat bench's closing table of every run (its read-ratio tables come between the rows above it). */
const CHAT_SUMMARY = 'Summary: deliveries';

export const STEPS: readonly Step[] = [
  {
    name: 'engine',
    title: 'Evaluation engine',
    command: 'npm run bench -w @medida/domain',
    cwd: '.',
    output: 'bench',
    meaning:
      "Evaluations per second of this process's CPU time (`process.cpuUsage()`, so other processes do not distort it; " +
      'wall rate beside it) over a mixed batch of the four methods. `evaluate` is the path the server takes. ' +
      'Target (issue 9): ≥ 100,000 `evaluate` per second on one core.',
    timeoutMinutes: 5,
  },
  {
    name: 'lists',
    title: 'Lists at 1k and 100k evaluations',
    command: 'BENCH_ONLY=targets npx tsx bench/list-evaluations.bench.ts',
    cwd: 'apps/server',
    env: { BENCH_ONLY: 'targets' },
    output: 'bench',
    meaning:
      "p95 of the evaluation list's first page, page 50 from its cursor, `getMyClients` and a surname filter, at " +
      '1,000 and 100,000 evaluations (10,000 clients), measured in the process against the database (no HTTP). ' +
      'Targets are printed in the table; the first page at 100k must stay under 2× its time at 1k (decision 100).',
    timeoutMinutes: 45,
  },
  {
    name: 'dashboard',
    title: 'Dashboard',
    command: 'BENCH_ONLY=dashboard npx tsx bench/list-evaluations.bench.ts',
    cwd: 'apps/server',
    env: { BENCH_ONLY: 'dashboard' },
    output: 'bench',
    meaning:
      "`getdash` p50/p95 and CPU per request for the account's owner (10,000 clients, 100,000 evaluations), as " +
      'seeded and after `VACUUM (ANALYZE)`, and narrowed to one network professional. Target (issue 12): p95 < 50 ms.',
    timeoutMinutes: 45,
  },
  {
    name: 'http',
    title: 'Reads and writes, health under load, start-up',
    command: 'BENCH_LOG_LEVEL=error npx tsx bench/http.bench.ts',
    cwd: 'apps/server',
    env: { BENCH_LOG_LEVEL: 'error' },
    output: 'bench',
    // The first line of http.bench.ts's closing summary, both databases side by side (quality.test.ts checks it).
    summaryFrom: 'Summary: each route as a share of /web/health',
    meaning:
      'Against the compiled server in its own process: requests per second of each read route and of the three writes ' +
      'of issue 33 at 10 connections as a share of `/web/health` in the same round (targets: reads ≥ 30 % on PGlite ' +
      "and ≥ 40 % on PostgreSQL, writes twice the issue's figures; the summary gives each), both databases side by " +
      'side; `/web/health` ' +
      'p99 while 4 lists and 2 reports run (target < 50 ms); the server on an existing data directory: first answer ' +
      'and RSS after 5 s idle (target < 300 MB); `npm start` as typed, sources unchanged: first answer (target < 3 s, ' +
      'decision 211). Issues 11 and 33.',
    timeoutMinutes: 40,
  },
  {
    name: 'timeline',
    title: "A client's timeline",
    command: 'npx tsx bench/portal-timeline.bench.ts',
    cwd: 'apps/server',
    output: 'bench',
    meaning:
      'GET /web/portal/evaluations for a client with 209 evaluations, one request at a time beside /web/health: ' +
      'p50/p95 on each database. The issue measured 365 ms p50 before its fields became generated columns (issue 33 ' +
      'item 1, decision 214).',
    timeoutMinutes: 20,
  },
  {
    name: 'chat',
    title: 'Chat',
    command: 'npx tsx bench/chat.bench.ts',
    cwd: 'apps/server',
    output: 'bench',
    meaning:
      '1,000 sockets exchanging 100 messages a second for 20 s: delivery latency p50/p95/p99, lost messages (must be ' +
      "0), refused sends, the server's RSS and CPU. With PostgreSQL also two instances (LISTEN/NOTIFY). Issue 13. The " +
      "page shows the bench's summary of the deliveries; the chat read routes' rates are in the log.",
    summaryFrom: CHAT_SUMMARY,
    timeoutMinutes: 20,
  },
  {
    name: 'chat-fan-out',
    title: 'Chat at 500 messages a second, 1,000 sockets',
    command:
      'CHAT_BENCH_ONLY=postgres CHAT_BENCH_RATE=500 CHAT_BENCH_SECONDS=10 CHAT_BENCH_SOCKETS=1000 npx tsx bench/chat.bench.ts',
    cwd: 'apps/server',
    env: { CHAT_BENCH_ONLY: 'postgres', CHAT_BENCH_RATE: '500', CHAT_BENCH_SECONDS: '10', CHAT_BENCH_SOCKETS: '1000' },
    output: 'bench',
    meaning:
      'Issue 33 item 5 on PostgreSQL: one instance, then two with every pair split across them (the fan-out through ' +
      'LISTEN/NOTIFY). Target: two instances deliver 500 messages a second with p99 < 250 ms and nothing lost ' +
      '(decision 217). As above, the page shows the deliveries.',
    summaryFrom: CHAT_SUMMARY,
    timeoutMinutes: 15,
  },
  {
    name: 'chat-5k',
    title: 'Chat at 500 messages a second, 5,000 sockets',
    command:
      'CHAT_BENCH_ONLY=postgres CHAT_BENCH_RATE=500 CHAT_BENCH_SECONDS=10 CHAT_BENCH_SOCKETS=5000 npx tsx bench/chat.bench.ts',
    cwd: 'apps/server',
    env: { CHAT_BENCH_ONLY: 'postgres', CHAT_BENCH_RATE: '500', CHAT_BENCH_SECONDS: '10', CHAT_BENCH_SOCKETS: '5000' },
    output: 'bench',
    meaning: 'The same with 5,000 sockets (2,500 rooms), one and two instances (issue 33 item 5).',
    summaryFrom: CHAT_SUMMARY,
    timeoutMinutes: 20,
  },
  {
    name: 'load',
    title: 'Load (autocannon)',
    command: 'npx tsx bench/load.bench.ts',
    cwd: 'apps/server',
    output: 'bench',
    meaning:
      'Six routes at 1, 10 and 50 connections: 2xx requests per second, p50/p95/p99, and the share of `/web/health` ' +
      'at the same connections. A row with non-2xx answers or socket errors is not a figure. Issue 16, decision 143.',
    timeoutMinutes: 40,
  },
  {
    name: 'import',
    title: 'Import of 5,000 clients',
    command: 'npx tsx bench/import.bench.ts',
    cwd: 'apps/server',
    output: 'bench',
    meaning:
      'One CSV of 5,000 clients through `POST /web/import/clients`: the dry run, then the import, on the database ' +
      'DATABASE_URL names (PGlite without it; a fresh database either way). Target (issue 35 item 4): the import ' +
      'under 30 s on PostgreSQL (decision 228).',
    timeoutMinutes: 20,
  },
  {
    name: 'round-trip',
    title: 'Export, import and export again (5,000 clients, 20,000 evaluations)',
    command: 'npx tsx bench/round-trip.bench.ts',
    cwd: 'apps/server',
    output: 'bench',
    meaning:
      "An account's 5,000 clients and 20,000 evaluations exported as CSV, imported into a new account in another " +
      'installation (the evaluation list in two files of at most 10,000 rows), exported again and compared row by ' +
      "row: the times of each part and the rows that differ, which must be none (issue 35's done-when, decision 228).",
    timeoutMinutes: 40,
  },
  {
    name: 'weight',
    title: 'Page weight and Lighthouse (mobile)',
    before: 'npm run build -w @medida/web',
    command: 'npx tsx bench/page-weight.bench.ts',
    cwd: 'e2e',
    output: 'bench',
    meaning:
      "What headless Chromium transfers on a cold load of Login, the dashboard and an evaluation's detail until the " +
      "network is quiet for 2 s (brotli bodies and headers, by kind), then Lighthouse's default mobile run (simulated " +
      'slow 4G, 4× CPU slowdown) three times on each, signed in, a cold load (decisions 109, 215), of the web app as ' +
      "built: the median run by performance and every run's score, with Lighthouse's `benchmarkIndex` of the " +
      'machine (its 4× slowdown stands for a mid-range phone where that index is about 1,500; lower, the same page ' +
      'scores lower). ' +
      'Targets (issue 33 item 8): Login ≤ 150 kB, the dashboard ≤ 250 kB (the command exits 1 above them), ' +
      'performance ≥ 95 on all three; accessibility (issue 16).',
    timeoutMinutes: 20,
  },
  {
    name: 'fuzz',
    title: 'API fuzzing',
    command: 'npm run suite:fuzz',
    cwd: '.',
    output: 'vitest',
    meaning:
      'Generated requests (200 per operation) against every route: findings are answers ≥ 500, stack traces, SQL ' +
      'text, bodies outside the declared schema. Must be 0 findings (decision 143).',
    timeoutMinutes: 30,
  },
  {
    name: 'brute',
    title: 'Brute force and enumeration',
    command: 'npm run suite:brute',
    cwd: '.',
    output: 'vitest',
    meaning:
      '300 password guesses against one account (all refused by the throttle) and 200 timing samples of known ' +
      'against unknown e-mails (their medians within 10 %): sign-in reveals neither passwords nor accounts.',
    timeoutMinutes: 30,
  },
  {
    name: 'faults',
    title: 'Faults (SIGKILL during writes)',
    command: 'npm run suite:faults',
    cwd: '.',
    output: 'vitest',
    meaning:
      'The compiled server killed 50 times per operation in the middle of writes: after each restart nothing ' +
      'half-written (decision 144). The longest step: 10 minutes on a quiet machine, 40 under load.',
    timeoutMinutes: 120,
  },
  {
    name: 'figures',
    title: 'Access matrix, hostile uploads, report renders, client export',
    command:
      'npx vitest run --project integration apps/server/src/trust/access-matrix.int.test.ts apps/server/src/trust/hostile-uploads.int.test.ts apps/server/src/modules/reports/report-load.int.test.ts apps/server/src/modules/exports/export-figure.int.test.ts',
    cwd: '.',
    output: 'vitest',
    meaning:
      'The integration tests that print a figure as they assert it: every authenticated route called by foreign ' +
      'actors (unauthorized 2xx must be 0); hostile files uploaded (0 stored, 0 answers ≥ 500); `/web/health` p95 ' +
      "during 20 report renders (< 50 ms); the size and time of one client's export with 10 evaluations.",
    timeoutMinutes: 20,
  },
];

/** `QUALITY_QUICK=1`: one short step, to check the runner and the page without minutes of benches. */
export const QUICK_STEPS = ['engine'];
