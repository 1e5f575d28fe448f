import { describe, expect, it } from 'vitest';
import { batched, batchedMany, keyedBatches } from './batched.ts';

/** A `one`/`many` pair that records its calls and answers when released (or at once). */
function recorder(options: { failMany?: boolean; shortMany?: boolean; bad?: number } = {}) {
  const calls: Array<['one', number] | ['many', number[]]> = [];
  const waiting: Array<() => void> = [];
  const gate = () => new Promise<void>((resolve) => waiting.push(resolve));
  const answer = (n: number) => {
    if (n === options.bad) throw new Error(`bad ${n}`);
    return n * 10;
  };
  return {
    calls,
    release: () => waiting.splice(0).forEach((resolve) => resolve()),
    run: {
      one: async (n: number) => {
        calls.push(['one', n]);
        await gate();
        return answer(n);
      },
      many: async (ns: number[]) => {
        calls.push(['many', ns]);
        await gate();
        if (options.failMany) throw new Error('batch failed');
        const answers = ns.map(answer);
        return options.shortMany ? answers.slice(1) : answers;
      },
    },
  };
}

/** Lets queued promise callbacks run, releasing whatever waits, until everything settled. */
async function settle<T>(r: { release: () => void }, promises: Array<Promise<T>>) {
  const all = Promise.allSettled(promises);
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    r.release();
  }
  return all;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched', () => {
  it('sends a call that finds nothing on its way on the next turn, alone', async () => {
    const r = recorder();
    const call = batched(r.run, { inFlight: 1, batch: 10 });
    const answer = call(4);
    expect(r.calls).toEqual([]);
    await nextTurn();
    expect(r.calls).toEqual([['one', 4]]);
    r.release();
    expect(await answer).toBe(40);
  });

  it('sends the calls made in one turn together', async () => {
    const r = recorder();
    const call = batched(r.run, { inFlight: 1, batch: 10 });
    const results = await settle(
      r,
      [1, 2, 3].map((n) => call(n)),
    );
    expect(r.calls).toEqual([['many', [1, 2, 3]]]);
    expect(results.map((s) => (s.status === 'fulfilled' ? s.value : s.reason))).toEqual([10, 20, 30]);
  });

  it('sends the calls that arrive meanwhile together, in order, at most `batch` at a time, each with its own answer', async () => {
    const r = recorder();
    const call = batched(r.run, { inFlight: 1, batch: 3 });
    const first = call(1);
    await nextTurn();
    const results = await settle(r, [first, ...[2, 3, 4, 5, 6].map((n) => call(n))]);
    expect(r.calls).toEqual([
      ['one', 1],
      ['many', [2, 3, 4]],
      ['many', [5, 6]],
    ]);
    expect(results.map((s) => (s.status === 'fulfilled' ? s.value : s.reason))).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('keeps up to `inFlight` batches on their way', async () => {
    const r = recorder();
    const call = batched(r.run, { inFlight: 2, batch: 10 });
    const pending = [call(1)];
    await nextTurn();
    pending.push(call(2));
    await nextTurn();
    pending.push(call(3), call(4));
    await nextTurn();
    expect(r.calls).toEqual([
      ['one', 1],
      ['one', 2],
    ]);
    await settle(r, pending);
    expect(r.calls[2]).toEqual(['many', [3, 4]]);
  });

  it('runs the calls of a failed batch one after the other, in the order they were made', async () => {
    const r = recorder({ failMany: true });
    const call = batched(r.run, { inFlight: 1, batch: 10 });
    const pending = [1, 2, 3].map((n) => call(n));
    await nextTurn();
    r.release(); // the batch fails
    for (let i = 0; i < 5; i++) await nextTurn();
    // The second waits for the first: an audit chain keeps the order its requests came in.
    expect(r.calls).toEqual([
      ['many', [1, 2, 3]],
      ['one', 1],
    ]);
    await settle(r, pending);
    expect(r.calls.slice(1)).toEqual([
      ['one', 1],
      ['one', 2],
      ['one', 3],
    ]);
  });

  it('runs a failed batch one by one: only the bad call fails', async () => {
    const r = recorder({ failMany: true, bad: 3 });
    const call = batched(r.run, { inFlight: 1, batch: 10 });
    const results = await settle(
      r,
      [1, 2, 3, 4].map((n) => call(n)),
    );
    expect(results.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(r.calls).toEqual([
      ['many', [1, 2, 3, 4]],
      ['one', 1],
      ['one', 2],
      ['one', 3],
      ['one', 4],
    ]);
  });

  it('does not trust a batch that answers a different number of items', async () => {
    const r = recorder({ shortMany: true });
    const call = batched(r.run, { inFlight: 1, batch: 10 });
    const results = await settle(
      r,
      [1, 2, 3].map((n) => call(n)),
    );
    expect(results.map((s) => (s.status === 'fulfilled' ? s.value : 'rejected'))).toEqual([10, 20, 30]);
    expect(r.calls.slice(1)).toEqual([
      ['one', 1],
      ['one', 2],
      ['one', 3],
    ]);
  });

  it('batchedMany sends a lone call as a batch of one, and calls of one turn together', async () => {
    const calls: number[][] = [];
    const many = async (ns: number[]) => {
      calls.push(ns);
      return ns.map((n) => n * 10);
    };
    const call = batchedMany(many);
    expect(await call(1)).toBe(10);
    expect(await Promise.all([call(2), call(3)])).toEqual([20, 30]);
    expect(calls).toEqual([[1], [2, 3]]);
  });

  it('keyedBatches keeps one queue per key while it has calls, and makes a new one once they settled', async () => {
    const made: string[] = [];
    const calls: Array<[string, number[]]> = [];
    const call = keyedBatches((key: string) => {
      made.push(key);
      return batchedMany(async (ns: number[]) => {
        calls.push([key, ns]);
        return ns.map((n) => `${key}${n}`);
      });
    });
    expect(await Promise.all([call('a', 1), call('b', 2), call('a', 3)])).toEqual(['a1', 'b2', 'a3']);
    expect(calls).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ]);
    expect(await call('a', 4)).toBe('a4');
    expect(made).toEqual(['a', 'b', 'a']);
  });
});
