import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconActivity,
  IconCalendarStats,
  IconClipboardList,
  IconCoins,
  IconNetwork,
  IconPlus,
  IconTrendingUp,
  IconUsers,
} from '@tabler/icons-react';
import type { Dashboard } from '@medida/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { numberFormat } from '@medida/domain';
import { currentLanguage } from '../../lib/i18n.ts';
import { shortDate, shortDateTime } from '../../lib/long-date.ts';
import { useMeasurementUnits } from '../../lib/own-profile.ts';
import { displayUnit, inUnits } from '../../lib/units.ts';
import { CreditsExplanation } from '../credits/index.ts';
import { evaluationWizard } from '../evaluations/index.ts';
import tileClasses from './stat-tile.module.css';
import gridClasses from './dashboard-grid.module.css';
import { paths } from '../../config/paths.ts';
import { WeeklyChart } from './weekly-chart.tsx';

const day = (isoDay: string) => shortDate(isoDay, currentLanguage());
const fullName = (p: { nombre: string; apellido: string }) => `${p.nombre} ${p.apellido}`;
const decimal = (value: number) =>
  numberFormat(currentLanguage(), { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(value);

function StatTile({
  icon,
  color,
  label,
  testId,
  children,
}: {
  icon: ReactNode;
  color?: string;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="md" className={tileClasses.tile}>
      <div className={tileClasses.row}>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Stack gap={2} className={tileClasses.text}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fw={700} fz="xl" data-testid={testId}>
            {children}
          </Text>
        </Stack>
      </div>
    </Paper>
  );
}

/** A titled card; `empty` replaces the body when there is nothing to list. */
function Card({
  title,
  testId,
  empty,
  children,
}: {
  title: string;
  testId: string;
  empty?: string | false;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

/** The tiles, then what a credit is for (one line across the width rather than a tall tile). */
export function CountsCard({ counts }: { counts: Dashboard['counts'] }) {
  return (
    <Stack gap="xs" data-testid="dash-counts">
      <CountTiles counts={counts} />
      <CreditsExplanation />
    </Stack>
  );
}

function CountTiles({ counts }: { counts: Dashboard['counts'] }) {
  const { t } = useTranslation();
  return (
    <div className={gridClasses.tiles}>
      <StatTile icon={<IconUsers />} label={t('dashboard.counts.clients')} testId="dash-clients">
        {counts.clients}
      </StatTile>
      <StatTile icon={<IconNetwork />} color="teal" label={t('dashboard.counts.network')} testId="dash-network">
        {counts.network}
      </StatTile>
      <StatTile
        icon={<IconCalendarStats />}
        color="grape"
        label={t('dashboard.counts.month')}
        testId="dash-evaluations-month"
      >
        {counts.evaluations_month}
      </StatTile>
      <StatTile
        icon={<IconClipboardList />}
        color="blue"
        label={t('dashboard.counts.total')}
        testId="dash-evaluations-total"
      >
        {counts.evaluations_total}
      </StatTile>
      <StatTile icon={<IconCoins />} color="yellow" label={t('profile.credits')} testId="dashboard-credits">
        {counts.credits}
      </StatTile>
    </div>
  );
}

export function WeeklyCard({ weekly }: { weekly: Dashboard['weekly'] }) {
  const { t } = useTranslation();
  const data = weekly.map((w) => ({
    week: shortDate(w.week_start, currentLanguage(), { year: false }),
    count: w.count,
  }));
  return (
    <Card title={t('dashboard.weekly.title')} testId="dash-weekly">
      <WeeklyChart data={data} seriesLabel={t('dashboard.weekly.series')} />
    </Card>
  );
}

export function LatestCard({ latest }: { latest: Dashboard['latest'] }) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('dashboard.latest.title')}
      testId="dash-latest"
      empty={latest.length === 0 && t('dashboard.latest.empty')}
    >
      <Stack gap="xs">
        {latest.map((e) => (
          <Group key={e.id} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={paths.evaluation(e.id)} fw={600} truncate>
                {fullName(e.client)}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t(`evaluations.types.${e.evaluation_type}`)}
              </Text>
            </Stack>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {day(e.fecha)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

export function FollowUpCard({ followUp, clients }: { followUp: Dashboard['follow_up']; clients: number }) {
  const { t } = useTranslation();
  const rest = followUp.total - followUp.clients.length;
  return (
    <Card
      title={t('dashboard.followUp.title', { count: followUp.weeks })}
      testId="dash-follow-up"
      // "Every client has a recent evaluation" is true of no clients, but says something else.
      empty={followUp.total === 0 && t(clients === 0 ? 'dashboard.followUp.noClients' : 'dashboard.followUp.empty')}
    >
      <Stack gap="xs">
        {followUp.clients.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={paths.client(c.id)} fw={600} truncate>
                {fullName(c)}
              </Anchor>
              <Text size="xs" c="dimmed">
                {c.last_fecha
                  ? t('dashboard.followUp.last', { date: day(c.last_fecha) })
                  : t('dashboard.followUp.never')}
              </Text>
            </Stack>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                evaluationWizard.open({
                  id_usuario: c.id,
                  nombre: c.nombre,
                  apellido: c.apellido,
                  email: c.email,
                  rut: c.rut,
                  nacimiento: c.nacimiento,
                  sexo: c.sexo,
                })
              }
              aria-label={t('dashboard.followUp.evaluate', { name: fullName(c) })}
            >
              {t('dashboard.followUp.evaluateShort')}
            </Button>
          </Group>
        ))}
        {rest > 0 && (
          <Text size="xs" c="dimmed">
            {t('dashboard.followUp.more', { count: rest })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Change({ label, change, unit }: { label: string; change: { from: number; to: number } | null; unit: string }) {
  if (!change) return null;
  return (
    <Badge color="orange" variant="light" leftSection={<IconTrendingUp size={12} />} style={{ textTransform: 'none' }}>
      {label} {decimal(change.from)} → {decimal(change.to)} {unit}
    </Badge>
  );
}

export function WrongWayCard({ items }: { items: Dashboard['wrong_way'] }) {
  const { t } = useTranslation();
  const units = useMeasurementUnits();
  const inReaderUnits = (change: { from: number; to: number } | null) =>
    change && { from: inUnits(change.from, 'cm', units), to: inUnits(change.to, 'cm', units) };
  return (
    <Card
      title={t('dashboard.wrongWay.title')}
      testId="dash-wrong-way"
      empty={items.length === 0 && t('dashboard.wrongWay.empty')}
    >
      <Stack gap="sm">
        {items.map((w) => (
          <Stack key={w.evaluation_id} gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={paths.evaluation(w.evaluation_id)} fw={600} truncate>
                {fullName(w.client)}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {day(w.previous_fecha)} → {day(w.fecha)}
              </Text>
            </Group>
            <Group gap={6}>
              <Change label={t('dashboard.wrongWay.fat')} change={w.body_fat_percent} unit="%" />
              <Change
                label={t('dashboard.wrongWay.waist')}
                change={inReaderUnits(w.waist_cm)}
                unit={displayUnit('cm', units)}
              />
            </Group>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

export function CreditsCard({ movements }: { movements: Dashboard['credit_movements'] }) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('dashboard.credits.title')}
      testId="dash-credits"
      empty={movements.length === 0 && t('dashboard.credits.empty')}
    >
      <Stack gap="xs">
        {movements.map((m) => (
          <Group key={m.id} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <ThemeIcon size="sm" variant="light" color={m.amount > 0 ? 'teal' : 'gray'}>
                {m.kind === 'charge' ? <IconActivity size={14} /> : <IconCoins size={14} />}
              </ThemeIcon>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" truncate>
                  {m.kind === 'charge' && m.evaluation_id !== null ? (
                    <Anchor component={Link} to={paths.evaluation(m.evaluation_id)} size="sm">
                      {t('dashboard.credits.charge')}
                    </Anchor>
                  ) : (
                    t(`dashboard.credits.${m.kind}`, { name: m.counterpart ? fullName(m.counterpart) : '' })
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  {shortDateTime(m.created_at, currentLanguage())}
                </Text>
              </Stack>
            </Group>
            <Text fw={700} c={m.amount > 0 ? 'teal' : undefined} style={{ whiteSpace: 'nowrap' }}>
              {m.amount > 0 ? `+${m.amount}` : m.amount}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
