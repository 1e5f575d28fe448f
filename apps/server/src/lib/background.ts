/**
 * Work done after the answer has gone out: a response that must not reveal, by its timing, what the
 * work found (password reset, registration: issue 10 item 8). Failures are logged, never thrown.
 */
export interface Background {
  run(what: string, work: () => Promise<unknown>): void;
  /** Resolves when every started job has finished (tests, graceful shutdown). */
  idle(): Promise<void>;
  /** Jobs started and not finished (the readiness check's queue). */
  pending(): number;
}

const AFTER_THE_ANSWER_MS = 10;

export function createBackground(logger: { error(obj: object, msg: string): void }): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(what, work) {
      // A timer, not setImmediate: the answer must be out before the work takes the event loop or the (in-process)
      // database, and an answer can take a turn or two of the loop to finish (the enumeration timing test saw the
      // known e-mail's reset 2 ms slower with setImmediate). 10 ms is nothing to a job that sends an e-mail.
      const job = new Promise<void>((resolve) => setTimeout(resolve, AFTER_THE_ANSWER_MS))
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
    pending: () => pending.size,
  };
}
