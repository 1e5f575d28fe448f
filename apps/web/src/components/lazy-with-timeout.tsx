import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { CHUNK_TIMEOUT_MS } from '../lib/constants.ts';
import { loadChunk } from '../lib/with-timeout.ts';
import { ChunkErrorBoundary } from './chunk-error.tsx';
import { PageLoader } from './page-loader.tsx';

/** Loads a module and picks its component (our modules use named exports). */
type Loader<P extends object> = () => Promise<ComponentType<P>>;

/**
 * React.lazy with a deadline (spec §8: chunks time out after 120 s) and a retry. React.lazy caches a
 * rejected import forever, so a retry builds a fresh lazy component; if that attempt fails again the
 * page reloads, which also picks up a new deployment whose chunk names changed. Routes show the page
 * loader meanwhile; a part of a page (charts) passes its own `fallback`.
 */
export function lazyWithTimeout<P extends object = object>(
  load: Loader<P>,
  options: { timeoutMs?: number; fallback?: ReactNode } = {},
): ComponentType<P> {
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() => loadChunk(load, options.timeoutMs ?? CHUNK_TIMEOUT_MS).then((component) => ({ default: component })));
  let current = make();

  function LazyComponent(props: P) {
    const [attempt, setAttempt] = useState(0);
    const Component = current;
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
        <Suspense fallback={options.fallback ?? <PageLoader />}>
          <Component {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return LazyComponent;
}
