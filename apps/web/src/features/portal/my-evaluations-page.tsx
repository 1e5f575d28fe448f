import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconClipboardHeart, IconFileTypePdf, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { PortalEvaluation } from '@medida/contracts';
import { DISPLAY_DECIMALS } from '@medida/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { longDate } from '../../lib/long-date.ts';
import { useMeasurementUnits } from '../../lib/own-profile.ts';
import { displayUnit, inUnits } from '../../lib/units.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import {
  EvaluationListDownload,
  formatNumber,
  HistoryCharts,
  inReaderUnits,
  LevelBadge,
  useDownloadReport,
} from '../evaluations/index.ts';
import { fetchPortalEvaluations, portalKeys } from './portal-api.ts';
import { progressPoints } from './timeline.ts';

function Figure({ label, value, unit }: { label: string; value: string; unit: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}{' '}
        <Text span size="sm" fw={400}>
          {unit}
        </Text>
      </Text>
    </Stack>
  );
}

/** "Weight for your height: Normal": a category in words beside what it judges. */
function CategoryLine({ label, level, scale }: { label: string; level: string | null; scale: 'bmi' | 'fat' }) {
  if (!level) return null;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" miw={0}>
        {label}
      </Text>
      <LevelBadge level={level} scale={scale} testId={`portal-card-${scale}`} />
    </Group>
  );
}

/** One evaluation as the client reads it: when, how, the two figures it asks about, and what they mean. */
function EvaluationCard({ card }: { card: PortalEvaluation }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const units = useMeasurementUnits();
  const download = useDownloadReport();
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="portal-evaluation-card" data-id={card.id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h4">
            {longDate(card.fecha, lang)}
          </Title>
          <Badge variant="light" tt="none">
            {t(`evaluations.types.${card.evaluation_type}`)}
          </Badge>
        </Group>
        <Group gap="xl" wrap="wrap">
          <Figure
            label={t('portal.card.weight')}
            value={formatNumber(card.peso === null ? null : inUnits(card.peso, 'kg', units), 1, lang)}
            unit={displayUnit('kg', units)}
          />
          {card.body_fat_percent !== null && (
            <Figure
              label={t('portal.card.fat')}
              value={formatNumber(card.body_fat_percent, DISPLAY_DECIMALS.fatPercent, lang)}
              unit="%"
            />
          )}
        </Group>
        <Stack gap={6}>
          <CategoryLine label={t('portal.card.bmiMeaning')} level={card.bmi_category} scale="bmi" />
          <CategoryLine label={t('portal.card.fatMeaning')} level={card.fat_category} scale="fat" />
        </Stack>
        <Text size="xs" c="dimmed">
          {t('portal.card.by', { name: `${card.evaluator.nombre} ${card.evaluator.apellido}`.trim() })}
        </Text>
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.evaluation(card.id)}
            size="xs"
            rightSection={<IconChevronRight size={16} />}
            data-testid="portal-evaluation-open"
          >
            {t('portal.card.open')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFileTypePdf size={16} />}
            loading={download.isPending}
            onClick={() => download.mutate({ id: card.id, fallbackName: `evaluation-${card.id}.pdf` })}
            data-testid="portal-evaluation-pdf"
          >
            {t('portal.card.pdf')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** "My evaluations" (issue 15): the client's evaluations as a timeline, and its progress. */
export function MyEvaluationsPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: portalKeys.evaluations, queryFn: ({ signal }) => fetchPortalEvaluations(signal) });
  // The client's own units (decision 183), as in the professional's history.
  const units = useMeasurementUnits();
  const points = useMemo(() => inReaderUnits(progressPoints(query.data ?? []), units), [query.data, units]);

  return (
    <Stack gap="lg" data-testid="portal-evaluations">
      <PageHeader
        title={t('portal.evaluations.title')}
        description={t('portal.evaluations.intro')}
        actions={query.data && query.data.length > 0 ? <EvaluationListDownload hint="own" /> : undefined}
      />
      {query.isError && <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.isPending && <Skeleton h={220} radius="lg" />}
      {query.data?.length === 0 && (
        <EmptyState
          icon={<IconClipboardHeart size={32} />}
          title={t('portal.evaluations.emptyTitle')}
          description={t('portal.evaluations.emptyText')}
        />
      )}
      {query.data && query.data.length > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('portal.evaluations.timeline')}
          </Title>
          <Timeline bulletSize={18} lineWidth={2} active={query.data.length} data-testid="portal-timeline">
            {query.data.map((card) => (
              <Timeline.Item key={card.id}>
                <EvaluationCard card={card} />
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
      {query.data && points.length > 1 && (
        <Stack gap="sm" data-testid="portal-progress">
          <Title order={2} size="h3">
            {t('portal.evaluations.progress')}
          </Title>
          <HistoryCharts points={points} />
        </Stack>
      )}
    </Stack>
  );
}
