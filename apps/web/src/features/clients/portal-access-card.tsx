import { Badge, Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '@medida/domain';
import { LoadError } from '../../components/load-error.tsx';
import { apiErrorMessage, notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { fetchPortalStatus, inviteToPortal, portalStatusKey } from './portal-invite-api.ts';

const dateTime = (language: string, iso: string) =>
  dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

const STATUS_COLOUR = { none: 'gray', invited: 'blue', active: 'teal' } as const;

/** The client page's "Client portal" card: where the client stands, and the (re-)invitation (decision 132). */
export function PortalAccessCard({ clientId }: { clientId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: portalStatusKey(clientId),
    queryFn: ({ signal }) => fetchPortalStatus(clientId, signal),
  });
  const invite = useMutation({
    mutationFn: () => inviteToPortal(clientId),
    onSuccess: async (res) => {
      notifySuccess(t('portal.invite.heading'), res.message);
      await queryClient.invalidateQueries({ queryKey: portalStatusKey(clientId) });
    },
    onError: notifyApiError,
  });
  const portal = status.data;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="portal-access" data-status={portal?.status}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4">
          {t('portal.invite.heading')}
        </Title>
        {portal && (
          <Badge color={STATUS_COLOUR[portal.status]} variant="light">
            {t(`portal.invite.status.${portal.status}`)}
          </Badge>
        )}
      </Group>
      {status.isError && <LoadError message={apiErrorMessage(status.error)} onRetry={() => void status.refetch()} />}
      {status.isPending && <Skeleton h={60} />}
      {portal && (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {portal.status === 'invited' && portal.invitation_expires_at
              ? t('portal.invite.text.invited', { date: dateTime(i18n.language, portal.invitation_expires_at) })
              : t(`portal.invite.text.${portal.status}`)}
          </Text>
          {portal.status !== 'active' && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSend size={16} />}
              loading={invite.isPending}
              onClick={() => invite.mutate()}
              data-testid="portal-invite"
            >
              {t(portal.status === 'invited' ? 'portal.invite.again' : 'portal.invite.action')}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
