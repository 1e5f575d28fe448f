/**
 * Turns the runs of `npm run quality` into docs/quality.md (decision 181). Pure: run.ts measures, this writes.
 */
import type { Step } from './steps.ts';

export interface StepRun {
  step: Step;
  /** 1-minute load average just before the command started, and just after it ended. */
  loadBefore: number;
  loadAfter: number;
  /** A bench's wait for the load average to fall under `underLoad` before it started; null: no wait asked. */
  settled: { seconds: number; underLoad: number } | null;
  startedAt: Date;
  seconds: number;
  /** null: the command ran and exited 0; otherwise why it failed (exit code, signal, time-out). */
  failure: string | null;
  /** The figure lines picked from its output. */
  figures: string[];
  /** Where the whole output was written. */
  logFile: string;
}

export interface QualityRun {
  startedAt: Date;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  commit: string;
  database: string;
  /** Steps left out (QUALITY_QUICK or QUALITY_ONLY). */
  skipped: Step[];
  runs: StepRun[];
}

/** The page stays under 300 lines (issue 29): each step's figures are cut to fit, the rest stays in its log file. */
export const MAX_PAGE_LINES = 290;

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** Vitest's own lines (progress, summary, file headers); what the tests print is kept. */
const VITEST_CHROME =
  /^\s*(RUN\s+v|✓|✗|×|❯|↓|Test Files|Duration|Start at|stdout \||stderr \||⎯|\[vitest|Tests\s+\d+\s+passed.*\(\d+\)$)/;

/** npm's own lines (`> medida@… bench`, `> tsx …`) and the benches' progress lines. */
const NOISE = /^(> |Building the server)/;

/**
 * Lines that hold no figure: a started server's banner, console.table's rules and a markdown table's separator row.
 * The page has room for a dozen lines a step (MAX_PAGE_LINES): they pushed the Lighthouse scores and the writes' rows
 * off it.
 */
const NO_FIGURE = /^\s*(Medida is listening on |Demo professional: )|^[┌├└][─┬┼┴]+[┐┤┘]$|^\|(\s*:?-+:?\s*\|)+$/;

export function pickFigures(output: string, kind: Step['output'], summaryFrom?: string): string[] {
  const all = output
    .replace(ANSI, '')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l.trim() !== '' && !NOISE.test(l) && !NO_FIGURE.test(l));
  const summary = summaryFrom === undefined ? -1 : all.findLastIndex((l) => l.startsWith(summaryFrom));
  const lines = summary < 0 ? all : all.slice(summary);
  const kept = kind === 'vitest' ? lines.filter((l) => !VITEST_CHROME.test(l)) : lines;
  const tests = kind === 'vitest' ? lines.filter((l) => /^\s*Tests\s+\d+/.test(l)).map((l) => l.trim()) : [];
  return [...kept, ...tests];
}

function cut(figures: readonly string[], max: number, logFile: string): string[] {
  if (figures.length <= max) return [...figures];
  return [...figures.slice(0, max), `… ${figures.length - max} more lines in ${logFile}`];
}

const iso = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
const fixed = (n: number) => n.toFixed(2);

/** A command inside a table cell: its pipes escaped, or they would split the cell. */
const inCell = (text: string) => text.replaceAll('|', '\\|');

function commandLine(step: Step): string {
  const command = step.before ? `${step.before} && ${step.command}` : step.command;
  return step.cwd === '.' ? command : `cd ${step.cwd} && ${command}`;
}

export function renderPage(run: QualityRun): string {
  // The longest outputs are cut first, only as far as the page needs. A summary (Step.summaryFrom) is already the
  // short form of its step, so it is cut only if the page cannot fit otherwise.
  const longest = Math.max(0, ...run.runs.map((r) => r.figures.length));
  for (const keepSummaries of [true, false]) {
    for (let max = longest; max > 5; max--) {
      const page = renderWithCap(run, max, keepSummaries);
      if (page.split('\n').length <= MAX_PAGE_LINES) return page;
    }
  }
  return renderWithCap(run, 5, false);
}

