/** How many batches may be on their way at once, and how many calls one batch carries at most. */
export interface BatchLimits {
  inFlight: number;
  batch: number;
}

/** One statement on its way at a time, up to 100 calls in it: the look-ups' and appends' limits (decision 170). */
const ONE_STATEMENT_AT_A_TIME: BatchLimits = { inFlight: 1, batch: 100 };

/**
 * Calls made in the same turn of the event loop, or while others are on their way, go together (group commit,
 * decision 170). A call that finds a free slot goes on the next turn (`setImmediate`: no timer, so an idle server
 * adds next to no wait) with whatever else was called in this one; the ones that arrive while the slots are taken
 * queue and then go as one batch. `many` answers each item in order; each caller's promise settles with its own
 * answer. If a batch fails, its calls go one by one, in order, so one bad item fails only its own caller.
 */
export function batched<I, O>(
  run: { one: (item: I) => Promise<O>; many: (items: I[]) => Promise<O[]> },
  limits: BatchLimits,
): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  let inFlight = 0;

  async function alone(w: Waiting) {
    try {
      w.resolve(await run.one(w.item));
    } catch (error) {
      w.reject(error);
    }
  }

  /** Settles every call of the batch; never rejects. */
  async function flush(batch: Waiting[]) {
    if (batch.length === 1 && batch[0]) return alone(batch[0]);
    let answers: O[];
    try {
      answers = await run.many(batch.map((w) => w.item));
      if (answers.length !== batch.length) throw new Error(`${answers.length} answers for ${batch.length} calls`);
    } catch {
      // One after the other, so the items keep the order they were called in (an audit chain's order).
      for (const w of batch) await alone(w);
      return;
    }
    batch.forEach((w, i) => w.resolve(answers[i]!));
  }

  let scheduled = false;
  function pump() {
    if (scheduled) return;
    scheduled = true;
    // Requests answered by one batch go on together: their next calls are made in the same turn.
    setImmediate(() => {
      scheduled = false;
      while (inFlight < limits.inFlight && queue.length > 0) {
        inFlight += 1;
        void flush(queue.splice(0, limits.batch)).finally(() => {
          inFlight -= 1;
          pump();
        });
      }
    });
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}

/**
 * `batched` over one statement that answers many calls in their order: a lone call is a batch of one, so the
 * statement is written once.
 */
export function batchedMany<I, O>(
  many: (items: I[]) => Promise<O[]>,
  limits: BatchLimits = ONE_STATEMENT_AT_A_TIME,
): (item: I) => Promise<O> {
  return batched({ one: async (item) => (await many([item]))[0] as O, many }, limits);
}

/**
 * One `batched` queue per key (a writer): made at its key's first call, dropped once its last call has settled, so
 * keys that stop calling hold nothing.
 */
export function keyedBatches<K, I, O>(create: (key: K) => (item: I) => Promise<O>): (key: K, item: I) => Promise<O> {
  const queues = new Map<K, { run: (item: I) => Promise<O>; pending: number }>();
  return async (key, item) => {
    let queue = queues.get(key);
    if (!queue) queues.set(key, (queue = { run: create(key), pending: 0 }));
    queue.pending += 1;
    try {
      return await queue.run(item);
    } finally {
      queue.pending -= 1;
      if (queue.pending === 0) queues.delete(key);
    }
  };
}
