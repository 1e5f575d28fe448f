import { Worker } from 'node:worker_threads';
import { fieldError } from './app-error.ts';
import type { PasswordOwner, PasswordWeakness } from './password-judge.ts';
import type { JudgeJob, JudgeReply } from './password-judge.worker.ts';

export { personalWords, type PasswordOwner, type PasswordWeakness } from './password-judge.ts';

/**
 * Passwords are judged (decision 205, password-judge.ts) in ONE worker thread: loading zxcvbn's dictionaries took
 * ~1.8 s of CPU on a quiet core (9–31 s under load) and each check 10–100 ms, all of it blocking every request of
 * the instance while on the main thread. The thread starts on first use, loads the dictionaries once, takes the
 * checks one after another, and is replaced by the next check if it dies. Idle for `idleMs` it exits: its ~75 MB
 * (about 50–70 MB of the process's RSS) are kept only while passwords are being set (decision 237).
 */

/**
 * From the sources (tsx, vitest) a plain .mjs shim registers tsx and loads the TypeScript worker; in the esbuild
 * bundle that `npm start` runs, the worker is its own entry next to this chunk (build.ts).
 */
function workerEntry(): URL {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './password-worker.mjs' : './password-worker.js', import.meta.url);
}

interface Pending {
  resolve(weakness: PasswordWeakness | null): void;
  reject(error: Error): void;
}

interface Judge {
  worker: Worker;
  pending: Map<number, Pending>;
  /** The timer that ends the thread once no check came for `idleMs`. */
  idle: NodeJS.Timeout | undefined;
}

let judge: Judge | undefined;
let nextId = 1;
/** How long the thread waits for another check before it exits; `configurePasswordJudge` changes it (tests). */
let idleMs = 10 * 60_000;

export function configurePasswordJudge(options: { idleMs: number }): void {
  idleMs = options.idleMs;
}

/** Whether the thread is running (its dictionaries in memory). */
export const passwordJudgeRunning = (): boolean => judge !== undefined;

function startJudge(): Judge {
  const worker = new Worker(workerEntry());
  const started: Judge = { worker, pending: new Map(), idle: undefined };
  // An idle judge does not keep the process alive (tests, a CLI); one with checks waiting does.
  worker.unref();
  const failAll = (error: Error) => {
    if (judge === started) judge = undefined;
    for (const pending of started.pending.values()) pending.reject(error);
    started.pending.clear();
    worker.unref();
  };
  worker.on('message', (reply: JudgeReply) => {
    const pending = started.pending.get(reply.id);
    if (!pending) return;
    started.pending.delete(reply.id);
    if (started.pending.size === 0) {
      worker.unref();
      started.idle = setTimeout(() => {
        if (judge === started) judge = undefined;
        void worker.terminate();
      }, idleMs).unref();
    }
    if ('error' in reply) pending.reject(new Error(`password check failed: ${reply.error}`));
    else pending.resolve(reply.weakness);
  });
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('password worker exited')));
  return started;
}

function currentJudge(): Judge {
  judge ??= startJudge();
  return judge;
}

/** Stops the worker (server shutdown); a later check would start a new one. */
export async function closePasswordJudge(): Promise<void> {
  const closing = judge;
  judge = undefined;
  await closing?.worker.terminate();
}

/** Null when strong enough, else why not. Checks queue for the one worker; the first waits for its dictionaries. */
export function passwordWeakness(password: string, owner: PasswordOwner = {}): Promise<PasswordWeakness | null> {
  const current = currentJudge();
  const { worker, pending } = current;
  clearTimeout(current.idle);
  const id = nextId++;
  const job: JudgeJob = { id, password, owner: { nombre: owner.nombre, apellido: owner.apellido, email: owner.email } };
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.ref();
    worker.postMessage(job);
  });
}

/** 422 on `field` with the translated reason for a guessable password (registration, change, reset, invitation). */
export async function assertStrongPassword(
  password: string,
  owner: PasswordOwner = {},
  field = 'password',
): Promise<void> {
  const weakness = await passwordWeakness(password, owner);
  if (weakness) throw fieldError(field, `validation.${weakness}`);
}
