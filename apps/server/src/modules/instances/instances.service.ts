import { randomUUID } from 'node:crypto';
import type { Database, Kysely } from '@medida/db';
import type { Clock } from '../../lib/clock.ts';
import { createInstancesRepository } from './instances.repository.ts';

/** An instance whose heartbeat is older than this many intervals is taken for dead. */
const STALE_AFTER_INTERVALS = 4;

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * This process in the registry of running instances (decisions 222, 231): an id and a heartbeat in
 * `server_instances`. Work an instance holds in the database (a chat socket's slot, an export's build) names it, and
 * counts as abandoned once its heartbeat is stale: a killed instance needs nobody to clean up after it. Each beat
 * also deletes the stale instances, then runs what the modules asked to run on it (an export's handover).
 */
export function createInstanceRegistry(deps: { db: Kysely<Database>; clock: Clock; heartbeatMs: number; log: Logger }) {
  const repo = createInstancesRepository(deps.db);
  const id = randomUUID();
  const staleMs = deps.heartbeatMs * STALE_AFTER_INTERVALS;
  const onBeat: (() => Promise<unknown>)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> | undefined;

  async function beat() {
    const now = deps.clock.now();
    await repo.beat({ id, now, staleBefore: new Date(now.getTime() - staleMs) });
    for (const task of onBeat) await task().catch((err: unknown) => deps.log.warn({ err }, 'instance task failed'));
  }

  /** One beat at a time: a slow one is not overtaken by the next interval's. */
  const tick = () => {
    beating ??= beat()
      .catch((err: unknown) => deps.log.warn({ err }, 'instance heartbeat failed'))
      .finally(() => (beating = undefined));
    return beating;
  };

  return {
    id,
    /** Heartbeats since then are fresh: an instance seen before is taken for dead. */
    freshSince: () => new Date(deps.clock.now().getTime() - staleMs),
    /** Runs `task` after each heartbeat of this instance (its failures are logged, never thrown). */
    everyBeat(task: () => Promise<unknown>) {
      onBeat.push(task);
    },
    /** The row, written now (before any work names it), then a heartbeat every interval. */
    async start() {
      await repo.beat({ id, now: deps.clock.now(), staleBefore: new Date(deps.clock.now().getTime() - staleMs) });
      timer = setInterval(() => void tick(), deps.heartbeatMs);
      timer.unref();
    },
    /** A heartbeat now (tests; a socket slot whose instance row a peer swept). */
    beat: tick,
    /** At shutdown, once its work has stopped: no more beats, and the row goes. */
    async leave() {
      clearInterval(timer);
      await beating;
      await repo.leave(id);
    },
  };
}

export type InstanceRegistry = ReturnType<typeof createInstanceRegistry>;
