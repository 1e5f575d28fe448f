import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * What Mantine's ScrollArea imports from `@floating-ui/react` (decision 171, session-16 addendum): the build points
 * that one import here (`vite/scroll-area-refs.ts`), so a ScrollArea on a first screen does not bring the whole
 * popover-positioning library with it.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
