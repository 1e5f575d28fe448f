import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';

/** A kind of queued job: its name, and how often and how late a failed or abandoned run is tried again. */
export interface JobKind<T extends object> {
  name: string;
  /** Runs after the first that fail (a throw, or an instance that died holding the job). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A run still going after this long counts as dead: another instance takes the job (PostgreSQL). */
  expireInSeconds: number;
  /** Type only: what `send` takes and the handler gets. */
  readonly data?: T;
}

export const jobKind = <T extends object>(kind: Omit<JobKind<T>, 'data'>): JobKind<T> => kind;

/** Which run this is: the handler records a failure for good only on the last. */
export interface JobAttempt {
  retryCount: number;
  last: boolean;
}

/**
 * Work that outlives the request that asked for it (decision 224): with DATABASE_URL, jobs are rows of pg-boss in
 * PostgreSQL, so a job accepted by one instance runs on whichever instance is free and survives a crash; on the
 * embedded database, an in-process queue with the same retries. At-least-once: a handler must be safe to run twice.
 */
export interface JobQueue {
  /** Whether a queued job survives the process (pg-boss); the in-process queue's callers resume their own. */
  readonly durable: boolean;
  send<T extends object>(kind: JobKind<T>, data: T, options?: { startAfterSeconds?: number }): Promise<string>;
  /** Runs `handler` for the kind's jobs in this process. */
  work<T extends object>(kind: JobKind<T>, handler: (data: T, attempt: JobAttempt) => Promise<void>): Promise<void>;
  /** Resolves when the job has completed or failed for good, on whichever instance ran it (or when stopped). */
  settled(kind: JobKind<object>, id: string): Promise<void>;
  /** Handlers running in this process. */
  running(): number;
  /** Takes no new job, waits up to `timeoutMs` for the running ones (graceful shutdown), then lets go. */
  stop(timeoutMs?: number): Promise<void>;
}

interface Logger {
  error(obj: object, msg: string): void;
}

/** What `stop` waits for running jobs by default (the app's drain has waited for its own already). */
const STOP_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

type Handler = (data: object, attempt: JobAttempt) => Promise<void>;

/** The embedded database's queue: the same retries and delays, in this process's memory. */
export function createInProcessQueue(logger: Logger): JobQueue {
  interface Queued {
    id: string;
    kind: JobKind<object>;
    data: object;
    retryCount: number;
    done: Promise<void>;
    finish(): void;
  }
  const handlers = new Map<string, Handler>();
  const waiting = new Map<string, Queued[]>();
  const jobs = new Map<string, Queued>();
  const timers = new Set<NodeJS.Timeout>();
  const runs = new Set<Promise<void>>();
  let stopped = false;

  function later(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  function dispatch(job: Queued) {
    const { id } = job;
    if (stopped) return job.finish();
    const handler = handlers.get(job.kind.name);
    if (!handler) {
      waiting.set(job.kind.name, [...(waiting.get(job.kind.name) ?? []), job]);
      return;
    }
    const last = job.retryCount >= job.kind.retryLimit;
    const run = handler(job.data, { retryCount: job.retryCount, last }).then(
      () => {
        jobs.delete(id);
        job.finish();
      },
      (err: unknown) => {
        logger.error({ err, job: job.kind.name, retryCount: job.retryCount }, 'queued job failed');
        if (last) {
          jobs.delete(id);
          return job.finish();
        }
        job.retryCount++;
        later(job.kind.retryDelaySeconds * 1000, () => dispatch(job));
      },
    );
    runs.add(run);
    void run.finally(() => runs.delete(run));
  }

  return {
    durable: false,
    async send(kind, data, options = {}) {
      const id = randomUUID();
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      const job: Queued = { id, kind: kind as JobKind<object>, data, retryCount: 0, done, finish };
      jobs.set(id, job);
      later((options.startAfterSeconds ?? 0) * 1000, () => dispatch(job));
      return id;
    },
    async work(kind, handler) {
      handlers.set(kind.name, handler as Handler);
      const queued = waiting.get(kind.name) ?? [];
      waiting.delete(kind.name);
      for (const job of queued) dispatch(job);
    },
    settled: async (_kind, id) => jobs.get(id)?.done,
    running: () => runs.size,
    async stop(timeoutMs = STOP_TIMEOUT_MS) {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const job of jobs.values()) job.finish();
      await Promise.race([Promise.allSettled([...runs]), sleep(timeoutMs)]);
    },
  };
}

