import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconLayoutDashboard, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useProfile } from '../../lib/session.ts';
import { CreditsExplanation } from '../credits/index.ts';

function StatTile({
  icon,
  color,
  label,
  testId,
  children,
  footer,
}: {
  icon: ReactNode;
  color?: string;
  label: string;
  testId: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Group wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fw={700} fz="xl" data-testid={testId}>
            {children}
          </Text>
        </Stack>
      </Group>
      {footer && <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{footer}</div>}
    </Paper>
  );
}

/** The signed-in user's real account facts; the activity widgets come with the dashboard issue. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data } = useProfile();
  const datos = data?.datos;
  return (
    <>
      <PageHeader
        title={datos ? t('dashboard.welcome', { name: datos.nombre }) : t('nav.dashboard')}
        description={t('dashboard.description')}
      />
      {data && datos && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
          <StatTile icon={<IconUser />} label={t('dashboard.account')} testId="dashboard-account-level">
            {t(`profile.accountLevel.${data.account_level}`)}
          </StatTile>
          <StatTile
            icon={<IconCoins />}
            color="yellow"
            label={t('profile.credits')}
            testId="dashboard-credits"
            footer={<CreditsExplanation />}
          >
            {datos.creditos}
          </StatTile>
        </SimpleGrid>
      )}
      <EmptyState
        icon={<IconLayoutDashboard size={32} />}
        title={t('dashboard.emptyTitle')}
        description={t('dashboard.emptyText')}
      />
    </>
  );
}
