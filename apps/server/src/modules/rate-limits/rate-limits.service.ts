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
    /** Housekeeping: counters older than a day are never consulted again. */
    prune: () => repo.deleteOlderThan(new Date(deps.clock.now().getTime() - 24 * 3600_000)),
  };
}