export interface PgBossQueueOptions {
  connectionString: string;
  logger: Logger;
  /** How often an idle worker asks for a job (the instance that sent one wakes its own worker at once). */
  pollingIntervalSeconds?: number;
  /** How often an instance looks for runs of dead instances (expired) to hand them to another. */
  maintenanceIntervalSeconds?: number;
  /** Tests: a shorter expiry for every job this queue sends (a dead instance's job is retried sooner). */
  expireInSeconds?: number;
}

/** pg-boss's own schema: its tables never mix with the app's migrations. */
const JOBS_SCHEMA = 'pgboss';
const SETTLED_POLL_MS = 200;
const FINAL_STATES = new Set(['completed', 'failed', 'cancelled']);

/** PostgreSQL's code for a transaction chosen as a deadlock's victim. */
const DEADLOCK = '40P01';
const CREATE_ATTEMPTS = 5;

/**
 * Creates a queue unless it exists. Instances starting together (compose starts both at once) create the same
 * queues at the same moment: pg-boss's creation locks its tables and one of two such transactions may be a
 * deadlock's victim, which is tried again; "already exists" means another instance made it.
 */
async function createQueueOnce(boss: PgBoss, name: string, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, queue);
      return;
    } catch (error) {
      if (String(error).includes('already exists')) return;
      if ((error as { code?: string }).code !== DEADLOCK || attempt === CREATE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

/** The shared queue on PostgreSQL (pg-boss 10, the last release for Node 20). */
export async function createPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const { default: PgBossClass } = await import('pg-boss');
  const boss = new PgBossClass({
    connectionString: options.connectionString,
    schema: JOBS_SCHEMA,
    application_name: 'medida-jobs',
    max: 4,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  });
  boss.on('error', (err) => options.logger.error({ err }, 'job queue error'));
  await boss.start();
  const queues = new Map<string, Promise<void>>();
  const workers = new Map<string, string>();
  let running = 0;
  let stopped = false;

  const ensureQueue = (kind: JobKind<object>) => {
    let created = queues.get(kind.name);
    if (!created) {
      const queue: PgBoss.Queue = {
        name: kind.name,
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelaySeconds,
        expireInSeconds: options.expireInSeconds ?? kind.expireInSeconds,
      };
      created = createQueueOnce(boss, kind.name, queue);
      queues.set(kind.name, created);
    }
    return created;
  };

  return {
    durable: true,
    async send(kind, data, sendOptions = {}) {
      await ensureQueue(kind as JobKind<object>);
      const id = await boss.send(kind.name, data, {
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
      });
      if (!id) throw new Error(`job queue: ${kind.name} was not queued`);
      const worker = workers.get(kind.name);
      if (worker && !sendOptions.startAfterSeconds) boss.notifyWorker(worker);
      return id;
    },
    async work(kind, handler) {
      await ensureQueue(kind as JobKind<object>);
      const id = await boss.work<object>(
        kind.name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return;
          running++;
          try {
            await handler(job.data as never, { retryCount: job.retryCount, last: job.retryCount >= job.retryLimit });
          } finally {
            running--;
          }
        },
      );
      workers.set(kind.name, id);
    },
    async settled(kind, id) {
      while (!stopped) {
        const job = await boss.getJobById(kind.name, id, { includeArchive: true }).catch(() => null);
        if (!job || FINAL_STATES.has(job.state)) return;
        await sleep(SETTLED_POLL_MS);
      }
    },
    running: () => running,
    async stop(timeoutMs = STOP_TIMEOUT_MS) {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, close: true, wait: true, timeout: timeoutMs });
    },
  };
}

/** pg-boss when the app runs on a PostgreSQL server, the in-process queue on the embedded database. */
export async function createJobQueue(options: { databaseUrl: string | undefined; logger: Logger }): Promise<JobQueue> {
  return options.databaseUrl
    ? createPgBossQueue({ connectionString: options.databaseUrl, logger: options.logger })
    : createInProcessQueue(options.logger);
}
