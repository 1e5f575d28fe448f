import { useEffect } from 'react';
import { CHUNK_TIMEOUT_MS } from './constants.ts';
import { createOnceFlag } from './once-flag.ts';
import { loadChunk } from './with-timeout.ts';

/**
 * Every Mantine style (styles/all.css, 33 kB brotli) for the signed-in screens (decision 171). The dashboard renders
 * with styles/signed-in.css alone, so its first screen neither downloads all.css nor pays for applying it (a style
 * recalculation of the whole page); the layout's other pages and its modals load it with their own chunks.
 */
const loaded = createOnceFlag();
let loading: Promise<void> | null = null;

/** Loads all.css once. A failure (offline, timed out) settles too: the screens render with the styles they have. */
export function loadAllStyles(): Promise<void> {
  loading ??= loadChunk(() => import('./all-styles-chunk.ts'), CHUNK_TIMEOUT_MS).then(loaded.raise, loaded.raise);
  return loading;
}

/** A lazy chunk's loader that resolves once all.css is in too (a modal must not show unstyled). */
export function withAllStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllStyles()]).then(([module]) => module);
}

/** Whether all.css is in; starts loading it when `wanted`. */
export function useAllStyles(wanted: boolean): boolean {
  useEffect(() => {
    if (wanted) void loadAllStyles();
  }, [wanted]);
  return loaded.useRaised();
}
