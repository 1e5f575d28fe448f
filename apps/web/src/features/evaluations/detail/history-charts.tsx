import '@mantine/charts/styles.css';
import { ChartTooltip, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { dayjs } from '../../../lib/dates-locale.ts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatNumber } from './format.ts';
import { useMeasurementUnits } from '../../../lib/own-profile.ts';
import { comparableRuns, TRACKED, trackedUnit, type HistoryPoint, type Tracked } from './history.ts';

const COLOUR: Record<Tracked, string> = {
  peso: 'medida.6',
  fat: 'orange.6',
  muscle: 'teal.7',
  waist: 'grape.6',
  vo2max: 'blue.6',
  sum6: 'red.7',
  sum8: 'cyan.7',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const time = (fecha: string) => dayjs(fecha).valueOf();

/**
 * One row per evaluation at its date, the value under the series of its run (`fat_0`, `fat_1`…): one
 * line per run of comparable values, so the line breaks where the method or equation changes.
 */
function chartData(points: HistoryPoint[], key: Tracked) {
  const runs = comparableRuns(points, key);
  const data = runs.flatMap((run, i) => run.map((p) => ({ at: time(p.fecha), [`${key}_${i}`]: p.values[key] })));
  return { runs, data: data.sort((a, b) => a.at - b.at) };
}

/**
 * One small chart per measure, so each keeps its own scale; a measure with no data at all (e.g. no
 * Rockport test yet) is left out rather than drawn empty. Points sit at their dates (a time axis), so
 * two visits a week apart are drawn close and a year's gap looks like one.
 */
export function HistoryCharts({ points }: { points: HistoryPoint[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const units = useMeasurementUnits();
  const shown = TRACKED.filter((key) => points.some((p) => p.values[key] !== null));
  const firstPoint = points[0];
  const lastPoint = points.at(-1);
  const first = firstPoint ? time(firstPoint.fecha) : 0;
  const last = lastPoint ? time(lastPoint.fecha) : 0;
  const margin = Math.max((last - first) * 0.06, 3 * DAY_MS);
  // Short ticks over more than a year carry the year; within one, the day.
  const tickFormat = last - first > 365 * DAY_MS ? 'MMM YY' : 'D MMM';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="history-charts">
      {shown.map((key) => {
        const { runs, data } = chartData(points, key);
        const label = t(`evaluations.history.${key}`);
        const series = runs.map((_, i) => ({ name: `${key}_${i}`, label, color: COLOUR[key] }));
        const values = points.map((p) => p.values[key]).filter((v): v is number => v !== null);
        const min = Math.min(...values);
        const max = Math.max(...values);
        // A little air above and below, so a flat series is not drawn on the frame.
        const pad = Math.max((max - min) * 0.15, max * 0.02, 0.5);
        const format = (v: number) => `${formatNumber(v, 1, lang)} ${trackedUnit(key, units)}`;
        return (
          <Paper key={key} withBorder radius="md" p="sm" data-testid={`history-chart-${key}`} data-runs={runs.length}>
            <Text size="sm" fw={600} mb={4}>
              {label}{' '}
              <Text span size="xs" c="dimmed" fw={400}>
                ({trackedUnit(key, units)})
              </Text>
            </Text>
            <LineChart
              h={190}
              data={data}
              dataKey="at"
              series={series}
              curveType="linear"
              connectNulls
              withLegend={false}
              xAxisLabel={t('evaluations.history.dateAxis')}
              yAxisLabel={trackedUnit(key, units)}
              xAxisProps={{
                type: 'number',
                scale: 'time',
                domain: [first - margin, last + margin],
                tickFormatter: (v: number) => dayjs(v).format(tickFormat),
                minTickGap: 24,
              }}
              // The unit is in the title: ticks stay short whole numbers, the tooltip has one decimal.
              yAxisProps={{
                domain: [Math.floor(min - pad), Math.ceil(max + pad)],
                width: 36,
                allowDecimals: false,
                tickFormatter: (v: number) => formatNumber(v, 0, lang),
              }}
              tooltipProps={{
                content: ({ label: at, payload }) => (
                  <ChartTooltip
                    label={typeof at === 'number' ? dayjs(at).format('D MMM YYYY') : ''}
                    payload={payload}
                    series={series}
                    valueFormatter={format}
                  />
                ),
              }}
              valueFormatter={format}
              dotProps={{ r: 4 }}
              gridAxis="y"
              tickLine="none"
            />
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
