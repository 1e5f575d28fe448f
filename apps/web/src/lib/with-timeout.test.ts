import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, TimeoutError, loadChunk, withTimeout } from './with-timeout.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('withTimeout', () => {
  it('resolves with the value when the promise settles in time', async () => {
    await expect(withTimeout(Promise.resolve(42), 1000)).resolves.toBe(42);
  });

  it('rejects with TimeoutError when the promise is too slow (the 120 s chunk limit)', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const result = withTimeout(never, 120_000);
    vi.advanceTimersByTime(120_000);
    await expect(result).rejects.toBeInstanceOf(TimeoutError);
  });

  it('passes the original failure through', async () => {
    await expect(withTimeout(Promise.reject(new Error('chunk 404')), 1000)).rejects.toThrow('chunk 404');
  });

  it('labels a failed chunk import as ChunkLoadError', async () => {
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 1000),
    ).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
