import { describe, expect, it } from 'vitest';

describe('withAllStyles', () => {
  it("resolves to the chunk's module once all.css is in too, and loads all.css once", async () => {
    const { loadAllStyles, withAllStyles } = await import('./all-styles.ts');
    const load = withAllStyles(() => Promise.resolve({ Modal: 'modal' }));
    await expect(load()).resolves.toEqual({ Modal: 'modal' });
    expect(loadAllStyles()).toBe(loadAllStyles());
  });
});
