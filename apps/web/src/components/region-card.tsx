import { Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A card that is a region named by its heading (`labelledBy` is the heading's id): a screen reader lists it as a
 * landmark, and a browser test finds it by that name (decision 180).
 */
export function RegionCard({
  labelledBy,
  children,
  ...props
}: PaperProps & { labelledBy: string; children: ReactNode; 'data-testid'?: string; 'data-phase'?: string }) {
  return (
    <Paper
      component="section"
      aria-labelledby={labelledBy}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      {...props}
    >
      {children}
    </Paper>
  );
}
