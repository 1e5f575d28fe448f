/** Rejected when a promise (a route chunk) has not settled in time. */
export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`Timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** Races a promise against a timer; the timer is always cleared so it never keeps anything alive. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A route chunk that could not be fetched (offline, a new deployment removed it). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Loads a chunk within `ms`; every failure comes out as TimeoutError or ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, ms: number): Promise<T> {
  return withTimeout(
    load().catch((error: unknown) => Promise.reject(new ChunkLoadError(error))),
    ms,
  );
}
