import { Badge, Group, Table, Text } from '@mantine/core';
import { TooltipOnDemand } from '../../../components/tooltip-on-demand.tsx';
import { IconCheck, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FatComparison } from '@medida/domain';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useMeasurementUnits } from '../../../lib/own-profile.ts';
import { displayUnit, inUnits } from '../../../lib/units.ts';
import { EquationSource } from './equation-source.tsx';
import { formatNumber } from './format.ts';
import { ResultCard } from './result-parts.tsx';
import stacked from './stacked-table.module.css';

/**
 * The same visit through every fat equation the measurements allow (market.md §4.1): which one is the
 * headline, which are estimates, and whether the client fits the equation's derivation sample.
 */
export function ComparisonTable({ comparisons }: { comparisons: FatComparison[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const units = useMeasurementUnits();
  const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    <ResultCard
      title={t('evaluations.detail.comparison')}
      description={t('evaluations.detail.comparisonHint')}
      testId="card-comparison"
    >
      {/* On a phone each equation is a card of named lines, not a table clipped at the edge (issue 30 item 14). */}
      <Table.ScrollContainer minWidth={640} className={stacked.container}>
        <Table verticalSpacing={6} fz="sm" striped className={stacked.table} data-testid="comparison-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('evaluations.comparison.equation')}</Table.Th>
              <Table.Th ta="right">{t('evaluations.comparison.fat')}</Table.Th>
              <Table.Th ta="right">{t('evaluations.comparison.kg')}</Table.Th>
              <Table.Th>{t('evaluations.comparison.inputs')}</Table.Th>
              <Table.Th>{t('evaluations.comparison.validity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {comparisons.map((c) => (
              <Table.Tr
                key={c.equation.id}
                fw={c.primary ? 700 : undefined}
                data-testid="comparison-row"
                data-equation={c.equation.id}
                data-primary={c.primary}
              >
                <Table.Td data-label={t('evaluations.comparison.equation')} className={stacked.wide}>
                  <Group gap={6} wrap="wrap">
                    {c.primary && (
                      <TooltipOnDemand label={t('evaluations.comparison.primary')}>
                        <IconStar
                          size={14}
                          color="var(--mantine-color-yellow-7)"
                          aria-label={t('evaluations.comparison.primary')}
                        />
                      </TooltipOnDemand>
                    )}
                    <Text size="sm" fw={c.primary ? 700 : 400}>
                      {c.equation.name}
                    </Text>
                    <EquationSource equation={c.equation} />
                    {c.estimate && (
                      <Badge size="xs" variant="outline" color="gray" tt="none" style={{ flexShrink: 0 }}>
                        {t('evaluations.results.estimate')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" style={num} data-label={t('evaluations.comparison.fat')}>
                  {formatNumber(c.percent, 1, lang)} %
                </Table.Td>
                <Table.Td ta="right" style={num} data-label={t('evaluations.comparison.kg')}>
                  {formatNumber(inUnits(c.kg, 'kg', units), 1, lang)} {displayUnit('kg', units)}
                </Table.Td>
                <Table.Td data-label={t('evaluations.comparison.inputs')} className={stacked.wide}>
                  <Text size="xs" c="dimmed">
                    {c.fields.map((f) => t(`evaluations.fields.${f}`)).join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td data-label={t('evaluations.comparison.validity')}>
                  {c.within_validity ? (
                    <Group gap={4} wrap="nowrap" c="green">
                      <IconCheck size={14} />
                      <Text size="xs">{t('evaluations.comparison.within')}</Text>
                    </Group>
                  ) : (
                    <Text size="xs" c="orange">
                      {t('evaluations.comparison.outside')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ResultCard>
  );
}
