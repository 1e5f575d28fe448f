import type { Database, Kysely } from '@medida/db';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { createLoginThrottleRepository } from './login-throttle.repository.ts';
import { LOGIN_THROTTLE, nextAttemptAt } from './login-throttle.policy.ts';

export type AttemptDecision = ({ allowed: true } | { allowed: false; retryAfterSeconds: number }) & {
  /** The account has reached the notice threshold and its owner was not told yet in this window. */
  lockoutNotice: boolean;
};

/** The throttle key: the e-mail, not the user id, so unknown e-mails are throttled exactly like real ones (R05). */
const accountKeyFor = (email: string) => sha256Hex(email.trim().toLowerCase());
/** A browser that signed in to the account before has its own budget (decision 015). */
const deviceKeyFor = (deviceHash: string) => `device:${deviceHash}`;

/**
 * Who an attempt is counted against: the e-mail (any unknown browser, including every attacker), or a
 * device the account's owner signed in from before, whose failures and back-off are its own.
 */
export interface AttemptSource {
  email: string;
  knownDeviceHash?: string | null;
}

const keyOf = (source: AttemptSource) =>
  source.knownDeviceHash ? deviceKeyFor(source.knownDeviceHash) : accountKeyFor(source.email);

export function createLoginThrottleService(deps: { db: Kysely<Database>; clock: Clock }) {
  const repo = createLoginThrottleRepository(deps.db);
  return {
    /**
     * Call before checking a password. An allowed attempt is counted as a failure up front (so
     * parallel guesses can't all slip through before the first is recorded); `succeeded` undoes it.
     * Only the failures of the sliding window count (decision 015).
     */
    beginAttempt(source: AttemptSource): Promise<AttemptDecision> {
      const key = keyOf(source);
      return repo.withLockedRow(key, async (row, trx) => {
        const now = deps.clock.now();
        const failures = await repo.failuresSince(trx, key, new Date(now.getTime() - LOGIN_THROTTLE.windowMs));
        const lockoutNotice =
          !source.knownDeviceHash &&
          failures.length >= LOGIN_THROTTLE.noticeAfterFailures &&
          (!row.lockout_notified_at || now.getTime() - row.lockout_notified_at.getTime() >= LOGIN_THROTTLE.windowMs);
        if (lockoutNotice) await repo.markNotified(trx, key, now);
        const next = nextAttemptAt(failures);
        if (next && now < next) {
          return {
            allowed: false,
            retryAfterSeconds: Math.ceil((next.getTime() - now.getTime()) / 1000),
            lockoutNotice,
          };
        }
        await repo.recordFailure(trx, key, now);
        return { allowed: true, lockoutNotice };
      });
    },
    /** A correct password: the source's failures are forgotten. */
    succeeded: (source: AttemptSource) => repo.clear(keyOf(source)),
    /** A completed password reset or the owner's unlock link lifts the e-mail's back-off. */
    clear: (email: string) => repo.clear(accountKeyFor(email)),
    /** Failures that left the window and throttle rows with nothing left to remember (hourly). */
    prune: () => repo.pruneBefore(new Date(deps.clock.now().getTime() - LOGIN_THROTTLE.windowMs)),
  };
}
