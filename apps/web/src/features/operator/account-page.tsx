import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { formatMoment } from '../credits/index.ts';
import { AccountActions } from './account-actions.tsx';
import { fetchAccount, operatorKeys } from './operator-api.ts';
import { RequestCards } from './request-cards.tsx';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {children}
      </Text>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** One account: its figures, grant and suspension, its professionals, its requests and its ledger (decision 229). */
export function AccountPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: operatorKeys.account(id),
    queryFn: ({ signal }) => fetchAccount(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  const moment = (iso: string | null) => (iso ? formatMoment(iso, i18n.language) : t('operator.never'));
  const back = (
    <Anchor component={Link} to={paths.operator} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden="true" />
        {t('operator.account.back')}
      </Group>
    </Anchor>
  );
  if (query.isError)
    return (
      <Stack>
        {back}
        <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
      </Stack>
    );
  if (!query.data)
    return (
      <Stack>
        {back}
        <ListSkeleton testId="operator-account-loading" rows={4} />
      </Stack>
    );
  const { account, users, ledger, requests } = query.data;
  return (
    <Stack gap="lg">
      {back}
      <PageHeader
        title={`${account.nombre} ${account.apellido}`.trim() || account.email}
        description={account.email}
        actions={<AccountActions account={account} />}
      />
      {account.suspended_at && (
        <Badge color="red" variant="light" size="lg">
          {t('operator.account.suspendedSince', { date: moment(account.suspended_at) })}
        </Badge>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={t('operator.accounts.credits')}>{account.creditos}</Figure>
        <Figure label={t('operator.accounts.users')}>{account.users}</Figure>
        <Figure label={t('operator.accounts.evaluationsThisMonth')}>{account.evaluations_this_month}</Figure>
        <Figure label={t('operator.account.created')}>{formatMoment(account.created_at, i18n.language)}</Figure>
      </SimpleGrid>

      <Section title={t('operator.account.requests')}>
        {requests.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('operator.requests.none')}
          </Text>
        ) : (
          <RequestCards requests={requests} withAccount={false} />
        )}
      </Section>

      <Section title={t('operator.account.professionals')}>
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={t('operator.account.professionals')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('operator.account.user')}</Table.Th>
                <Table.Th ta="right">{t('operator.accounts.credits')}</Table.Th>
                <Table.Th>{t('operator.accounts.lastSignIn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {`${user.nombre} ${user.apellido}`.trim()}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{user.creditos}</Table.Td>
                  <Table.Td>{moment(user.last_sign_in_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>

      <Section title={t('operator.account.ledger')}>
        {ledger.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('operator.account.noLedger')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t('operator.account.ledger')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('operator.audit.when')}</Table.Th>
                  <Table.Th>{t('operator.account.kind')}</Table.Th>
                  <Table.Th ta="right">{t('operator.account.amount')}</Table.Th>
                  <Table.Th>{t('operator.audit.note')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ledger.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{formatMoment(entry.created_at, i18n.language)}</Table.Td>
                    <Table.Td>{t(`operator.account.kinds.${entry.kind}`)}</Table.Td>
                    <Table.Td ta="right">{entry.amount > 0 ? `+${entry.amount}` : entry.amount}</Table.Td>
                    <Table.Td>{entry.note ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </Stack>
  );
}
