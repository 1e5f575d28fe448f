import { describe, expect, it } from 'vitest';
import { createResponseStore } from './response-store.ts';

const json = (n: number) => ({ body: 'x'.repeat(n), contentType: 'application/json; charset=utf-8' });

describe('response store', () => {
  it('keeps the most recently used answers within its byte bound', () => {
    const store = createResponseStore({ maxBytes: 8_000, ttlMs: 60_000, now: () => 0 });
    for (const key of ['a', 'b', 'c', 'd']) store.set(key, 1, 1, json(700));
    expect(store.get('a', 1, 1)).toBeDefined(); // a is now the most recent
    for (const key of ['e', 'f', 'g', 'h', 'i']) store.set(key, 1, 1, json(700));
    expect(store.stats().bytes).toBeLessThanOrEqual(8_000);
    expect(store.get('b', 1, 1)).toBeUndefined();
    expect(store.get('a', 1, 1)).toBeDefined();
    expect(store.get('i', 1, 1)).toBeDefined();
  });

  it('does not keep one answer larger than an eighth of the bound', () => {
    const store = createResponseStore({ maxBytes: 8_000, ttlMs: 60_000, now: () => 0 });
    store.set('big', 1, 1, json(2_000));
    expect(store.get('big', 1, 1)).toBeUndefined();
  });

  it("drops an account's answers when a newer version is seen, and never stores an older version's", () => {
    const store = createResponseStore({ maxBytes: 1_000_000, ttlMs: 60_000, now: () => 0 });
    store.set('a1', 1, 5, json(10));
    store.set('b1', 2, 5, json(10));
    expect(store.get('x', 1, 6)).toBeUndefined();
    expect(store.stats().entries).toBe(1); // account 1's entry went, account 2's stayed
    store.set('late', 1, 5, json(10)); // a request that began before the write
    expect(store.get('late', 1, 5)).toBeUndefined();
    expect(store.get('b1', 2, 5)).toBeDefined();
  });

  it('serves an answer only while it is younger than the time limit', () => {
    let now = 0;
    const store = createResponseStore({ maxBytes: 1_000_000, ttlMs: 1_000, now: () => now });
    store.set('a', 1, 1, json(10));
    now = 999;
    expect(store.get('a', 1, 1)).toBeDefined();
    now = 1_000;
    expect(store.get('a', 1, 1)).toBeUndefined();
    expect(store.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});
