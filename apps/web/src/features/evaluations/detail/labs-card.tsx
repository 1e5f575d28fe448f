import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXAM_CATALOGUE } from '@medida/domain';
import type { ExamResult, Sex } from '@medida/domain';
import { currentLanguage } from '../../../lib/i18n.ts';
import { ClassificationNote } from './classification-note.tsx';
import { EquationSource } from './equation-source.tsx';
import { formatNumber } from './format.ts';
import { LevelBadge, ResultCard } from './result-parts.tsx';

/** The exam's type (decision 195); results stored before it have none: derived ones were calculated. */
const examType = (e: ExamResult) => e.type ?? (e.derived ? 'calculated' : EXAM_CATALOGUE[e.id].type);

/**
 * Laboratory exams, named and limited in the viewer's language (the result keeps the evaluation's): value (at the
 * precision its status was decided on, decisions 035 and 196) and unit, type, status colour, reference limits, and
 * the percentile or why there is none (decision 195; older results lack the fields and get the catalogue's text).
 */
export function LabsCard({ exams, sex }: { exams: ExamResult[]; sex: Sex }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  // Why an exam has no percentile, said once under the table (every exam shares the reason today).
  const reasons = [
    ...new Set(
      exams.filter((e) => typeof e.percentile !== 'number').map((e) => EXAM_CATALOGUE[e.id].percentile_reference[lang]),
    ),
  ];
  return (
    <ResultCard title={t('evaluations.detail.labs')} testId="card-labs">
      {exams.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('evaluations.results.noExams')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6} fz="sm" data-testid="labs-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('evaluations.results.exam')}</Table.Th>
                <Table.Th ta="right">{t('evaluations.results.value')}</Table.Th>
                <Table.Th>{t('evaluations.results.status')}</Table.Th>
                <Table.Th>{t('evaluations.results.limit')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exams.map((e) => (
                <Table.Tr key={e.id} data-testid={`lab-${e.id}`}>
                  <Table.Td>
                    <Stack gap={0}>
                      <Group gap={4} wrap="nowrap">
                        <Text size="sm">{EXAM_CATALOGUE[e.id].name[lang]}</Text>
                        <EquationSource equation={e.equation} />
                      </Group>
                      <Badge
                        size="xs"
                        variant="outline"
                        color="gray"
                        tt="none"
                        w="fit-content"
                        data-testid={`lab-type-${e.id}`}
                      >
                        {t('evaluations.results.examType')}:{' '}
                        {t(
                          examType(e) === 'calculated'
                            ? 'evaluations.results.examTypeCalculated'
                            : 'evaluations.results.examTypeMeasured',
                        )}
                      </Badge>
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    <Text span fw={700} size="sm">
                      {formatNumber(e.value, e.decimals ?? EXAM_CATALOGUE[e.id].decimals, lang)}
                    </Text>
                    {e.unit && (
                      <Text span size="xs" c="dimmed" ml={4}>
                        {e.unit}
                      </Text>
                    )}
                    {e.entered && (
                      <Text size="xs" c="dimmed">
                        {t('evaluations.results.entered', {
                          value: formatNumber(e.entered.value, 2, lang),
                          unit: e.entered.unit,
                        })}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal' }} data-testid={`lab-percentile-${e.id}`}>
                      {t('evaluations.results.percentile')}:{' '}
                      {typeof e.percentile === 'number'
                        ? formatNumber(e.percentile, 0, lang)
                        : t('evaluations.results.noPercentile')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <LevelBadge level={e.status} scale={`exam:${e.id}`} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" title={e.source}>
                      {EXAM_CATALOGUE[e.id].limit(sex)[lang]}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {reasons.map((reason) => (
        <Text key={reason} size="xs" c="dimmed" mt="xs" data-testid="percentile-reason">
          {`* ${reason}`}
        </Text>
      ))}
      {exams.length > 0 && <ClassificationNote testId="classification-note" />}
    </ResultCard>
  );
}
