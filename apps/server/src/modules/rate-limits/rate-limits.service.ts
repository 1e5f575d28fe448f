import type { Database, Kysely } from '@medida/db';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { createRateLimitsRepository } from './rate-limits.repository.ts';

export interface RateWindow {
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters in the database, so every server instance sees the same counts. A window
 * allows at most `limit` hits; a burst across a window boundary can reach 2× for a moment, which
 * is accepted for these abuse limits (docs/decisions/011). Keys are hashed: no raw IPs or e-mails.
 */
export function createRateLimitsService(deps: { db: Kysely<Database>; clock: Clock }) {
  const repo = createRateLimitsRepository(deps.db);
  return {
    async consume(scope: string, rawKey: string, windows: RateWindow[]): Promise<RateDecision> {
      const now = deps.clock.now().getTime();
      const key = sha256Hex(rawKey);
      let retryAfterMs = 0;
      for (const { limit, windowMs } of windows) {
        const windowStart = Math.floor(now / windowMs) * windowMs;
        const hits = await repo.increment(`${scope}:${windowMs}`, key, new Date(windowStart));
        if (hits > limit) retryAfterMs = Math.max(retryAfterMs, windowStart + windowMs - now);
      }
      return retryAfterMs > 0
        ? { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) }
        : { allowed: true };
    },
    /**
     * Many keys' hits in one window with one statement, inside the caller's transaction (`within`): the counts roll
     * back with it. Answers, per raw key, the hits the window had before these (decision 222: the chat's send rate,
     * counted once per group-committed batch).
     */
    async countMany(
      within: Kysely<Database>,
      scope: string,
      hits: Array<{ key: string; n: number }>,
      windowMs: number,
    ): Promise<{ before: Map<string, number>; retryAfterSeconds: number }> {
      const now = deps.clock.now().getTime();
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const hashed = hits.map((h) => ({ raw: h.key, key: sha256Hex(h.key), n: h.n }));
      const after =
        hashed.length === 0
          ? new Map<string, number>()
          : await createRateLimitsRepository(within).incrementMany(
              `${scope}:${windowMs}`,
              hashed,
              new Date(windowStart),
            );
      return {
        before: new Map(hashed.map((h) => [h.raw, (after.get(h.key) ?? h.n) - h.n])),
        retryAfterSeconds: Math.ceil((windowStart + windowMs - now) / 1000),
      };
    },
    /**
     * A short window's counters as soon as they are over (the hourly prune keeps a day): a chat sender leaves one row
     * per 2-second window, which must not pile up for a day.
     */
    pruneWindows: (scope: string, windowMs: number) =>
      repo.deleteScopeOlderThan(`${scope}:${windowMs}`, new Date(deps.clock.now().getTime() - 2 * windowMs)),
    /** Housekeeping: counters older than a day are never consulted again. */
    prune: () => repo.deleteOlderThan(new Date(deps.clock.now().getTime() - 24 * 3600_000)),
  };
}
