import type { Plugin } from 'vite';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

/**
 * Mantine's ScrollArea takes only `useMergeRefs` from `@floating-ui/react`, but the bundler keeps that library in
 * one module: a ScrollArea on the dashboard (the navbar) put all of it on the first screen (decision 171, session-16
 * addendum). Its import alone is answered with the same hook built on `@mantine/hooks`; Popover, Menu and Tooltip
 * keep the real library, in their own chunks.
 */
export function scrollAreaWithoutFloatingUi(replacement: string): Plugin {
  return {
    name: 'medida-scroll-area-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return replacement;
      return null;
    },
  };
}
