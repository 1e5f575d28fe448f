/**
 * Per-account login throttle numbers (security.md §4.4, docs/decisions/011-login-throttling.md):
 * 5 free failures, then a wait that doubles from 1 s up to 15 minutes; 100 consecutive failures
 * disable password login until a password reset.
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  disableAfterFailures: 100,
} as const;

/** How long after the last failure the next attempt must wait, given the consecutive failures so far. */
export function loginDelayMs(consecutiveFailures: number): number {
  if (consecutiveFailures < LOGIN_THROTTLE.freeFailures) return 0;
  const exponent = consecutiveFailures - LOGIN_THROTTLE.freeFailures;
  // 2^20 s is far past the cap; stop there to keep the number finite.
  return Math.min(LOGIN_THROTTLE.firstDelayMs * 2 ** Math.min(exponent, 20), LOGIN_THROTTLE.maxDelayMs);
}
