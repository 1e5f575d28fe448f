import { describe, expect, it } from 'vitest';
import { createInProcessQueue, jobKind, type JobAttempt } from './jobs.ts';

const kind = jobKind<{ n: number }>({ name: 'test', retryLimit: 2, retryDelaySeconds: 0, expireInSeconds: 60 });
const quiet = { error: () => {} };

describe('the in-process job queue (decision 224)', () => {
  it('runs a job sent before its worker exists, once it does; settled waits for it', async () => {
    const queue = createInProcessQueue(quiet);
    const seen: number[] = [];
    const id = await queue.send(kind, { n: 1 });
    await queue.work(kind, async ({ n }) => void seen.push(n));
    await queue.settled(kind, id);
    expect(seen).toEqual([1]);
    await queue.stop(100);
  });

  it('retries a failed run up to retryLimit, telling the handler which run is the last', async () => {
    const queue = createInProcessQueue(quiet);
    const attempts: JobAttempt[] = [];
    await queue.work(kind, async (_data, attempt) => {
      attempts.push(attempt);
      if (!attempt.last) throw new Error('SMTP is down');
    });
    await queue.settled(kind, await queue.send(kind, { n: 2 }));
    expect(attempts).toEqual([
      { retryCount: 0, last: false },
      { retryCount: 1, last: false },
      { retryCount: 2, last: true },
    ]);
    await queue.stop(100);
  });

  it('a job that fails every run settles (failed for good) after its last', async () => {
    const queue = createInProcessQueue(quiet);
    let runs = 0;
    await queue.work(kind, async () => {
      runs++;
      throw new Error('always');
    });
    await queue.settled(kind, await queue.send(kind, { n: 3 }));
    expect(runs).toBe(3);
    await queue.stop(100);
  });

  it('stop waits for the running handlers up to its timeout and drops the delayed jobs', async () => {
    const queue = createInProcessQueue(quiet);
    let finished = false;
    let delayedRan = false;
    await queue.work(kind, async ({ n }) => {
      if (n === 5) delayedRan = true;
      else {
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished = true;
      }
    });
    await queue.send(kind, { n: 4 });
    const delayed = await queue.send(kind, { n: 5 }, { startAfterSeconds: 60 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queue.running()).toBe(1);
    await queue.stop(1000);
    expect(finished).toBe(true);
    expect(queue.running()).toBe(0);
    await queue.settled(kind, delayed);
    expect(delayedRan).toBe(false);
  });
});