function renderWithCap(run: QualityRun, maxFigures: number, keepSummaries: boolean): string {
  const failed = run.runs.filter((r) => r.failure !== null);
  const out: string[] = [];
  out.push('# Quality: current figures');
  out.push('');
  out.push(
    'Written by `npm run quality` (tools/quality/run.ts), which runs the benches and suites of tools/quality/steps.ts',
    'one after another and replaces this page; do not edit it by hand. Older figures, with the sessions that produced',
    'them: docs/quality-history.md.',
  );
  out.push('');
  out.push(`- Run: ${iso(run.startedAt)}, commit ${run.commit}.`);
  out.push(
    `- Machine: ${run.cpus} cores (${run.cpuModel}), ${run.memoryGb.toFixed(0)} GB, node ${run.node}; database for the benches' second half: ${run.database}.`,
  );
  out.push(
    '- Load average: the 1-minute load just before each command and just after it. On a machine shared with other ' +
      'work, wall-clock figures (latencies, requests per second) move with it; CPU-time figures much less. Each ' +
      "bench starts once the load has fallen under the run's threshold or after waiting its longest (decision 264).",
  );
  if (run.skipped.length > 0) {
    out.push(
      `- **Partial run**: left out ${run.skipped.map((s) => `\`${s.name}\``).join(', ')} (QUALITY_QUICK or ` +
        'QUALITY_ONLY); their last figures are in docs/quality-history.md.',
    );
  }
  out.push(
    failed.length === 0
      ? `- Result: every command exited 0.`
      : `- Result: **${failed.length} of ${run.runs.length} commands failed**: ${failed.map((r) => `\`${r.step.name}\``).join(', ')}.`,
  );
  out.push('');
  out.push('| figure | command | load before → after | time | result |');
  out.push('| --- | --- | ---: | ---: | --- |');
  for (const r of run.runs) {
    out.push(
      `| [${r.step.title}](#${anchor(r.step.title)}) | \`${inCell(commandLine(r.step))}\` | ${fixed(r.loadBefore)} → ${fixed(r.loadAfter)} | ${Math.round(r.seconds)} s | ${r.failure === null ? 'ok' : `**failed** (${r.failure})`} |`,
    );
  }
  for (const s of run.skipped) {
    out.push(`| ${s.title} | \`${inCell(commandLine(s))}\` | | | not run |`);
  }
  for (const r of run.runs) {
    out.push('');
    out.push(`## ${r.step.title}`);
    out.push('');
    out.push(
      `\`${commandLine(r.step)}\` (${iso(r.startedAt)}, load average ${fixed(r.loadBefore)} before${settledNote(r)}, ` +
        `${Math.round(r.seconds)} s). ${r.step.meaning}`,
    );
    out.push('');
    if (r.failure !== null) {
      out.push(`**Failed: ${r.failure}.** Below is whatever it printed; the whole output: \`${r.logFile}\`.`);
      out.push('');
    }
    out.push('```text');
    const max = keepSummaries && r.step.summaryFrom !== undefined ? r.figures.length : maxFigures;
    out.push(...(r.figures.length > 0 ? cut(r.figures, max, r.logFile) : ['(no output)']));
    out.push('```');
  }
  out.push('');
  return out.join('\n');
}

/** How long a bench waited for a quiet machine, when it had to. */
function settledNote(r: StepRun): string {
  if (!r.settled || r.settled.seconds < 1) return '';
  const under = r.loadBefore < r.settled.underLoad ? 'fell under' : 'had not fallen under';
  return ` (after ${Math.round(r.settled.seconds)} s of waiting: it ${under} ${fixed(r.settled.underLoad)})`;
}

/** GitHub's heading anchor. */
function anchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}
