import { Group, Table, Text } from '@mantine/core';
import { TooltipOnDemand } from '../../../components/tooltip-on-demand.tsx';
import { IconCheck, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EQUATIONS, type EquationRef, type EvaluationResult } from '@medida/domain';
import { currentLanguage } from '../../../lib/i18n.ts';
import { EquationSource } from './equation-source.tsx';
import { formatNumber } from './format.ts';
import stacked from './stacked-table.module.css';

type T = (key: string, options?: Record<string, unknown>) => string;

/** Who each equation was derived in, by id, from the engine's registry (decision 192). */
const SAMPLES = new Map(EQUATIONS.map((e) => [e.id, e.sample]));

/** The derivation sample in the reader's language: ages (per sex where they differ), one sex only, athletes. */
function sampleText(id: string, t: T): string {
  const s = SAMPLES.get(id);
  if (!s) return '';
  const parts: string[] = [];
  if (!Number.isFinite(s.maxAge)) parts.push(t('evaluations.bmrTable.allAges'));
  else if (s.women)
    parts.push(
      t('evaluations.bmrTable.agesBySex', { min: s.minAge, max: s.maxAge, wmin: s.women.minAge, wmax: s.women.maxAge }),
    );
  else parts.push(t('evaluations.bmrTable.ages', { min: s.minAge, max: s.maxAge }));
  if (s.sex) parts.push(t(s.sex === 'M' ? 'evaluations.bmrTable.menOnly' : 'evaluations.bmrTable.womenOnly'));
  if (s.athletes) parts.push(t('evaluations.bmrTable.athletes'));
  return parts.join(' · ');
}

interface Row {
  kcal: number;
  equation: EquationRef;
  within_validity?: boolean;
  primary: boolean;
}

/**
 * Every resting-energy equation for this client: the primary one (starred; chosen by the professional or the
 * default), then the others, each with its derivation sample and whether the client is inside it.
 */
export function BmrEquations({ bmr }: { bmr: EvaluationResult['bmr'] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  const rows: Row[] = [
    { kcal: bmr.kcal, equation: bmr.equation, within_validity: bmr.within_validity, primary: true },
    ...bmr.alternatives.map((a) => ({ ...a, primary: false })),
  ];
  return (
    <>
      <Text size="sm" fw={600} mt="md">
        {t('evaluations.bmrTable.title')}
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        {t('evaluations.bmrTable.hint')}
      </Text>
      <Table.ScrollContainer minWidth={400} className={stacked.container}>
        <Table verticalSpacing={4} fz="sm" striped className={stacked.table} data-testid="bmr-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('evaluations.bmrTable.equationAndSample')}</Table.Th>
              <Table.Th ta="right">{t('evaluations.units.kcalDay')}</Table.Th>
              <Table.Th>{t('evaluations.bmrTable.validity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.equation.id}
                fw={row.primary ? 700 : undefined}
                data-testid="bmr-row"
                data-equation={row.equation.id}
                data-primary={row.primary}
              >
                <Table.Td data-label={t('evaluations.bmrTable.equation')} className={stacked.wide}>
                  <Group gap={6} wrap="wrap" align="baseline">
                    {row.primary && (
                      <TooltipOnDemand label={t('evaluations.bmrTable.primary')}>
                        <IconStar
                          size={14}
                          color="var(--mantine-color-yellow-7)"
                          aria-label={t('evaluations.bmrTable.primary')}
                        />
                      </TooltipOnDemand>
                    )}
                    <Text size="sm" fw={row.primary ? 700 : 400}>
                      {row.equation.name}
                    </Text>
                    <EquationSource equation={row.equation} />
                  </Group>
                  {/* The sample under the name: one column fewer, so the card fits half the page's width. */}
                  <Text size="xs" c="dimmed" data-testid="bmr-sample">
                    {t('evaluations.bmrTable.sample')}: {sampleText(row.equation.id, t)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={num} data-label={t('evaluations.units.kcalDay')}>
                  {formatNumber(row.kcal, 0, lang)}
                </Table.Td>
                <Table.Td data-label={t('evaluations.bmrTable.validity')} data-testid="bmr-validity">
                  <Validity within={row.within_validity} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** Inside the sample, outside it, or not judged (a result stored before the engine judged it). */
function Validity({ within }: { within: boolean | undefined }) {
  const { t } = useTranslation();
  if (within === undefined)
    return (
      <Text size="xs" c="dimmed">
        {t('evaluations.bmrTable.notJudged')}
      </Text>
    );
  return within ? (
    <Group gap={4} wrap="nowrap" c="green">
      <IconCheck size={14} />
      <Text size="xs">{t('evaluations.comparison.within')}</Text>
    </Group>
  ) : (
    <Text size="xs" c="orange">
      {t('evaluations.bmrTable.outside')}
    </Text>
  );
}
