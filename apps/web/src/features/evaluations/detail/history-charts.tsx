import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatNumber } from './format.ts';
import { TRACKED, TRACKED_UNIT, type HistoryPoint, type Tracked } from './history.ts';
const COLOUR: Record<Tracked, string> = {
  peso: 'medida.6',
  fat: 'orange.6',
  muscle: 'teal.7',
  waist: 'grape.6',
  vo2max: 'blue.6',
};

/**
 * One small chart per measure, so each keeps its own scale; a measure with no data at all (e.g. no
 * Rockport test yet) is left out rather than drawn empty.
 */
export function HistoryCharts({ points }: { points: HistoryPoint[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const shown = TRACKED.filter((key) => points.some((p) => p.values[key] !== null));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="history-charts">
      {shown.map((key) => {
        const data = points.map((p) => ({ date: dayjs(p.fecha).format('D MMM YY'), [key]: p.values[key] }));
        const values = points.map((p) => p.values[key]).filter((v): v is number => v !== null);
        const min = Math.min(...values);
        const max = Math.max(...values);
        // A little air above and below, so a flat series is not drawn on the frame.
        const pad = Math.max((max - min) * 0.15, max * 0.02, 0.5);
        return (
          <Paper key={key} withBorder radius="md" p="sm" data-testid={`history-chart-${key}`}>
            <Text size="sm" fw={600} mb={4}>
              {t(`evaluations.history.${key}`)}{' '}
              <Text span size="xs" c="dimmed" fw={400}>
                ({TRACKED_UNIT[key]})
              </Text>
            </Text>
            <LineChart
              h={170}
              data={data}
              dataKey="date"
              series={[{ name: key, label: t(`evaluations.history.${key}`), color: COLOUR[key] }]}
              curveType="linear"
              connectNulls
              withLegend={false}
              // The unit is in the title: ticks stay short whole numbers, the tooltip has one decimal.
              yAxisProps={{
                domain: [Math.floor(min - pad), Math.ceil(max + pad)],
                width: 36,
                allowDecimals: false,
                tickFormatter: (v: number) => formatNumber(v, 0, lang),
              }}
              valueFormatter={(v) => `${formatNumber(v, 1, lang)} ${TRACKED_UNIT[key]}`}
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
