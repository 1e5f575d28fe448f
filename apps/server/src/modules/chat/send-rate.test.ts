import { describe, expect, it } from 'vitest';
import { createSendRate } from './send-rate.ts';

describe('chat send rate', () => {
  it('allows the burst, then refills at the sustained rate, per user', () => {
    let t = 0;
    const rate = createSendRate({ perSecond: 5, burst: 10, now: () => t });
    for (let i = 0; i < 10; i++) expect(rate.take(1)).toBe(true);
    expect(rate.take(1)).toBe(false);
    expect(rate.take(2)).toBe(true);
    t += 200;
    expect(rate.take(1)).toBe(true);
    expect(rate.take(1)).toBe(false);
  });

  it('forgets users whose bucket is full again', () => {
    let t = 0;
    const rate = createSendRate({ perSecond: 5, burst: 10, now: () => t });
    for (let i = 0; i < 10; i++) rate.take(1);
    t += 2000;
    rate.prune();
    for (let i = 0; i < 10; i++) expect(rate.take(1)).toBe(true);
    expect(rate.take(1)).toBe(false);
  });
});
