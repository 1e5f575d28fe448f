/**
 * Per-key login throttle numbers (security.md §4.4, decisions 011 and 015). Only the failures of the
 * last `windowMs` count: 5 free, then a wait after the latest one that doubles from 1 s up to 15
 * minutes; 100 in the window refuse every attempt until enough of them have aged out. From 10 the
 * owner is e-mailed an unlock link (once per window).
 */
export const LOGIN_THROTTLE = {
  windowMs: 24 * 60 * 60_000,
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  noticeAfterFailures: 10,
  disableAfterFailures: 100,
} as const;

/** How long after the latest failure the next attempt must wait, given the failures in the window. */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_THROTTLE.freeFailures) return 0;
  const exponent = failures - LOGIN_THROTTLE.freeFailures;
  // 2^20 s is far past the cap; stop there to keep the number finite.
  return Math.min(LOGIN_THROTTLE.firstDelayMs * 2 ** Math.min(exponent, 20), LOGIN_THROTTLE.maxDelayMs);
}

/**
 * When the next attempt may run, from the window's failure times (oldest first), or null when now.
 * Over the disable threshold that is when enough failures have left the window, else the back-off.
 */
export function nextAttemptAt(failureTimes: readonly Date[]): Date | null {
  const latest = failureTimes.at(-1);
  if (latest === undefined) return null;
  // Present only at or over the threshold: the failure whose leaving the window lets the next attempt run.
  const leaving = failureTimes.at(-LOGIN_THROTTLE.disableAfterFailures);
  if (leaving !== undefined) return new Date(leaving.getTime() + LOGIN_THROTTLE.windowMs);
  const delay = loginDelayMs(failureTimes.length);
  return delay === 0 ? null : new Date(latest.getTime() + delay);
}
