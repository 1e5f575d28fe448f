import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use.ts';

describe('onFirstUse', () => {
  it('loads once, on the first call, and shares the value', async () => {
    let loads = 0;
    const get = onFirstUse(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let calls = 0;
    const get = onFirstUse(async () => {
      calls += 1;
      if (calls === 1) throw new Error('not yet');
      return 'loaded';
    });
    await expect(get()).rejects.toThrow('not yet');
    expect(await get()).toBe('loaded');
  });
});
