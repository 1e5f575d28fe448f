import '@mantine/charts/styles.css';
import { useRef, useState, type ReactNode } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Button, Card, Group, RingProgress, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { SEXES, type Charts } from '@medida/contracts';
import { IconFileTypeCsv, IconPhoto } from '@tabler/icons-react';
import { numberFormat } from '@medida/domain';
import { dayjs } from '../../lib/dates-locale.ts';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { downloadBlob, svgToPng, toCsv } from '../../lib/export-chart.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { apiErrorMessage, notifyApiError } from '../../lib/notify.ts';
import { useMeasurementUnits } from '../../lib/own-profile.ts';
import { displayUnit, inUnits } from '../../lib/units.ts';
import { useCompanies } from '../people/index.ts';
import { useCharts, type ChartsFilters } from './dashboard-api.ts';

const NO_FILTERS: ChartsFilters = { company: '', from: '', to: '', sexo: '' };
const oneDecimal = (value: number | null) =>
  value === null
    ? '—'
    : numberFormat(currentLanguage(), { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(value);
const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** A chart card with its PNG (the drawn chart) and CSV (its data) exports. */
function ChartCard({
  title,
  name,
  csv,
  children,
}: {
  title: string;
  name: string;
  csv: () => string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // The downloads are named in the reader's language (issue 30 item 13).
  const file = t(`charts.files.${name}`);
  const chart = useRef<HTMLDivElement>(null);
  const png = async () => {
    try {
      if (chart.current) downloadBlob(await svgToPng(chart.current), `${file}.png`);
    } catch (error) {
      notifyApiError(error);
    }
  };
  return (
    <Card withBorder radius="lg" padding="md" data-testid={`chart-${name}`}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="default"
            leftSection={<IconPhoto size={14} />}
            onClick={() => void png()}
            data-testid={`chart-${name}-png`}
          >
            PNG
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            leftSection={<IconFileTypeCsv size={14} />}
            onClick={() => downloadBlob(new Blob([csv()], { type: 'text/csv;charset=utf-8' }), `${file}.csv`)}
            data-testid={`chart-${name}-csv`}
          >
            CSV
          </Button>
        </Group>
      </Group>
      <div ref={chart}>{children}</div>
    </Card>
  );
}

function CategoryChart({ title, name, rows }: { title: string; name: string; rows: Charts['bmi_categories'] }) {
  const { t } = useTranslation();
  const label = (category: string) => t(`evaluations.levels.${category}`, { defaultValue: category });
  const data = rows.map((r) => ({ category: label(r.category), clients: r.clients }));
  return (
    <ChartCard
      title={title}
      name={name}
      csv={() =>
        toCsv(
          [t('charts.csv.category'), t('charts.csv.clients')],
          data.map((r) => [r.category, r.clients]),
        )
      }
    >
      {data.length === 0 ? (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          {t('charts.noData')}
        </Text>
      ) : (
        <BarChart
          h={240}
          data={data}
          dataKey="category"
          series={[{ name: 'clients', label: t('charts.csv.clients'), color: 'medida.6' }]}
          yAxisProps={{ allowDecimals: false, width: 32 }}
          gridAxis="y"
          tickLine="none"
        />
      )}
    </ChartCard>
  );
}

const HALF_MONTH_MS = 15 * 24 * 3600_000;

/** A time axis over the months that have data: ticks at those months, half a month of room at each end. */
function monthAxis(months: number[]) {
  return {
    type: 'number' as const,
    scale: 'time' as const,
    domain: [Math.min(...months) - HALF_MONTH_MS, Math.max(...months) + HALF_MONTH_MS],
    ticks: months,
    tickFormatter: (month: number) => dayjs(month).format('MMM YY'),
  };
}

function ChartsBody({ data }: { data: Charts }) {
  const { t } = useTranslation();
  // The waist in the reader's units (decision 183); the BMI and fat % have none to convert.
  const units = useMeasurementUnits();
  const waist = (cm: number | null) => round1(cm === null ? null : inUnits(cm, 'cm', units));
  const waistLabel = t('charts.waist', { unit: displayUnit('cm', units) });
  // Months as times, so the axis places them by date: a gap of three months is three times as wide as one.
  const monthly = data.monthly.map((m) => ({
    month: dayjs(`${m.month}-01`).valueOf(),
    bmi: round1(m.bmi),
    body_fat_percent: round1(m.body_fat_percent),
    waist_cm: waist(m.waist_cm),
  }));
  const share = data.improving.share;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="charts-summary">
        {t('charts.summary', {
          clients: t('charts.clientCount', { count: data.clients }),
          evaluations: t('charts.evaluationCount', { count: data.evaluations }),
        })}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CategoryChart title={t('charts.bmiTitle')} name="bmi-categories" rows={data.bmi_categories} />
        <CategoryChart title={t('charts.fatTitle')} name="fat-categories" rows={data.fat_categories} />
        <ChartCard
          title={t('charts.monthlyTitle')}
          name="monthly-averages"
          csv={() =>
            toCsv(
              [t('charts.csv.month'), t('charts.csv.evaluations'), t('charts.bmi'), t('charts.fat'), waistLabel],
              data.monthly.map((m) => [
                m.month,
                m.evaluations,
                round1(m.bmi),
                round1(m.body_fat_percent),
                waist(m.waist_cm),
              ]),
            )
          }
        >
          {monthly.length === 0 ? (
            <Text c="dimmed" size="sm" py="xl" ta="center">
              {t('charts.noData')}
            </Text>
          ) : (
            <LineChart
              h={240}
              data={monthly}
              dataKey="month"
              withLegend
              connectNulls
              series={[
                { name: 'bmi', label: t('charts.bmi'), color: 'medida.6' },
                { name: 'body_fat_percent', label: t('charts.fat'), color: 'orange.6' },
                { name: 'waist_cm', label: waistLabel, color: 'teal.6' },
              ]}
              xAxisProps={monthAxis(monthly.map((m) => m.month))}
              tooltipProps={{ labelFormatter: (month: ReactNode) => dayjs(Number(month)).format('MMMM YYYY') }}
              yAxisProps={{ width: 32 }}
              tickLine="none"
            />
          )}
        </ChartCard>
        <ChartCard
          title={t('charts.improvingTitle')}
          name="improving"
          csv={() =>
            toCsv(
              [t('charts.csv.compared'), t('charts.csv.improved'), t('charts.csv.share')],
              [
                [
                  data.improving.compared,
                  data.improving.improved,
                  share === null ? null : Math.round(share * 1000) / 10,
                ],
              ],
            )
          }
        >
          <Group gap="lg" wrap="nowrap" py="sm">
            <RingProgress
              size={150}
              thickness={16}
              roundCaps
              sections={share === null ? [] : [{ value: share * 100, color: 'teal.6' }]}
              label={
                <Text ta="center" fw={700} fz="xl" data-testid="charts-improving-share">
                  {share === null ? '—' : `${oneDecimal(share * 100)} %`}
                </Text>
              }
            />
            <Text size="sm">
              {data.improving.compared === 0
                ? t('charts.improvingNone')
                : t('charts.improvingText', { improved: data.improving.improved, compared: data.improving.compared })}
            </Text>
          </Group>
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}

/** `charts` (decision 115): analytics over the professional's own evaluations, computed by the server. */
export function ChartsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ChartsFilters>(NO_FILTERS);
  const companies = useCompanies();
  const query = useCharts(filters);
  const set = (patch: Partial<ChartsFilters>) => setFilters((current) => ({ ...current, ...patch }));

  let body;
  if (query.isError && !query.data) {
    body = <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  } else if (!query.data) body = <ListSkeleton testId="charts-loading" rows={4} />;
  else body = <ChartsBody data={query.data} />;
  return (
    <>
      <PageHeader title={t('charts.title')} description={t('charts.description')} />
      <Card withBorder radius="lg" padding="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t('fields.company')}
            placeholder={t('charts.anyCompany')}
            data={(companies.data?.companies ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={filters.company || null}
            onChange={(v) => set({ company: v ?? '' })}
            clearable
            data-testid="charts-company"
          />
          <DatePickerInput
            type="range"
            label={t('charts.dates')}
            placeholder={t('charts.anyDate')}
            valueFormat="D MMM YYYY"
            clearable
            allowSingleDateInRange
            value={[filters.from || null, filters.to || null]}
            onChange={([from, to]) => set({ from: from ?? '', to: to ?? '' })}
            data-testid="charts-dates"
          />
          <Select
            label={t('fields.sexo')}
            placeholder={t('charts.anySex')}
            data={SEXES.map((s) => ({ value: s, label: t(`sexo.${s}`) }))}
            value={filters.sexo || null}
            onChange={(v) => set({ sexo: v ?? '' })}
            clearable
            data-testid="charts-sexo"
          />
        </SimpleGrid>
      </Card>
      {body}
    </>
  );
}
