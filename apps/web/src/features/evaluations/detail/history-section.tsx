import { Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { dayjs } from '../../../lib/dates-locale.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyWithTimeout } from '../../../components/lazy-with-timeout.tsx';
import { WhenInView } from '../../../components/when-in-view.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatDelta, formatNumber } from './format.ts';
import {
  changeSincePrevious,
  ISAK_ONLY,
  methodChanged,
  TRACKED,
  trackedUnit,
  type Change,
  type HistoryPoint,
  type Tracked,
} from './history.ts';
import { SomatotypeChanges } from './somatotype-changes.tsx';
import { paths } from '../../../config/paths.ts';
import { useMeasurementUnits } from '../../../lib/own-profile.ts';
import stacked from './stacked-table.module.css';

// The charts (recharts, most of this page's code) load only when a history is shown and in view (issue 11).
export const HistoryCharts = lazyWithTimeout(() => import('./history-charts.tsx').then((m) => m.HistoryCharts), {
  fallback: <Skeleton h={220} radius="md" data-testid="history-charts-loading" />,
});

/** Whether a rise is good news: colour only where the direction has a clear meaning. */
const RISE_IS_GOOD: Partial<Record<Tracked, boolean>> = { fat: false, waist: false, muscle: true, vo2max: true };

function deltaColour(key: Tracked, delta: Change): string {
  const good = RISE_IS_GOOD[key];
  if (typeof delta !== 'number' || good === undefined || Math.abs(delta) < 0.05) return 'dimmed';
  // The theme's readable text shades (readable-colors.ts): ≥ 4.5:1 on white and on the highlighted row's
  // background, where red.9 was 4.45:1 and green.9 4.4:1 on white (axe, issue 30 item 15).
  return delta > 0 === good ? 'var(--mantine-color-green-text)' : 'var(--mantine-color-red-text)';
}

/** A change as shown: signed number, or "other method"/"other equation" where the values are not comparable. */
function ChangeText({ change, unit }: { change: Change; unit?: string }) {
  const { t } = useTranslation();
  if (change === 'method' || change === 'equation') {
    return (
      <Text span size="xs" c="dimmed" fs="italic" data-testid="history-not-compared" data-reason={change}>
        {t(change === 'method' ? 'evaluations.history.otherMethod' : 'evaluations.history.otherEquation')}
      </Text>
    );
  }
  return (
    <>
      {formatDelta(change, 1, currentLanguage())}
      {unit ? ` ${unit}` : ''}
    </>
  );
}

function ChangeSummary({ points, currentId }: { points: HistoryPoint[]; currentId: number }) {
  const { t } = useTranslation();
  const units = useMeasurementUnits();
  const change = changeSincePrevious(points, currentId);
  const previous = points[points.findIndex((p) => p.id === currentId) - 1];
  if (!change || !previous) return null;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" data-testid="history-change">
      <Text size="sm" fw={600} mb={6}>
        {t('evaluations.history.sincePrevious', { date: dayjs(previous.fecha).format('D MMM YYYY') })}
      </Text>
      <Group gap="lg">
        {TRACKED.filter((key) => change[key] !== null).map((key) => (
          <Stack key={key} gap={0} data-testid={`change-${key}`}>
            <Text size="xs" c="dimmed">
              {t(`evaluations.history.${key}`)}
            </Text>
            <Text fw={700} c={deltaColour(key, change[key])} style={{ fontVariantNumeric: 'tabular-nums' }}>
              <ChangeText
                change={change[key]}
                unit={key === 'fat' ? t('evaluations.history.points') : trackedUnit(key, units)}
              />
            </Text>
          </Stack>
        ))}
      </Group>
    </Paper>
  );
}

/** The client's evaluations over time: change since the previous one, a table and one chart per measure. */
export function HistorySection({ points, currentId }: { points: HistoryPoint[]; currentId: number }) {
  const { t } = useTranslation();
  const units = useMeasurementUnits();
  const lang = currentLanguage();
  // Σ6 and Σ8 columns only for a client with an ISAK profile: an empty column on every other client says nothing.
  const columns = TRACKED.filter((key) => !ISAK_ONLY.has(key) || points.some((p) => p.values[key] !== null));
  const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="evaluation-history">
      <Title order={4} mb="sm">
        {t('evaluations.history.title')}
      </Title>
      {points.length < 2 ? (
        <Text size="sm" c="dimmed" mb="sm" data-testid="history-first">
          {t('evaluations.history.first')}
        </Text>
      ) : (
        <Stack gap="md" mb="md">
          <ChangeSummary points={points} currentId={currentId} />
          <SomatotypeChanges points={points} />
        </Stack>
      )}
      {/* On a phone each evaluation is a card of named lines, not a table scrolled sideways (issue 30 item 14). */}
      <Table.ScrollContainer minWidth={640} className={stacked.container}>
        <Table verticalSpacing={6} fz="sm" highlightOnHover className={stacked.table} data-testid="history-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('evaluations.list.date')}</Table.Th>
              <Table.Th>{t('evaluations.list.method')}</Table.Th>
              {columns.map((key) => (
                <Table.Th key={key} ta="right">
                  {t(`evaluations.history.${key}`)}{' '}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {trackedUnit(key, units)}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...points].reverse().map((p) => {
              const change = changeSincePrevious(points, p.id);
              return (
                <Table.Tr
                  key={p.id}
                  bg={p.id === currentId ? 'var(--mantine-color-medida-light)' : undefined}
                  data-testid="history-row"
                  data-id={p.id}
                >
                  <Table.Td style={num} data-label={t('evaluations.list.date')}>
                    {p.id === currentId ? (
                      <Group gap={6} wrap="nowrap">
                        {dayjs(p.fecha).format('D MMM YYYY')}
                        <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                          {t('evaluations.history.thisOne')}
                        </Badge>
                      </Group>
                    ) : (
                      <Text component={Link} to={paths.evaluation(p.id)} size="sm" c="medida.7" td="underline">
                        {dayjs(p.fecha).format('D MMM YYYY')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t('evaluations.list.method')}>
                    <Stack gap={2} align="flex-start">
                      {t(`evaluations.types.${p.evaluation_type}`)}
                      {methodChanged(points, p.id) && (
                        <Badge size="xs" variant="outline" color="orange" tt="none" data-testid="history-method-change">
                          {t('evaluations.history.methodChange')}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Td>
                  {columns.map((key) => (
                    <Table.Td
                      key={key}
                      ta="right"
                      style={num}
                      data-label={`${t(`evaluations.history.${key}`)} ${trackedUnit(key, units)}`.trim()}
                    >
                      {formatNumber(p.values[key], 1, lang)}
                      {change && change[key] !== null && (
                        <Text span size="xs" ml={6} c={deltaColour(key, change[key])}>
                          <ChangeText change={change[key]} />
                        </Text>
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack mt="md" gap="xs">
        {points.length > 1 && (
          <Text size="xs" c="dimmed">
            {t('evaluations.history.notCompared')}
          </Text>
        )}
        {/* Below the first screen: the charts load when they scroll into view (decision 164). */}
        <WhenInView height={220} testId="history-charts-loading">
          <HistoryCharts points={points} />
        </WhenInView>
      </Stack>
    </Paper>
  );
}
