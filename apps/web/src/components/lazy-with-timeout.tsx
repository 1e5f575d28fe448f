import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_TIMEOUT_MS } from '../lib/constants.ts';
import { loadChunk } from '../lib/with-timeout.ts';
import { ChunkErrorBoundary } from './chunk-error.tsx';
import { PageLoader } from './page-loader.tsx';

/** Loads a route module and picks its page component (our modules use named exports). */
type Loader = () => Promise<ComponentType>;

/**
 * React.lazy with a deadline (spec §8: chunks time out after 120 s) and a retry. React.lazy caches a
 * rejected import forever, so a retry builds a fresh lazy component; if that attempt fails again the
 * page reloads, which also picks up a new deployment whose chunk names changed.
 */
export function lazyWithTimeout(load: Loader, timeoutMs: number = CHUNK_TIMEOUT_MS): ComponentType {
  const make = (): LazyExoticComponent<ComponentType> =>
    lazy(() => loadChunk(load, timeoutMs).then((component) => ({ default: component })));
  let current = make();

  function LazyRoute() {
    const [attempt, setAttempt] = useState(0);
    const Page = current;
    const retry = () => {
      if (attempt >= 1) {
        window.location.reload();
        return;
      }
      current = make();
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageLoader />}>
          <Page />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return LazyRoute;
}
