import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { CHUNK_TIMEOUT_MS } from '../lib/constants.ts';
import { loadChunk } from '../lib/with-timeout.ts';
import { ChunkErrorBoundary } from './chunk-error.tsx';
import { PageLoader } from './page-loader.tsx';

/** Loads a module and picks its component (our modules use named exports). */
type Loader<P extends object> = () => Promise<ComponentType<P>>;

/** A lazily loaded component that can start loading before it renders. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the chunk; once it is in, the component renders without suspending (no fallback). */
  preload: () => void;
};

/**
 * React.lazy with a deadline (spec §8: chunks time out after 120 s) and a retry. React.lazy caches a
 * rejected import forever, so a retry builds a fresh lazy component; if that attempt fails again the
 * page reloads, which also picks up a new deployment whose chunk names changed. Routes show the page
 * loader meanwhile; a part of a page (charts) passes its own `fallback`, or a function of the props (a button
 * that stays the same while its menu loads).
 */
export function lazyWithTimeout<P extends object = object>(
  load: Loader<P>,
  options: { timeoutMs?: number; fallback?: ReactNode | ((props: P) => ReactNode) } = {},
): PreloadableComponent<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const start = () =>
    (loading ??= loadChunk(load, options.timeoutMs ?? CHUNK_TIMEOUT_MS).then((component) => (loaded = component)));
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() => start().then((component) => ({ default: component })));
  let current = make();

  function LazyComponent(props: P) {
    const [attempt, setAttempt] = useState(0);
    // A chunk already loaded (preloaded) renders at once: suspending would show the fallback for a frame, and React
    // holds each revealed boundary back ~300 ms (decision 169). Chosen once per mount, so the page never remounts.
    const [Component, setComponent] = useState<ComponentType<P>>(() => loaded ?? current);
    const retry = () => {
      if (attempt >= 1) {
        window.location.reload();
        return;
      }
      loading = null;
      current = make();
      setComponent(() => current);
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkErrorBoundary key={attempt} onRetry={retry}>
        <Suspense
          fallback={
            typeof options.fallback === 'function' ? options.fallback(props) : (options.fallback ?? <PageLoader />)
          }
        >
          <Component {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return Object.assign(LazyComponent, { preload: () => void start().catch(() => undefined) });
}
