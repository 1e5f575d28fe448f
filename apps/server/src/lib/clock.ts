/** Services read time only through a Clock, so tests can move time (expiry, throttling). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface FakeClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
}

export function createFakeClock(start = new Date('2026-03-01T12:00:00Z')): FakeClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
