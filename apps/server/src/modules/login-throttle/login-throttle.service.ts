import type { Database, Kysely } from '@medida/db';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { createLoginThrottleRepository } from './login-throttle.repository.ts';
import { LOGIN_THROTTLE, loginDelayMs } from './login-throttle.policy.ts';

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; disabled: boolean };

/** The throttle key: the e-mail, not the user id, so unknown e-mails are throttled exactly like real ones (R05). */
export const accountKeyFor = (email: string) => sha256Hex(email.trim().toLowerCase());

export function createLoginThrottleService(deps: { db: Kysely<Database>; clock: Clock }) {
  const repo = createLoginThrottleRepository(deps.db);
  return {
    /**
     * Call before checking a password. An allowed attempt is counted as a failure up front (so
     * parallel guesses can't all slip through before the first is recorded); `succeeded` undoes it.
     */
    beginAttempt(email: string): Promise<AttemptDecision> {
      const accountKey = accountKeyFor(email);
      return repo.withLockedRow(accountKey, async (row, trx) => {
        const now = deps.clock.now();
        if (row.disabled_at || row.consecutive_failures >= LOGIN_THROTTLE.disableAfterFailures) {
          return { allowed: false, disabled: true, retryAfterSeconds: LOGIN_THROTTLE.maxDelayMs / 1000 };
        }
        const waitUntil = (row.last_failure_at?.getTime() ?? 0) + loginDelayMs(row.consecutive_failures);
        if (row.last_failure_at && now.getTime() < waitUntil) {
          return { allowed: false, disabled: false, retryAfterSeconds: Math.ceil((waitUntil - now.getTime()) / 1000) };
        }
        const failures = row.consecutive_failures + 1;
        await repo.recordFailure(trx, accountKey, failures, now, failures >= LOGIN_THROTTLE.disableAfterFailures);
        return { allowed: true };
      });
    },
    /** A correct password: the counter starts again. */
    succeeded: (email: string) => repo.clear(accountKeyFor(email)).then(() => undefined),
    /** A completed password reset lifts the wait and the disabled state. */
    clear: (email: string) => repo.clear(accountKeyFor(email)).then(() => undefined),
  };
}

export type LoginThrottleService = ReturnType<typeof createLoginThrottleService>;
