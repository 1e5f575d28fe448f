import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AuditEvent, Consent } from '@medida/contracts';
import { IconLock, IconShieldCheck } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '@medida/domain';
import { LoadError } from '../../components/load-error.tsx';
import { LabelledPagination } from '../../components/labelled-pagination.tsx';
import { apiErrorMessage, notifyError, notifySuccess } from '../../lib/notify.ts';
import { fetchAuditTrail, fetchConsent, trustKeys, withdrawConsent } from './trust-api.ts';

export function useClientConsent(clientId: number) {
  return useQuery({
    queryKey: trustKeys.consent(clientId),
    queryFn: ({ signal }) => fetchConsent(clientId, signal),
    enabled: clientId > 0,
  });
}

const dateTime = (language: string, iso: string) =>
  dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Shown on top of a client whose consent was withdrawn: the record is read-only (decision 141). */
export function ConsentWithdrawnBanner({
  consent,
  self = false,
}: {
  consent: Consent | null | undefined;
  self?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (!consent?.withdrawn_at) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconLock />} data-testid="consent-withdrawn">
      {t(self ? 'consent.self.withdrawnBanner' : 'consent.withdrawnBanner', {
        date: dateTime(i18n.language, consent.withdrawn_at),
      })}
    </Alert>
  );
}

/**
 * The consent on record: how and when it was given, and a withdrawal on the client's word; `self` is the
 * client's own view in the portal (issue 16), worded to the client.
 */
export function ConsentCard({
  clientId,
  consent,
  self = false,
}: {
  clientId: number;
  consent: Consent | null | undefined;
  self?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () => withdrawConsent(clientId),
    onSuccess: async () => {
      notifySuccess(t('consent.heading'), t('consent.withdrawnDone'));
      await queryClient.invalidateQueries({ queryKey: trustKeys.client(clientId) });
    },
    onError: (error) => notifyError(apiErrorMessage(error)),
  });
  const confirm = () =>
    modals.openConfirmModal({
      title: t('consent.withdrawTitle'),
      children: <Text size="sm">{t(self ? 'consent.self.withdrawText' : 'consent.withdrawText')}</Text>,
      labels: { confirm: t('consent.withdraw'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-withdraw' } as Record<string, string>,
      onConfirm: () => withdraw.mutate(),
    });

  const status = !consent ? 'none' : consent.withdrawn_at ? 'withdrawn' : 'given';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="consent-card" data-status={status}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={4}>{t('consent.heading')}</Title>
        <Badge color={status === 'given' ? 'teal' : status === 'withdrawn' ? 'orange' : 'gray'} variant="light">
          {t(`consent.status.${status}`)}
        </Badge>
      </Group>
      {consent ? (
        <Stack gap={4}>
          <Text size="sm">
            {t('consent.givenOn', {
              date: dateTime(i18n.language, consent.given_at),
              method: t(`consent.methods.${consent.method}`),
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('consent.textRecorded', {
              version: consent.text_version,
              language: t(`consent.language.${consent.lang}`),
            })}
          </Text>
          {!consent.withdrawn_at && (
            <Button
              mt="xs"
              size="xs"
              variant="light"
              color="red"
              loading={withdraw.isPending}
              onClick={confirm}
              data-testid="consent-withdraw"
            >
              {t('consent.withdraw')}
            </Button>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t(self ? 'consent.self.noneRecorded' : 'consent.noneRecorded')}
        </Text>
      )}
    </Paper>
  );
}

const PAGE = 20;

/** Who read, changed, downloaded, e-mailed or exported this client's data (security.md F1); `self`: the client's own view. */
export function AuditTrailSection({ clientId, self = false }: { clientId: number; self?: boolean }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...trustKeys.audit(clientId), page],
    queryFn: ({ signal }) => fetchAuditTrail(clientId, (page - 1) * PAGE, signal),
    placeholderData: keepPreviousData,
  });
  const who = (event: AuditEvent) =>
    event.is_self
      ? t('audit.you')
      : event.actor
        ? `${event.actor.nombre} ${event.actor.apellido}`.trim()
        : t('audit.unknownActor');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="audit-trail">
      <Group gap="xs" mb="xs">
        <IconShieldCheck size={20} aria-hidden="true" />
        <Title order={4}>{t('audit.heading')}</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t(self ? 'audit.self.intro' : 'audit.intro')}
      </Text>
      {query.isError && <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.data && query.data.total === 0 && (
        <Text size="sm" c="dimmed">
          {t('audit.empty')}
        </Text>
      )}
      {query.data && query.data.total > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={6} fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.when')}</Table.Th>
                <Table.Th>{t('audit.who')}</Table.Th>
                <Table.Th>{t('audit.what')}</Table.Th>
                {!self && <Table.Th>{t('audit.address')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.events.map((event) => (
                <Table.Tr key={event.id} data-testid="audit-row" data-action={event.action}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(i18n.language, event.occurred_at)}</Table.Td>
                  <Table.Td>{who(event)}</Table.Td>
                  <Table.Td>
                    {t(`audit.actions.${event.action}`, { defaultValue: event.action })}{' '}
                    <Text span c="dimmed">
                      · {t(`audit.resources.${event.resource_type}`, { defaultValue: event.resource_type })}
                    </Text>
                    {event.result === 'denied' && (
                      <Badge ml={6} size="xs" color="red" variant="light">
                        {t('audit.denied')}
                      </Badge>
                    )}
                  </Table.Td>
                  {/* The client's view carries no addresses of its professionals (decision 142). */}
                  {!self && <Table.Td>{event.ip ?? '—'}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {query.data && query.data.total > PAGE && (
        <LabelledPagination
          mt="sm"
          size="sm"
          value={page}
          total={Math.ceil(query.data.total / PAGE)}
          onChange={setPage}
          data-testid="audit-pager"
        />
      )}
    </Paper>
  );
}
