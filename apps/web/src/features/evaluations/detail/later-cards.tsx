import type { ReactNode } from 'react';
import { Accordion } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The detail's cards below its first screen (decision 215): Fitness, Energy, the food guide, the risks, the laboratory,
// the equations' comparison and the history, and the tooltip over each equation's [n]. evaluation-detail-page.tsx loads this chunk once its first stage (the
// warnings, an ISAK card, Body composition) is painted, so the first screen neither downloads nor evaluates them.
export { ComparisonTable } from './comparison-table.tsx';
export { EnergyCard } from './energy-card.tsx';
export { EquationTooltip } from './equation-tooltip.tsx';
export { FitnessCard } from './fitness-card.tsx';
export { FoodGuideCard } from './food-guide-card.tsx';
export { HistorySection } from './history-section.tsx';
export { LabsCard } from './labs-card.tsx';
export { RisksCard } from './risks-card.tsx';

/** The client's simplified detail keeps the equation comparison folded away until asked for (issue 15). */
export function FoldedComparison({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    // The default variant keeps the table on the page's white: its small grey notes need that contrast.
    <Accordion variant="default" data-testid="comparison-folded">
      <Accordion.Item value="comparison">
        <Accordion.Control>{t('portal.detail.showComparison')}</Accordion.Control>
        <Accordion.Panel>{children}</Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
