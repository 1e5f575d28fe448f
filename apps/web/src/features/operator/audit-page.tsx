import { useState } from 'react';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { formatMoment } from '../credits/index.ts';
import { fetchAudit, operatorKeys } from './operator-api.ts';
import { OperatorPager } from './operator-pager.tsx';

/** The operators' actions (a hash chain on the server, decision 229), newest first. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const pageWindow = { limit, skip: (page - 1) * limit };
  const query = useQuery({
    queryKey: operatorKeys.audit(pageWindow),
    queryFn: ({ signal }) => fetchAudit(pageWindow, signal),
    placeholderData: keepPreviousData,
  });
  const events = query.data?.events ?? [];
  return (
    <Stack>
      <PageHeader title={t('operator.audit.title')} description={t('operator.audit.description')} />
      {query.isPending && <ListSkeleton testId="operator-audit-loading" />}
      {query.isError && <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.data && events.length === 0 && <Text c="dimmed">{t('operator.audit.none')}</Text>}
      {events.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t('operator.audit.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('operator.audit.when')}</Table.Th>
                <Table.Th>{t('operator.audit.operator')}</Table.Th>
                <Table.Th>{t('operator.audit.action')}</Table.Th>
                <Table.Th>{t('operator.audit.account')}</Table.Th>
                <Table.Th ta="right">{t('operator.accounts.credits')}</Table.Th>
                <Table.Th>{t('operator.audit.note')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => (
                <Table.Tr key={event.seq}>
                  <Table.Td>{formatMoment(event.occurred_at, i18n.language)}</Table.Td>
                  <Table.Td>{event.operator_email}</Table.Td>
                  <Table.Td>
                    {t(`operator.audit.actions.${event.action}`)}
                    {event.request_id !== null ? ` #${event.request_id}` : ''}
                  </Table.Td>
                  <Table.Td>
                    {event.account_id !== null && (
                      <Anchor component={Link} to={paths.operatorAccount(event.account_id)}>
                        #{event.account_id}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{event.credits ?? ''}</Table.Td>
                  <Table.Td>{event.note ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <OperatorPager
        page={page}
        limit={limit}
        total={query.data?.total ?? 0}
        onPage={setPage}
        onLimit={setLimit}
        testId="operator-audit"
      />
    </Stack>
  );
}
