import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the mark is once per page load.
async function load() {
  vi.resetModules();
  return import('./first-screen-shown.ts');
}

describe('first screen shown', () => {
  afterEach(() => vi.useRealTimers());

  it('is marked after the next paint when asked so, and once', async () => {
    vi.useFakeTimers();
    const shown = await load();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('document', { hidden: false });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    shown.markFirstScreenShownAfterPaint();
    vi.runAllTimers();
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    frames[1]!(16);
    // Not yet: the mark waits for a task after the next frame has started.
    shown.markFirstScreenShownAfterPaint();
    expect(frames).toHaveLength(3);
    vi.runAllTimers();
    // Marked: a later call does nothing.
    shown.markFirstScreenShownAfterPaint();
    expect(frames).toHaveLength(3);
    vi.unstubAllGlobals();
  });
});
