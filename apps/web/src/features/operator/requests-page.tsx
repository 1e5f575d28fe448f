import { useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CREDIT_REQUEST_STATES, type CreditRequest } from '@medida/contracts';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { apiErrorMessage } from '../../lib/notify.ts';
import { fetchRequests, operatorKeys } from './operator-api.ts';
import { OperatorPager } from './operator-pager.tsx';
import { RequestCards } from './request-cards.tsx';

const ALL = 'all';
type Filter = CreditRequest['state'] | typeof ALL;

/** Professionals' credit requests, the waiting ones first shown: grant or decline each once, with a note. */
export function RequestsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('requested');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const state = filter === ALL ? undefined : filter;
  const pageWindow = { limit, skip: (page - 1) * limit };
  const query = useQuery({
    queryKey: operatorKeys.requests(state, pageWindow),
    queryFn: ({ signal }) => fetchRequests(state, pageWindow, signal),
    placeholderData: keepPreviousData,
  });
  const requests = query.data?.requests ?? [];
  return (
    <Stack>
      <PageHeader title={t('operator.requests.title')} description={t('operator.requests.description')} />
      <SegmentedControl
        aria-label={t('operator.requests.filter')}
        value={filter}
        onChange={(value) => {
          setFilter(value as Filter);
          setPage(1);
        }}
        data={[...CREDIT_REQUEST_STATES, ALL].map((value) => ({
          value,
          label: t(value === ALL ? 'operator.requests.all' : `creditRequests.state.${value}`),
        }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {query.isPending && <ListSkeleton testId="operator-requests-loading" rows={3} />}
      {query.isError && <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.data && requests.length === 0 && <Text c="dimmed">{t('operator.requests.none')}</Text>}
      <RequestCards requests={requests} withAccount />
      <OperatorPager
        page={page}
        limit={limit}
        total={query.data?.total ?? 0}
        onPage={setPage}
        onLimit={setLimit}
        testId="operator-requests"
      />
    </Stack>
  );
}
