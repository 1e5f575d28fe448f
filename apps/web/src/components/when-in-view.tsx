import type { ReactNode } from 'react';
import { Box, Skeleton } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useOpenedOnce } from '../lib/use-opened-once.ts';

/**
 * A part of a page (charts) rendered once its place has scrolled into view, and kept afterwards: recharts
 * is large and its first render is a long task, which a phone's first screen does not need when the chart
 * is below it (issue 11, decision 164). A skeleton of the part's height holds the place, so nothing moves; it
 * carries `data-when-in-view` so that browser tests can scroll every waiting part into view.
 */
export function WhenInView({ height, testId, children }: { height: number; testId: string; children: ReactNode }) {
  const { ref, inViewport } = useInViewport();
  const shown = useOpenedOnce(inViewport);
  return (
    <Box ref={ref} mih={height}>
      {shown ? children : <Skeleton h={height} radius="md" data-testid={testId} data-when-in-view="" />}
    </Box>
  );
}
