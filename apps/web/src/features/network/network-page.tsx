import { useMemo, useState } from 'react';
import { Box, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconNetwork, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@medida/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { apiErrorMessage } from '../../lib/notify.ts';
import {
  HandoverModal,
  peopleModals,
  SelectionBar,
  useEvaluators,
  usePeopleSelection,
  type HandoverChoice,
} from '../people/index.ts';
import { NetworkCards, NetworkTable } from './network-list.tsx';

/** The server returns the whole network at once (no paging): filtering happens here. */
function matches(user: ManagedUser, needle: string): boolean {
  const p = user.profile;
  return [p.nombre, p.apellido, p.email, p.rut ?? '', p.especialidad ?? '', p.empresa ?? ''].some((v) =>
    v.toLowerCase().includes(needle),
  );
}

/** `networkusers` ('Mi Red'): the professionals under this account (spec §2, §6). */
export function NetworkPage() {
  const { t } = useTranslation();
  const query = useEvaluators();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const all = query.data?.evaluators;
  const users = useMemo(() => (all ?? []).filter((u) => !needle || matches(u, needle)), [all, needle]);
  const openNew = () => peopleModals.open({ kind: 'newNetworkUser' });
  // Chosen network professionals, for the bulk hand-over (decision 117).
  const selection = usePeopleSelection();
  const [handover, setHandover] = useState<HandoverChoice | null>(null);

  let body;
  if (query.isError) body = <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else if (query.isPending) body = <ListSkeleton testId="network-loading" rows={4} />;
  else if (all?.length === 0)
    body = (
      <EmptyState
        icon={<IconNetwork size={32} />}
        title={t('people.network.emptyTitle')}
        description={t('people.network.emptyText')}
      >
        <Button leftSection={<IconUserPlus size={18} />} onClick={openNew}>
          {t('people.network.new')}
        </Button>
      </EmptyState>
    );
  else if (users.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {t('people.clients.noResults', { search })}
      </Text>
    );
  else
    body = (
      <>
        <Box visibleFrom="sm">
          <NetworkTable users={users} selection={selection} />
        </Box>
        <Box hiddenFrom="sm">
          <NetworkCards users={users} selection={selection} />
        </Box>
        <Text size="sm" c="dimmed">
          {t('people.network.count', { count: users.length })}
        </Text>
      </>
    );

  return (
    <>
      <PageHeader
        title={t('pagesCopy.network.title')}
        description={t('pagesCopy.network.description')}
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={openNew} data-testid="new-network-user">
            {t('people.network.new')}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack>
          {(all?.length ?? 0) > 0 && (
            <TextInput
              placeholder={t('people.network.searchPlaceholder')}
              aria-label={t('people.network.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              data-testid="network-search"
            />
          )}
          <SelectionBar
            selection={selection}
            onHandOver={() => setHandover({ network_ids: [...selection.selected] })}
          />
          {body}
        </Stack>
      </Paper>
      <HandoverModal choice={handover} onClose={() => setHandover(null)} onDone={selection.clear} />
    </>
  );
}
