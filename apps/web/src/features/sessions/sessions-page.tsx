import { Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ActiveSession } from '@medida/contracts';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dateTimeFormat } from '@medida/domain';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { apiErrorMessage, notifyError, notifySuccess } from '../../lib/notify.ts';
import { useLogout } from '../../lib/session.ts';
import { paths } from '../../config/paths.ts';
import { endOtherSessions, endSession, fetchSessions, activeSessionKeys } from './sessions-api.ts';
import { describeUserAgent } from './user-agent.ts';

/** Where one is signed in, with a way to end any or all of it (security.md R12, decision 140). */
export function SessionsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  const query = useQuery({ queryKey: activeSessionKeys.all, queryFn: ({ signal }) => fetchSessions(signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: activeSessionKeys.all });
  const onError = (error: unknown) => notifyError(apiErrorMessage(error));

  const endOne = useMutation({
    mutationFn: endSession,
    onSuccess: async () => {
      notifySuccess(t('sessions.endedTitle'), t('sessions.endedOne'));
      await refresh();
    },
    onError,
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: async ({ ended }) => {
      notifySuccess(t('sessions.endedTitle'), t('sessions.endedOthers', { count: ended }));
      await refresh();
    },
    onError,
  });

  const confirmEndOthers = () =>
    modals.openConfirmModal({
      title: t('sessions.endOthersTitle'),
      children: <Text size="sm">{t('sessions.endOthersText')}</Text>,
      labels: { confirm: t('sessions.endOthers'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-end-others' } as Record<string, string>,
      onConfirm: () => endOthers.mutate(),
    });
  const signOut = () => logout.mutate(undefined, { onSettled: () => void navigate(paths.login, { replace: true }) });

  const sessions = query.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;
  return (
    <>
      <PageHeader
        title={t('sessions.title')}
        description={t('sessions.description')}
        actions={
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout size={18} />}
            disabled={others === 0}
            loading={endOthers.isPending}
            onClick={confirmEndOthers}
            data-testid="end-other-sessions"
          >
            {t('sessions.endOthers')}
          </Button>
        }
      />
      {query.isPending && <ListSkeleton testId="sessions-loading" rows={3} />}
      {query.isError && <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />}
      <Stack gap="sm" data-testid="sessions-list">
        {sessions.map((session) => (
          <SessionCard
            key={session.id}
            session={session}
            ending={endOne.isPending && endOne.variables === session.id}
            onEnd={() => (session.current ? signOut() : endOne.mutate(session.id))}
          />
        ))}
      </Stack>
    </>
  );
}

function SessionCard({ session, ending, onEnd }: { session: ActiveSession; ending: boolean; onEnd: () => void }) {
  const { t, i18n } = useTranslation();
  const device = describeUserAgent(session.user_agent);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const name =
    device.browser && device.system
      ? t('sessions.browserOn', { browser: device.browser, system: device.system })
      : (device.browser ?? device.system ?? t('sessions.unknownDevice'));
  return (
    <Card withBorder padding="md" data-testid="session-card" data-current={session.current}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group wrap="nowrap" gap="md" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
            {device.phone ? <IconDeviceMobile size={22} /> : <IconDeviceDesktop size={22} />}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={8}>
              <Text fw={600}>{name}</Text>
              {session.current && (
                <Badge color="teal" variant="light">
                  {t('sessions.current')}
                </Badge>
              )}
              <Badge
                color={session.second_factor ? 'blue' : 'gray'}
                variant="outline"
                data-testid="session-factor"
                data-factor={session.second_factor ?? 'password'}
              >
                {t(`sessions.factor.${session.second_factor ?? 'password'}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t('sessions.address', { ip: session.ip ?? t('sessions.unknownAddress') })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('sessions.lastUsed', { date: when.format(new Date(session.last_seen_at)) })} ·{' '}
              {t('sessions.started', { date: when.format(new Date(session.created_at)) })}
            </Text>
          </Stack>
        </Group>
        <Button variant="default" size="xs" loading={ending} onClick={onEnd} data-testid="end-session">
          {session.current ? t('sessions.logOutHere') : t('sessions.end')}
        </Button>
      </Group>
    </Card>
  );
}
