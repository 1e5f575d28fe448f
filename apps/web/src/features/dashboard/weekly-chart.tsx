import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/**
 * The dashboard's weekly bars, in their own chunk: recharts is most of the dashboard's code, so it loads after
 * the cards show. 200 px high, the height dashboard-cards.tsx reserves while it loads.
 */
export function WeeklyChart({ data, seriesLabel }: { data: { week: string; count: number }[]; seriesLabel: string }) {
  return (
    <BarChart
      h={200}
      data={data}
      dataKey="week"
      series={[{ name: 'count', label: seriesLabel, color: 'medida.6' }]}
      yAxisProps={{ allowDecimals: false, width: 32 }}
      gridAxis="x"
      tickLine="none"
    />
  );
}
