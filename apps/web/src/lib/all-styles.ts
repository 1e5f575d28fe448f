import { useEffect, useSyncExternalStore } from 'react';
import { CHUNK_TIMEOUT_MS } from './constants.ts';
import { loadChunk } from './with-timeout.ts';

/**
 * Every Mantine style (styles/all.css, 33 kB brotli) for the signed-in screens (decision 171). The dashboard renders
 * with styles/signed-in.css alone, so its first screen neither downloads all.css nor pays for applying it (a style
 * recalculation of the whole page); the layout's other pages and its modals load it with their own chunks.
 */
let loaded = false;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function settle(): void {
  loaded = true;
  for (const listener of listeners) listener();
}

/** Loads all.css once. A failure (offline, timed out) settles too: the screens render with the styles they have. */
export function loadAllStyles(): Promise<void> {
  loading ??= loadChunk(() => import('./all-styles-chunk.ts'), CHUNK_TIMEOUT_MS).then(settle, settle);
  return loading;
}

/** A lazy chunk's loader that resolves once all.css is in too (a modal must not show unstyled). */
export function withAllStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllStyles()]).then(([module]) => module);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isLoaded = () => loaded;

/** Whether all.css is in; starts loading it when `wanted`. */
export function useAllStyles(wanted: boolean): boolean {
  useEffect(() => {
    if (wanted) void loadAllStyles();
  }, [wanted]);
  return useSyncExternalStore(subscribe, isLoaded, isLoaded);
}
