import { analyzeTablesOutgrowingTheirStatistics, runMaintenancePass, type DbHandle } from '@medida/db';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The server's own care of the planner's statistics:
 *  - on both databases, a table that has doubled since its statistics were taken (or grows from "empty") is
 *    analyzed at once (decision 173): plans kept from while it was small would otherwise stay until an ANALYZE that
 *    may be far off (autovacuum waits for its thresholds and its next round, and may be off);
 *  - on PGlite, which has no autovacuum launcher, what autovacuum would do, while the server is quiet (decision 166):
 *    without it, its tables' statistics and visibility maps are never refreshed.
 */

/** How often the server looks for work, and how long no request must have started or ended before it starts. */
const MAINTENANCE_CHECK_MS = 60_000;
const MAINTENANCE_QUIET_MS = 10_000;
/** How often the server looks for tables that have outgrown their statistics (whatever the traffic). */
const OUTGROWN_STATISTICS_CHECK_MS = 5_000;

export interface DatabaseMaintenance {
  /** Stops scheduling and waits for the table being vacuumed, if any, so the database closes after it. */
  stop(): Promise<void>;
}

export interface MaintenanceOptions {
  handle: DbHandle;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Milliseconds since the last request started or finished. */
  quietFor: () => number;
  checkMs?: number;
  quietMs?: number;
  outgrownStatisticsCheckMs?: number;
}

/**
 * Schedules the maintenance: two checks, each first one interval after the start (never on the start's critical
 * path), one maintenance statement at a time; timers do not hold the process open:
 *  - every `outgrownStatisticsCheckMs`, whatever the traffic: ANALYZE of the tables grown past their statistics;
 *  - on PGlite only, every `checkMs`, when no request has come for `quietMs`: a VACUUM and ANALYZE pass over what
 *    changed (PostgreSQL's autovacuum does that).
 */
export function scheduleDatabaseMaintenance(options: MaintenanceOptions): DatabaseMaintenance {
  const { handle, log, quietFor } = options;
  const checkMs = options.checkMs ?? MAINTENANCE_CHECK_MS;
  const quietMs = options.quietMs ?? MAINTENANCE_QUIET_MS;
  const outgrownStatisticsCheckMs = options.outgrownStatisticsCheckMs ?? OUTGROWN_STATISTICS_CHECK_MS;
  let stopped = false;
  let running: Promise<void> | undefined;
  const timers = new Set<NodeJS.Timeout>();

  /**
   * Runs `task` every `ms` (counted from the end of the last run) when `mayStart` allows it and no other maintenance
   * statement is on its way: one at a time on the one session. A failure is logged and the next check still comes.
   */
  function every(ms: number, mayStart: () => boolean, task: () => Promise<void>) {
    const later = () => {
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        tick();
      }, ms);
      timer.unref();
      timers.add(timer);
    };
    const tick = () => {
      if (stopped || running || !mayStart()) return later();
      running = task().catch((err: unknown) => {
        if (!stopped) log.warn({ err }, 'database maintenance failed');
      });
      void running.finally(() => {
        running = undefined;
        later();
      });
    };
    later();
  }

  const proceed = () => !stopped && quietFor() >= quietMs;
  if (handle.driver === 'pglite')
    every(checkMs, proceed, async () => {
      const started = performance.now();
      const pass = await runMaintenancePass(handle.db, proceed);
      if (pass.tables.length > 0 || pass.deferred > 0)
        log.info(
          { ...pass, ms: Math.round(performance.now() - started) },
          'embedded database maintenance: VACUUM and ANALYZE',
        );
    });
  every(
    outgrownStatisticsCheckMs,
    () => true,
    async () => {
      const started = performance.now();
      const tables = await analyzeTablesOutgrowingTheirStatistics(handle.db);
      if (tables.length > 0)
        log.info(
          { tables, ms: Math.round(performance.now() - started) },
          'database maintenance: ANALYZE of tables grown past their statistics',
        );
    },
  );

  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await running;
    },
  };
}
