/**
 * `npm run quality` (decision 181): runs every figure producer of the project one after another (benches, the
 * trust suites, the login page's size, Lighthouse), records the load average before and after each, and writes
 * docs/quality.md from their figures. A command that fails is reported as failed on the page and makes this exit 1.
 *
 *   npm run quality                          everything (about 46 minutes on 2 cores; README)
 *   QUALITY_QUICK=1 npm run quality          the engine bench alone (seconds): checks the runner and the page
 *   QUALITY_ONLY=http,lists npm run quality  the named steps (tools/quality/steps.ts)
 *   DATABASE_URL=postgres://… npm run quality  the benches also measure PostgreSQL
 *   QUALITY_OUT=/tmp/quality.md              write the page elsewhere
 *   QUALITY_SETTLE_LOAD=1 QUALITY_SETTLE_SECONDS=90  before each bench, wait (at most that long) for the 1-minute
 *                                            load average to fall under that value (decision 264)
 *
 * The whole output of each command goes to $TMPDIR/medida-quality/<step>.log (QUALITY_LOGS to change).
 */
import { spawn, execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync, type WriteStream } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { pickFigures, renderPage, type QualityRun, type StepRun } from './page.ts';
import { QUICK_STEPS, STEPS, type Step } from './steps.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = process.env.QUALITY_OUT ?? path.join(ROOT, 'docs/quality.md');
const LOGS = process.env.QUALITY_LOGS ?? path.join(tmpdir(), 'medida-quality');

export interface RunOptions {
  /** Every step, for the page's list of what was left out. */
  all?: readonly Step[];
  /** Folder of the steps' whole outputs. */
  logs?: string;
  /** Echo the commands' output to this process's (the default; the tests turn it off). */
  echo?: boolean;
  /** Before each bench, after its `before`, wait for a quiet machine (decision 264); null: start at once. */
  settle?: Settle | null;
}

/** Wait until the 1-minute load average is under `underLoad`, checking every `pollMs`, for at most `maxSeconds`. */
export interface Settle {
  underLoad: number;
  maxSeconds: number;
  pollMs?: number;
}

/** A number from the environment; a value that is not one stops the run rather than quietly not waiting. */
function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0, not ${raw}`);
  return value;
}

const envSettle = (): Settle => ({
  underLoad: envNumber('QUALITY_SETTLE_LOAD', 1),
  maxSeconds: envNumber('QUALITY_SETTLE_SECONDS', 90),
});

/**
 * A bench's rates and Lighthouse's throttled tasks move with whatever else the machine is doing, the previous step's
 * tail (a build, a database vacuuming what a bench wrote) included: the figures are taken once it has quietened,
 * as issue 33's testers take theirs (load 1–3 on 2 cores). Returns the seconds waited.
 */
async function settleLoad(settle: Settle): Promise<number> {
  const t0 = performance.now();
  const waited = () => (performance.now() - t0) / 1000;
  while ((loadavg()[0] ?? 0) >= settle.underLoad && waited() < settle.maxSeconds) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(settle.pollMs ?? 5000, settle.maxSeconds * 1000)));
  }
  return waited();
}

function chosenSteps(): Step[] {
  const only = process.env.QUALITY_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const names = process.env.QUALITY_QUICK ? QUICK_STEPS : only;
  if (!names) return [...STEPS];
  const unknown = names.filter((n) => !STEPS.some((s) => s.name === n));
  if (unknown.length > 0) {
    throw new Error(`unknown step(s) ${unknown.join(', ')}; known: ${STEPS.map((s) => s.name).join(', ')}`);
  }
  return STEPS.filter((s) => names.includes(s.name));
}

/** Runs one shell command of a step; its output goes to the log and the console, and comes back as text. */
function runCommand(
  echo: boolean,
  command: string,
  step: Step,
  log: WriteStream,
  msLeft: number,
): Promise<{ failure: string | null; output: string }> {
  let output = '';
  return new Promise((resolve) => {
    // A process group of its own, so a time-out stops the command's children (servers, workers) too.
    const child = spawn(command, {
      cwd: path.join(ROOT, step.cwd),
      env: { ...process.env, ...step.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      shell: true,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
      if (echo) process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        if (child.pid !== undefined) {
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            // already gone
          }
        }
      },
      Math.max(msLeft, 1),
    );
    child.on('error', (error) => {
      output += `\n${error.message}\n`;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const failure = timedOut
        ? `stopped after ${step.timeoutMinutes} minutes`
        : code === 0
          ? null
          : signal
            ? `ended by ${signal}`
            : `exit code ${code}`;
      resolve({ failure: failure && command === step.before ? `${failure} in \`${command}\`` : failure, output });
    });
  });
}

async function runStep(step: Step, logs: string, echo: boolean, settle: Settle | null): Promise<StepRun> {
  const logFile = path.join(logs, `${step.name}.log`);
  const log = createWriteStream(logFile);
  const startedAt = new Date();
  const t0 = performance.now();
  const msLeft = () => step.timeoutMinutes * 60_000 - (performance.now() - t0);
  // `before` prepares (a build): its output goes to the log only, not to the figures.
  const prepared = step.before
    ? await runCommand(echo, step.before, step, log, msLeft())
    : { failure: null, output: '' };
  const settled =
    settle && step.output === 'bench' && prepared.failure === null
      ? { seconds: await settleLoad(settle), underLoad: settle.underLoad }
      : null;
  const loadBefore = loadavg()[0] ?? 0;
  if (echo) console.log(`\n== ${step.name}: ${step.command} (in ${step.cwd}; load ${loadBefore.toFixed(2)})`);
  const ran = prepared.failure === null ? await runCommand(echo, step.command, step, log, msLeft()) : prepared;
  log.end();
  return {
    step,
    loadBefore,
    settled,
    loadAfter: loadavg()[0] ?? 0,
    startedAt,
    seconds: (performance.now() - t0) / 1000 - (settled?.seconds ?? 0),
    failure: ran.failure,
    figures: pickFigures(ran.output, step.output, step.summaryFrom),
    logFile,
  };
}

function gitCommit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT })
      .toString()
      .trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

/** Runs `steps` one after another, rewriting the page at `out` after each; true when every command exited 0. */
export async function runQuality(steps: readonly Step[], out: string, options: RunOptions = {}): Promise<boolean> {
  const { all = STEPS, logs = LOGS, echo = true, settle = envSettle() } = options;
  mkdirSync(logs, { recursive: true });
  const run: QualityRun = {
    startedAt: new Date(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown CPU',
    memoryGb: totalmem() / 1024 ** 3,
    node: process.version,
    commit: gitCommit(),
    database: process.env.DATABASE_URL
      ? `PostgreSQL at ${new URL(process.env.DATABASE_URL).host}`
      : 'none (DATABASE_URL not set: PGlite only)',
    skipped: all.filter((s) => !steps.includes(s)),
    runs: [],
  };
  for (const step of steps) {
    run.runs.push(await runStep(step, logs, echo, settle));
    // Written after every step: a run stopped halfway still leaves the figures it has. Formatted as `npm run lint`
    // checks it, so the page lands as the command wrote it.
    writeFileSync(out, await format(renderPage(run), { ...(await resolveConfig(out)), filepath: out }));
  }
  const failed = run.runs.filter((r) => r.failure !== null);
  if (echo) console.log(`\nWrote ${out}: ${run.runs.length} commands, ${failed.length} failed. Logs: ${logs}`);
  return failed.length === 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const ok = await runQuality(chosenSteps(), OUT);
  process.exitCode = ok ? 0 : 1;
}
