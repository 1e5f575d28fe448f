import { useEffect, useState } from 'react';
import { Box, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ListExportFormat } from '@medida/contracts';
import { DownloadMenu } from '../../components/download-menu.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListPager } from '../../components/list-pager.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { SEARCH_DEBOUNCE_MS } from '../../lib/constants.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import {
  HandoverModal,
  peopleModals,
  SelectionBar,
  useClientsPage,
  usePeopleSelection,
  type HandoverChoice,
} from '../people/index.ts';
import { ClientCards, ClientsTable } from './clients-table.tsx';
import { downloadClientList } from './export-api.ts';

/** `users`: the professional's clients, paged by limit/skip and searchable (spec §2, §7). */
export function ClientsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const query = useClientsPage({ limit, skip: (page - 1) * limit, search: debouncedSearch });
  // Chosen rows stay chosen across pages and searches, for the bulk hand-over (decision 117).
  const selection = usePeopleSelection();
  const [handover, setHandover] = useState<HandoverChoice | null>(null);

  const total = query.data?.total ?? 0;
  const clients = query.data?.clients ?? [];
  const pages = Math.max(1, Math.ceil(total / limit));
  const openNew = () => peopleModals.open({ kind: 'newClient' });
  const searching = debouncedSearch.trim() !== '';
  // The file holds the clients the list shows: all of them, or those the search finds (decision 191).
  const exportList = (format: ListExportFormat) => downloadClientList(debouncedSearch.trim(), format);
  // Deleting the last client of the last page leaves that page empty: step back to the new last page.
  useEffect(() => {
    if (query.data && page > pages) setPage(pages);
  }, [query.data, page, pages]);

  let body;
  if (query.isError && !query.data)
    body = <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else if (query.isPending) body = <ListSkeleton testId="clients-loading" />;
  else if (total === 0 && !searching)
    body = (
      <EmptyState
        icon={<IconUsers size={32} />}
        title={t('people.clients.emptyTitle')}
        description={t('people.clients.emptyText')}
      >
        <Button leftSection={<IconUserPlus size={18} />} onClick={openNew}>
          {t('people.clients.new')}
        </Button>
      </EmptyState>
    );
  else if (clients.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="xl" data-testid="clients-no-results">
        {t('people.clients.noResults', { search: debouncedSearch })}
      </Text>
    );
  else
    body = (
      // Dimmed while the next page or search arrives; the previous rows stay readable.
      <Box
        style={{ opacity: query.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms' }}
        aria-busy={query.isFetching}
      >
        <Box visibleFrom="sm">
          <ClientsTable clients={clients} selection={selection} />
        </Box>
        <Box hiddenFrom="sm">
          <ClientCards clients={clients} selection={selection} />
        </Box>
      </Box>
    );

  return (
    <>
      <PageHeader
        title={t('pagesCopy.clients.title')}
        description={t('pagesCopy.clients.description')}
        actions={
          <Group gap="sm">
            {total > 0 && (
              <DownloadMenu
                label={t('people.clients.exportCsv')}
                hint={t('people.clients.exportCsvHint')}
                download={exportList}
                fallbackName={t('pagesCopy.clients.title')}
                testId="clients-export"
              />
            )}
            <Button
              component={Link}
              to={paths.clientsImport}
              variant="default"
              leftSection={<IconFileImport size={18} />}
              data-testid="clients-import"
            >
              {t('imports.open')}
            </Button>
            <Button leftSection={<IconUserPlus size={18} />} onClick={openNew} data-testid="new-client">
              {t('people.clients.new')}
            </Button>
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack>
          <TextInput
            placeholder={t('people.clients.searchPlaceholder')}
            aria-label={t('people.clients.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            rightSection={
              query.isFetching && !query.isPending ? <Loader size={16} aria-label={t('common.loading')} /> : null
            }
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            data-testid="clients-search"
          />
          <SelectionBar selection={selection} onHandOver={() => setHandover({ client_ids: [...selection.selected] })} />
          {body}
          {total > 0 && (
            <ListPager
              page={page}
              pages={pages}
              limit={limit}
              total={total}
              rangeLabel={(range) => t('people.range', range)}
              pageSizeLabel={t('people.pageSize')}
              onPageChange={setPage}
              onLimitChange={setLimit}
              testId="clients"
            />
          )}
        </Stack>
      </Paper>
      <HandoverModal choice={handover} onClose={() => setHandover(null)} onDone={selection.clear} />
    </>
  );
}
