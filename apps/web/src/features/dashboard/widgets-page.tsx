import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { DASHBOARD_CARDS, FOLLOW_UP_WEEKS_MAX, type DashboardCard, type DashboardSettings } from '@medida/contracts';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../components/decimal-input.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { apiErrorMessage, notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { DashboardCardView } from './dashboard-page.tsx';
import {
  dashboardKeys,
  fetchDashboardSettings,
  saveDashboardSettings,
  settingsKeys,
  useDashboard,
} from './dashboard-api.ts';

/** The gallery's order: the shown cards in their order, then the hidden ones. */
function galleryOf(shown: DashboardCard[]): { card: DashboardCard; shown: boolean }[] {
  return [
    ...shown.map((card) => ({ card, shown: true })),
    ...DASHBOARD_CARDS.filter((c) => !shown.includes(c)).map((card) => ({ card, shown: false })),
  ];
}

/** `widgets` (decision 114): the dashboard's cards, each with its live preview; choose which show and their order. */
export function WidgetsPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: settingsKeys.all, queryFn: ({ signal }) => fetchDashboardSettings(signal) });
  let body;
  if (query.isError) body = <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else if (query.isPending) body = <ListSkeleton testId="widgets-loading" rows={4} />;
  else body = <WidgetsEditor initial={query.data} />;
  return (
    <>
      <PageHeader title={t('widgets.title')} description={t('widgets.description')} />
      {body}
    </>
  );
}

function WidgetsEditor({ initial }: { initial: DashboardSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dashboard = useDashboard();
  const [items, setItems] = useState(() => galleryOf(initial.cards));
  const [weeks, setWeeks] = useState<number | string>(initial.follow_up_weeks);
  const weeksValid = typeof weeks === 'number' && Number.isInteger(weeks) && weeks >= 1 && weeks <= FOLLOW_UP_WEEKS_MAX;

  const save = useMutation({
    mutationFn: saveDashboardSettings,
    onSuccess: async (saved) => {
      notifySuccess(t('widgets.savedTitle'), t('widgets.saved'));
      queryClient.setQueryData(settingsKeys.all, saved);
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: notifyApiError,
  });
  const move = (index: number, by: -1 | 1) =>
    setItems((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const toggle = (index: number) =>
    setItems((current) => current.map((item, i) => (i === index ? { ...item, shown: !item.shown } : item)));

  return (
    <Stack gap="md" data-testid="widgets-gallery">
      <Card withBorder radius="md">
        <Group align="flex-end" justify="space-between" gap="md">
          <DecimalInput
            label={t('widgets.followUpWeeks')}
            description={t('widgets.followUpWeeksHint')}
            min={1}
            max={FOLLOW_UP_WEEKS_MAX}
            allowDecimal={false}
            value={weeks}
            onChange={setWeeks}
            error={weeksValid ? null : t('widgets.followUpWeeksError', { max: FOLLOW_UP_WEEKS_MAX })}
            maw={320}
            data-testid="widgets-weeks"
          />
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            disabled={!weeksValid}
            loading={save.isPending}
            onClick={() =>
              save.mutate({ cards: items.filter((i) => i.shown).map((i) => i.card), follow_up_weeks: Number(weeks) })
            }
            data-testid="widgets-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Card>
      {items.map((item, index) => (
        // An article named by its card: "Up" and "Down" are heard as this card's (decision 180).
        <Card
          key={item.card}
          component="article"
          aria-labelledby={`widget-${item.card}-title`}
          withBorder
          radius="md"
          data-testid={`widget-${item.card}`}
          opacity={item.shown ? 1 : 0.75}
        >
          <Group justify="space-between" wrap="nowrap" mb="sm">
            <Switch
              checked={item.shown}
              onChange={() => toggle(index)}
              label={
                <Title order={2} size="h5" id={`widget-${item.card}-title`}>
                  {t(`widgets.cards.${item.card}`)}
                </Title>
              }
              data-testid={`widget-toggle-${item.card}`}
            />
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="default"
                aria-label={t('widgets.up')}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                data-testid={`widget-up-${item.card}`}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label={t('widgets.down')}
                disabled={index === items.length - 1}
                onClick={() => move(index, 1)}
                data-testid={`widget-down-${item.card}`}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Group>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            {t(`widgets.descriptions.${item.card}`)}
          </Text>
          {/* The card as the dashboard shows it, from the account's own figures. */}
          {dashboard.data && <DashboardCardView card={item.card} data={dashboard.data} />}
        </Card>
      ))}
    </Stack>
  );
}
