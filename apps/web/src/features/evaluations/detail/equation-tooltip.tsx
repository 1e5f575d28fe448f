import type { ReactElement } from 'react';
import { Stack, Text } from '@mantine/core';
import { TooltipOnDemand } from '../../../components/tooltip-on-demand.tsx';
import type { EquationRef } from '@medida/domain';

/**
 * The equation's name and citation over its [n] (EquationSource). In the later cards' chunk (later-cards.tsx): the
 * detail's first screen paints its [n] links without Tooltip and floating-ui, which wrap them once that chunk is in
 * (decision 215).
 */
export function EquationTooltip({ equation, children }: { equation: EquationRef; children: ReactElement }) {
  return (
    <TooltipOnDemand
      multiline
      w={320}
      withArrow
      label={
        <Stack gap={2}>
          <Text size="xs" fw={600}>
            {equation.name}
          </Text>
          <Text size="xs">{equation.citation}</Text>
        </Stack>
      }
    >
      {children}
    </TooltipOnDemand>
  );
}
