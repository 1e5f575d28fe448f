import { Box, SegmentedControl, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FoodGuide } from '@medida/domain';
import { currentLanguage } from '../../../lib/i18n.ts';
import { EquationSource } from './equation-source.tsx';
import { formatNumber } from './format.ts';
import { ResultCard } from './result-parts.tsx';

const cell = (colour: string) => ({
  background: `var(--mantine-color-${colour}-light)`,
  fontVariantNumeric: 'tabular-nums' as const,
  whiteSpace: 'nowrap' as const,
});

/** The note under each country's guide (decision 187); the UK traffic light needs none. */
const NOTE: Partial<Record<FoodGuide['system'], string>> = {
  chile_ley_20606: 'evaluations.foodGuide.chileNote',
  brazil_rdc_429: 'evaluations.foodGuide.brazilNote',
  us_fda_daily_value: 'evaluations.foodGuide.usNote',
};

/**
 * The food guide of the client's country (formulas.md §7, decision 187): per 100 g or 100 mL (per serving in
 * the US), green up to a limit, red above (or from) another. The client reads a label against these.
 */
export function FoodGuideCard({ guide }: { guide: FoodGuide }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form, setForm] = useState<'solid' | 'liquid'>('solid');
  const n = (v: number) => formatNumber(v, v < 1 ? 2 : v < 10 ? 1 : 0, lang);
  // Warning-label systems have no amber band: a food carries the warning or it does not.
  const binary = guide.system === 'chile_ley_20606' || guide.system === 'brazil_rdc_429';
  const perServing = guide.basis.solid === 'per_serving';
  const note = NOTE[guide.system];
  return (
    <ResultCard
      title={t('evaluations.detail.foodGuide')}
      description={t(`evaluations.foodGuide.${guide.system}`)}
      testId="card-food-guide"
      action={<EquationSource equation={guide.equation} />}
    >
      {/* Per serving, foods and drinks share one table. */}
      {!perServing && (
        <SegmentedControl
          size="xs"
          mb="sm"
          value={form}
          onChange={(v) => setForm(v as 'solid' | 'liquid')}
          aria-label={t('evaluations.foodGuide.formLabel')}
          data={[
            { value: 'solid', label: t('evaluations.foodGuide.solid') },
            { value: 'liquid', label: t('evaluations.foodGuide.liquid') },
          ]}
        />
      )}
      <Table.ScrollContainer minWidth={320}>
        <Table fz="sm" verticalSpacing={6} withColumnBorders data-testid="food-guide-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                {t(
                  perServing
                    ? 'evaluations.foodGuide.perServing'
                    : form === 'solid'
                      ? 'evaluations.foodGuide.per100g'
                      : 'evaluations.foodGuide.per100ml',
                )}
              </Table.Th>
              <Table.Th ta="center" c="green">
                {t('evaluations.foodGuide.green')}
              </Table.Th>
              {!binary && (
                <Table.Th ta="center" c="orange">
                  {t('evaluations.foodGuide.amber')}
                </Table.Th>
              )}
              <Table.Th ta="center" c="red">
                {t('evaluations.foodGuide.red')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {guide.thresholds[form].map((row) => (
              <Table.Tr key={row.nutrient}>
                <Table.Td>{t(`evaluations.foodGuide.nutrients.${row.nutrient}`)}</Table.Td>
                <Table.Td ta="center" style={cell('green')}>
                  ≤ {n(row.green_max)} {row.unit}
                </Table.Td>
                {!binary && (
                  <Table.Td ta="center" style={cell('yellow')}>
                    {n(row.green_max)}–{n(row.red_above)} {row.unit}
                  </Table.Td>
                )}
                <Table.Td ta="center" style={cell('red')}>
                  {row.red_inclusive ? '≥' : '>'} {n(row.red_above)} {row.unit}
                  {row.label && (
                    <Box>
                      <Text span size="xs" fw={700}>
                        {row.label}
                      </Text>
                    </Box>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {note && (
        <Text size="xs" c="dimmed" mt={4}>
          {t(note)}
        </Text>
      )}
    </ResultCard>
  );
}
