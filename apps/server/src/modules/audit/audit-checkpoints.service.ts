import type { Database, Kysely } from '@medida/db';
import type { Clock } from '../../lib/clock.ts';
import { signCheckpoint } from './audit-checkpoint.ts';
import { createAuditRepository } from './audit.repository.ts';

/**
 * A periodic checkpoint only when the newest is at least this share of an interval old: with several instances on
 * one PostgreSQL, each instance's timer fires once per interval and the first of them writes for all.
 */
const PERIOD_SHARE = 0.9;

export interface AuditCheckpointsDeps {
  db: Kysely<Database>;
  /** `serverKey(config, 'audit-checkpoint')` (decision 201). */
  key: Buffer;
  clock: Clock;
  intervalMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * The signed checkpoints of the audit chain heads (decision 204): `write` signs the heads changed since the newest
 * checkpoint (`force`: whatever that one's age, at start and shutdown); `schedule` writes one every interval until
 * `stop`, which writes the last one.
 */
export function createAuditCheckpointsService(deps: AuditCheckpointsDeps) {
  const repository = createAuditRepository(deps.db);
  const write = async (force: boolean) => {
    const seq = await repository.writeCheckpoint(deps.clock.now(), force ? 0 : deps.intervalMs * PERIOD_SHARE, (c) =>
      signCheckpoint(deps.key, c),
    );
    if (seq !== null) deps.log.info({ checkpoint: seq }, 'audit checkpoint signed');
    return seq;
  };
  const tryWrite = (force: boolean) =>
    write(force).catch((err: unknown) => {
      deps.log.warn({ err }, 'audit checkpoint failed');
      return null;
    });

  return {
    write,
    /** Writes one now (the start), then one per interval; timers do not hold the process open. */
    schedule: async () => {
      await tryWrite(true);
      let running: Promise<unknown> | undefined;
      const timer = setInterval(() => {
        running ??= tryWrite(false).finally(() => (running = undefined));
      }, deps.intervalMs);
      timer.unref();
      return {
        /** Stops the timer and writes the shutdown checkpoint (call after the last request, before the database closes). */
        stop: async () => {
          clearInterval(timer);
          await running;
          await tryWrite(true);
        },
      };
    },
  };
}
