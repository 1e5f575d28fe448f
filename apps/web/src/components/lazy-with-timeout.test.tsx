import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyWithTimeout } from './lazy-with-timeout.tsx';

const Loaded = ({ name }: { name: string }) => <p>{`${name} is in`}</p>;

describe('lazyWithTimeout', () => {
  it('renders a preloaded chunk at once, without suspending (decision 169)', async () => {
    let loads = 0;
    const Page = lazyWithTimeout(() => {
      loads += 1;
      return Promise.resolve(Loaded);
    });
    Page.preload();
    Page.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // renderToString shows a Suspense fallback instead of content that is not ready.
    expect(renderToString(<Page name="dashboard" />)).toContain('dashboard is in');
    expect(loads).toBe(1);
  });
});
