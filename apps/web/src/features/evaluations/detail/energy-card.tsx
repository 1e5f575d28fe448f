import { Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_LEVELS, type EvaluationResult } from '@medida/domain';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useMeasurementUnits } from '../../../lib/own-profile.ts';
import { displayUnit, inUnits } from '../../../lib/units.ts';
import { BmrEquations } from './bmr-equations.tsx';
import { EquationSource } from './equation-source.tsx';
import { formatNumber } from './format.ts';
import { MetricRow, ResultCard } from './result-parts.tsx';

const MACRO_COLOURS = { protein: 'red.6', carbohydrate: 'yellow.6', fat: 'blue.6' } as const;
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Whether the professional chose the primary equation and whether the client is inside its sample (decision 192). */
function bmrHint(bmr: EvaluationResult['bmr'], t: (key: string) => string): string | undefined {
  const parts = [
    bmr.chosen ? t('evaluations.results.chosenProtocol') : '',
    bmr.within_validity === false ? t('evaluations.results.outsideSample') : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** Basal metabolism (every equation, the primary one first), the energy need per activity level, and the macros. */
export function EnergyCard({ result: r }: { result: EvaluationResult }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const units = useMeasurementUnits();
  const kcal = (v: number) => formatNumber(v, 0, lang);
  const macros = (['protein', 'carbohydrate', 'fat'] as const).map((m) => ({ id: m, ...r.macros[m] }));
  return (
    <ResultCard title={t('evaluations.detail.energy')} testId="card-energy">
      <MetricRow
        label={t('evaluations.results.bmr')}
        hint={bmrHint(r.bmr, t)}
        value={r.bmr.kcal}
        decimals={0}
        unit={t('evaluations.units.kcalDay')}
        equation={r.bmr.equation}
        testId="metric-bmr"
      />
      <BmrEquations bmr={r.bmr} />
      <Group justify="space-between" mt="md" mb={4}>
        <Text size="sm" fw={600}>
          {t('evaluations.results.energyNeed')}
        </Text>
        <EquationSource equation={r.energy_equation} />
      </Group>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing={4} fz="sm" data-testid="energy-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('evaluations.results.activity')}</Table.Th>
              <Table.Th ta="right">{t('evaluations.results.min')}</Table.Th>
              <Table.Th ta="right">{t('evaluations.results.avg')}</Table.Th>
              <Table.Th ta="right">{t('evaluations.results.max')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ACTIVITY_LEVELS.map((level) => (
              <Table.Tr
                key={level}
                fw={level === r.macros.energy_level ? 700 : undefined}
                bg={level === r.macros.energy_level ? 'var(--mantine-color-medida-light)' : undefined}
              >
                <Table.Td>{t(`evaluations.activity.${level}`)}</Table.Td>
                <Table.Td ta="right" style={num}>
                  {kcal(r.energy[level].min)}
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {kcal(r.energy[level].avg)}
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {kcal(r.energy[level].max)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt={4}>
        {t('evaluations.units.kcalDayNote')}
      </Text>

      <Stack gap="xs" mt="md" data-testid="macros">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {t('evaluations.results.macros', {
              kcal: kcal(r.macros.kcal),
              level: t(`evaluations.activity.${r.macros.energy_level}`),
            })}
          </Text>
          <EquationSource equation={r.macros.equation} />
        </Group>
        <Progress.Root size={14} radius="sm">
          {macros.map((m) => (
            <Progress.Section
              key={m.id}
              value={m.percent}
              color={MACRO_COLOURS[m.id]}
              aria-label={t(`evaluations.results.${m.id}`)}
            />
          ))}
        </Progress.Root>
        <Table verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {macros.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Badge size="xs" circle color={MACRO_COLOURS[m.id]} aria-hidden>
                      {' '}
                    </Badge>
                    {t(`evaluations.results.${m.id}`)}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" fw={700} style={num} data-testid={`macro-${m.id}-g`}>
                  {formatNumber(m.g, 0, lang)} g
                </Table.Td>
                <Table.Td ta="right" c="dimmed" style={num}>
                  {kcal(m.kcal)} kcal
                </Table.Td>
                <Table.Td ta="right" c="dimmed" style={num}>
                  {formatNumber(m.percent, 0, lang)} %
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {r.macros.protein_g_per_kg !== null && r.macros.weight_basis_kg !== null && (
          <Text size="xs" c="dimmed">
            {t('evaluations.results.proteinBasis', {
              gkg: formatNumber(r.macros.protein_g_per_kg, 1, lang),
              // Grams per kilogram is how protein is prescribed; the body weight it applies to is in the reader's unit.
              weight: `${formatNumber(inUnits(r.macros.weight_basis_kg, 'kg', units), 1, lang)} ${displayUnit('kg', units)}`,
            })}
          </Text>
        )}
      </Stack>
    </ResultCard>
  );
}
