import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconLayoutDashboard, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useProfile } from '../auth/session.ts';

/** The signed-in user's real account facts; the activity widgets come with the dashboard issue. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data } = useProfile();
  const datos = data?.datos;
  return (
    <>
      <PageHeader title={datos ? t('dashboard.welcome', { name: datos.nombre }) : t('nav.dashboard')} description={t('dashboard.description')} />
      {data && datos && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
          <Paper withBorder radius="lg" p="md">
            <Group wrap="nowrap">
              <ThemeIcon size={44} radius="md" variant="light">
                <IconUser />
              </ThemeIcon>
              <Stack gap={2}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t('dashboard.account')}
                </Text>
                <Text fw={700} fz="xl" data-testid="dashboard-account-level">
                  {t(`profile.accountLevel.${data.account_level}`)}
                </Text>
              </Stack>
            </Group>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Group wrap="nowrap">
              <ThemeIcon size={44} radius="md" variant="light" color="yellow">
                <IconCoins />
              </ThemeIcon>
              <Stack gap={2}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t('profile.credits')}
                </Text>
                <Text fw={700} fz="xl" data-testid="dashboard-credits">
                  {datos.creditos}
                </Text>
              </Stack>
            </Group>
          </Paper>
        </SimpleGrid>
      )}
      <EmptyState icon={<IconLayoutDashboard size={32} />} title={t('dashboard.emptyTitle')} description={t('dashboard.emptyText')} />
    </>
  );
}
