import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_LINES, pickFigures, renderPage, type StepRun } from './page.ts';
import { runQuality } from './run.ts';
import { STEPS, type Step } from './steps.ts';

const step = (name: string, command: string, output: Step['output'] = 'bench'): Step => ({
  name,
  title: `Step ${name}`,
  command,
  cwd: '.',
  output,
  meaning: `What ${name} measures.`,
  timeoutMinutes: 1,
});

describe('npm run quality (tools/quality, decision 181)', () => {
  it('writes the page with each command, its load average and figures, and reports a failed command', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quality-test-'));
    const out = path.join(dir, 'quality.md');
    const good = step('good', `node -e "console.log('| route | req/s |'); console.log('| /web/health | 12,345 |')"`);
    const bad = step('bad', `node -e "console.log('half a figure'); process.exit(3)"`);
    const left = step('left', 'false');
    const ok = await runQuality([good, bad], out, { all: [good, bad, left], logs: dir, echo: false, settle: null });
    expect(ok).toBe(false);
    const page = readFileSync(out, 'utf8');
    expect(page).toMatch(/^# Quality: current figures\n/);
    expect(page).toContain('**1 of 2 commands failed**: `bad`');
    // Prettier pads the cells; a pipe inside the command is escaped, so the row keeps its five cells.
    expect(page).toMatch(
      /\| \[Step good\]\(#step-good\) +\| `node -e .*` +\| +\d+\.\d\d → \d+\.\d\d \| +\d+ s \| ok +\|/,
    );
    expect(page).toContain("console.log('\\| route \\| req/s \\|')");
    expect(page).toContain('| **failed** (exit code 3) |');
    expect(page).toMatch(/\| Step left +\| `false` +\| +\| +\| not run +\|/);
    expect(page).toContain('**Partial run**: left out `left`');
    expect(page).toContain('| /web/health | 12,345 |');
    expect(page).toContain('half a figure');
    expect(page).toMatch(/load average \d+\.\d\d before/);
    expect(page).toContain('What good measures.');
  });

  it('reports success when every command exits 0', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quality-test-'));
    const out = path.join(dir, 'quality.md');
    expect(
      await runQuality([step('one', 'echo 42 per second')], out, { all: [], logs: dir, echo: false, settle: null }),
    ).toBe(true);
    expect(readFileSync(out, 'utf8')).toContain('- Result: every command exited 0.');
  });

  it('waits for a quiet machine before a bench, at most as long as asked, and says so on the page', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quality-test-'));
    const out = path.join(dir, 'quality.md');
    const bench = step('bench', 'echo 1 per second');
    const suite = step('suite', 'echo passed', 'vitest');
    const t0 = performance.now();
    // A load average never under -1: the bench waits its whole allowance; the suite does not wait.
    const settle = { underLoad: -1, maxSeconds: 1.2, pollMs: 50 };
    expect(await runQuality([bench, suite], out, { all: [], logs: dir, echo: false, settle })).toBe(true);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(1200);
    expect(performance.now() - t0).toBeLessThan(5000);
    const page = readFileSync(out, 'utf8');
    expect(page).toMatch(/load average \d+\.\d\d before \(after 1 s of waiting: it had not fallen under -1\.00\)/);
    expect(page.match(/of waiting/g)).toHaveLength(1);
    // Already quiet enough: no wait, nothing said.
    const quiet = { underLoad: 1e9, maxSeconds: 60 };
    expect(await runQuality([bench], out, { all: [], logs: dir, echo: false, settle: quiet })).toBe(true);
    expect(readFileSync(out, 'utf8')).not.toContain('of waiting');
  });

  it('refuses a wait from the environment that is not a number, rather than not waiting', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quality-test-'));
    process.env.QUALITY_SETTLE_SECONDS = 'ninety';
    try {
      await expect(
        runQuality([step('one', 'echo 1')], path.join(dir, 'quality.md'), { all: [], logs: dir, echo: false }),
      ).rejects.toThrow('QUALITY_SETTLE_SECONDS must be a number ≥ 0, not ninety');
    } finally {
      delete process.env.QUALITY_SETTLE_SECONDS;
    }
  });

  it("keeps what vitest suites print and drops vitest's own lines", () => {
    const output = [
      ' RUN  v4.1.12 /work/main',
      'stdout | apps/server/src/trust/api-fuzz.int.test.ts > fuzz > every operation',
      'API fuzzing: 7,400 requests, 0 findings',
      ' ✓  integration  apps/server/src/trust/api-fuzz.int.test.ts (1 test) 61234ms',
      ' Test Files  1 passed (1)',
      '      Tests  1 passed (1)',
      '   Start at  01:02:03',
      '   Duration  62.1s',
      '> medida@ suite:fuzz',
    ].join('\n');
    expect(pickFigures(output, 'vitest')).toEqual(['API fuzzing: 7,400 requests, 0 findings', 'Tests  1 passed (1)']);
  });
  it('drops the lines that hold no figure: a server banner, table rules and separator rows', () => {
    const output = [
      '  Medida is listening on http://127.0.0.1:37417 (public address http://127.0.0.1:37417)',
      '  Demo professional: demo@medida.app / Medida-Demo-2026',
      '┌─────────┬──────────┐',
      '│ (index) │ page     │',
      '├─────────┼──────────┤',
      "│ 0       │ 'login'  │",
      '└─────────┴──────────┘',
      '| route | req/s |',
      '|---|---:|',
      '| /web/health | 19124 |',
    ].join('\n');
    expect(pickFigures(output, 'bench')).toEqual([
      '│ (index) │ page     │',
      "│ 0       │ 'login'  │",
      '| route | req/s |',
      '| /web/health | 19124 |',
    ]);
  });

  it('shows a summary printed at the end from its first line on, or the whole output without one', () => {
    const output = ['PGlite: read routes', '| getdash | 4402 |', 'Summary: both', '| getdash | 27.5 % | 35.0 % |'];
    expect(pickFigures(output.join('\n'), 'bench', 'Summary:')).toEqual(output.slice(2));
    expect(pickFigures(output.slice(0, 2).join('\n'), 'bench', 'Summary:')).toEqual(output.slice(0, 2));
  });
  it("finds each step's summary heading in the bench that prints it", () => {
    for (const s of STEPS.filter((s) => s.summaryFrom !== undefined)) {
      const script = /(bench\/[\w.-]+\.ts)/.exec(s.command)![1]!;
      expect(readFileSync(path.join(import.meta.dirname, '../..', s.cwd, script), 'utf8')).toContain(s.summaryFrom);
    }
    expect(STEPS.some((s) => s.summaryFrom !== undefined)).toBe(true);
  });

  it("keeps a step's preparation out of its figures, and reports it when it fails", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quality-test-'));
    const out = path.join(dir, 'quality.md');
    const built = { ...step('built', 'echo 150 kB'), before: 'echo building 300 chunks' };
    const broken = { ...step('broken', 'echo never'), before: 'exit 2' };
    expect(await runQuality([built, broken], out, { all: [], logs: dir, echo: false, settle: null })).toBe(false);
    const page = readFileSync(out, 'utf8');
    expect(page).toContain('`echo building 300 chunks && echo 150 kB`');
    expect(page).toMatch(/```text\n150 kB\n```/);
    expect(page).toContain('**failed** (exit code 2 in `exit 2`)');
    expect(page).not.toContain('```text\nnever');
  });

  it('keeps the page under 300 lines however much the commands print', () => {
    const runs: StepRun[] = STEPS.map((s, i) => ({
      step: s,
      loadBefore: 1,
      loadAfter: 2,
      settled: null,
      startedAt: new Date(0),
      seconds: 60,
      failure: null,
      figures: Array.from({ length: i < 6 ? 5 : 200 }, (_, n) => `| ${s.name} row ${n} | ${n * 100} ms |`),
      logFile: `/tmp/${s.name}.log`,
    }));
    const page = renderPage({
      startedAt: new Date(0),
      cpus: 2,
      cpuModel: 'test',
      memoryGb: 8,
      node: 'v20',
      commit: 'abc1234',
      database: 'none',
      skipped: [],
      runs,
    });
    expect(page.split('\n').length).toBeLessThanOrEqual(MAX_PAGE_LINES);
    expect(page).toContain('more lines in /tmp/fuzz.log');
    // Short outputs are not cut; the long ones share what is left.
    expect(page).toContain('| engine row 4 | 400 ms |');
    expect(page).toContain('| fuzz row 9 | 900 ms |');
  });

  it("shows a step's summary whole while the page has room, and cuts it only when it has none", () => {
    const pageWith = (summaryLines: number) => {
      const runs: StepRun[] = STEPS.map((s) => ({
        step: { ...s, summaryFrom: s.name === 'http' ? 'Summary' : undefined },
        loadBefore: 1,
        loadAfter: 2,
        settled: null,
        startedAt: new Date(0),
        seconds: 60,
        failure: null,
        figures: Array.from({ length: s.name === 'http' ? summaryLines : 40 }, (_, n) => `| ${s.name} row ${n} |`),
        logFile: `/tmp/${s.name}.log`,
      }));
      const run = { startedAt: new Date(0), cpus: 2, cpuModel: 'test', memoryGb: 8, node: 'v20', commit: 'abc1234' };
      return renderPage({ ...run, database: 'none', skipped: [], runs });
    };
    const roomy = pageWith(20);
    expect(roomy.split('\n').length).toBeLessThanOrEqual(MAX_PAGE_LINES);
    expect(roomy).toContain('| http row 19 |');
    expect(roomy).toContain('more lines in /tmp/lists.log');
    const crowded = pageWith(500);
    expect(crowded.split('\n').length).toBeLessThanOrEqual(MAX_PAGE_LINES);
    expect(crowded).toContain('more lines in /tmp/http.log');
  });
});
