/**
 * Work done after the answer has gone out: a response that must not reveal, by its timing, what the
 * work found (password reset, registration: issue 10 item 8). Failures are logged, never thrown.
 */
export interface Background {
  run(what: string, work: () => Promise<unknown>): void;
  /** Resolves when every started job has finished (tests, graceful shutdown). */
  idle(): Promise<void>;
}

export function createBackground(logger: { error(obj: object, msg: string): void }): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(what, work) {
      // setImmediate: the answer is written before the work takes the event loop or the database.
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => logger.error({ err, job: what }, 'background job failed'),
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
