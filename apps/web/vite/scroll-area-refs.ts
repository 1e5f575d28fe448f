import type { Plugin } from 'vite';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

/**
 * Mantine's ScrollArea takes only `useMergeRefs` from `@floating-ui/react`, but the bundler keeps that library in
 * one module: a ScrollArea on the dashboard (the navbar) put all of it on the first screen (decision 171, session-16
 * addendum). Its import alone is answered with the same hook built on `@mantine/hooks`; Popover, Menu and Tooltip
 * keep the real library, in their own chunks. A build that bundles ScrollArea without redirecting its import (a
 * Mantine release that moved the file or the import) fails, rather than quietly putting floating-ui back.
 */
export function scrollAreaWithoutFloatingUi(replacement: string): Plugin {
  let redirected = false;
  return {
    name: 'medida-scroll-area-refs',
    enforce: 'pre',
    buildStart() {
      redirected = false;
    },
    resolveId(source, importer) {
      if (source !== '@floating-ui/react' || !importer || !SCROLL_AREA.test(importer)) return null;
      redirected = true;
      return replacement;
    },
    buildEnd(error) {
      if (error || redirected) return;
      const bundlesScrollArea = [...this.getModuleIds()].some((id) => /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(id));
      if (bundlesScrollArea)
        this.error(
          'medida-scroll-area-refs: ScrollArea is bundled but its @floating-ui/react import was not redirected',
        );
    },
  };
}
