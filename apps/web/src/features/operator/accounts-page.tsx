import { useState } from 'react';
import { Anchor, Badge, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { formatMoment } from '../credits/index.ts';
import { fetchAccounts, operatorKeys } from './operator-api.ts';
import { OperatorPager } from './operator-pager.tsx';

/** The console's first page: every account (its root professional), searched by name or e-mail, paged. */
export function AccountsPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 400);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const pageWindow = { limit, skip: (page - 1) * limit };
  const query = useQuery({
    queryKey: operatorKeys.accounts(q, pageWindow),
    queryFn: ({ signal }) => fetchAccounts(q, pageWindow, signal),
    placeholderData: keepPreviousData,
  });
  const accounts = query.data?.accounts ?? [];
  const never = t('operator.never');

  return (
    <Stack>
      <PageHeader title={t('operator.accounts.title')} description={t('operator.accounts.description')} />
      <TextInput
        label={t('operator.accounts.search')}
        placeholder={t('operator.accounts.searchHint')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {query.isPending && <ListSkeleton testId="operator-accounts-loading" />}
      {query.isError && <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.data && accounts.length === 0 && <Text c="dimmed">{t('operator.accounts.none')}</Text>}
      {accounts.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label={t('operator.accounts.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('operator.accounts.account')}</Table.Th>
                <Table.Th ta="right">{t('operator.accounts.credits')}</Table.Th>
                <Table.Th ta="right">{t('operator.accounts.users')}</Table.Th>
                <Table.Th ta="right">{t('operator.accounts.evaluationsThisMonth')}</Table.Th>
                <Table.Th>{t('operator.accounts.lastSignIn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.map((account) => (
                <Table.Tr key={account.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.operatorAccount(account.id)} fw={600}>
                      {`${account.nombre} ${account.apellido}`.trim() || account.email}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {account.email}
                    </Text>
                    {account.suspended_at && (
                      <Badge color="red" variant="light" size="sm">
                        {t('operator.suspended')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{account.creditos}</Table.Td>
                  <Table.Td ta="right">{account.users}</Table.Td>
                  <Table.Td ta="right">{account.evaluations_this_month}</Table.Td>
                  <Table.Td>
                    {account.last_sign_in_at ? formatMoment(account.last_sign_in_at, i18n.language) : never}
                  </Table.Td>
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
        testId="operator-accounts"
      />
    </Stack>
  );
}
