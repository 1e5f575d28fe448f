import { USER_TYPE } from '@medida/contracts';
import { useEffect, useState } from 'react';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClipboardHeart, IconClipboardPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListPager } from '../../components/list-pager.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { EvaluationListDownload } from './evaluation-list-download.tsx';
import { apiErrorMessage } from '../../lib/notify.ts';
import { useSessionUser } from '../../lib/session.ts';
import type { EvaluationListFilters } from './evaluations-api.ts';
import { useEvaluationsList } from './evaluation-queries.ts';
import { EvaluationFilters, NO_FILTERS } from './list/evaluation-filters.tsx';
import { EvaluationCards, EvaluationsTable } from './list/evaluations-table.tsx';
import { evaluationWizard } from './wizard-store.ts';

/** `evaluations`: the evaluations in the user's scope, five filters and paging (spec §2, §7). */
export function EvaluationsPage() {
  const { t, i18n } = useTranslation();
  const isClient = useSessionUser().data?.type === USER_TYPE.client;
  const [filters, setFilters] = useState<EvaluationListFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const query = useEvaluationsList(page, limit, filters);
  // Spec §4: the list is not requested again while a load is in progress.
  const busy = query.isFetching;

  const total = query.data?.datos_total ?? 0;
  // Beyond 1,000 rows past the page the server stops counting: "1,000+" (decision 100).
  const capped = query.data?.datos_total_capped ?? false;
  const items = query.data?.datos ?? [];
  const showCompany = query.data?.show_company ?? false;
  const pages = Math.max(1, Math.ceil(total / limit));
  const filtered = Object.values(filters).some(Boolean);
  // Deleting the last row of the last page leaves it empty: step back to the new last page.
  useEffect(() => {
    if (query.data && page > pages) setPage(pages);
  }, [query.data, page, pages]);

  const newButton = isClient ? null : (
    <Button
      leftSection={<IconClipboardPlus size={18} />}
      onClick={() => evaluationWizard.open()}
      data-testid="evaluations-new"
    >
      {t('evaluations.new')}
    </Button>
  );

  let body;
  if (query.isError && !query.data)
    body = <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else if (query.isPending) body = <ListSkeleton testId="evaluations-loading" />;
  else if (total === 0 && !filtered)
    body = (
      <EmptyState
        icon={<IconClipboardHeart size={32} />}
        title={t('evaluations.list.emptyTitle')}
        description={t(isClient ? 'evaluations.list.emptyClientText' : 'evaluations.list.emptyText')}
      >
        {newButton}
      </EmptyState>
    );
  else if (items.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="xl" data-testid="evaluations-no-results">
        {t('evaluations.list.noResults')}
      </Text>
    );
  else
    body = (
      // Dimmed while the next page arrives; the previous rows stay readable.
      <Box
        style={{ opacity: query.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms' }}
        aria-busy={busy}
        data-testid="evaluations-list"
        data-busy={busy}
      >
        <Box visibleFrom="sm">
          <EvaluationsTable items={items} showCompany={showCompany} canManage={!isClient} />
        </Box>
        <Box hiddenFrom="sm">
          <EvaluationCards items={items} showCompany={showCompany} canManage={!isClient} />
        </Box>
      </Box>
    );

  return (
    <>
      <PageHeader
        title={t('evaluations.list.title')}
        description={t(isClient ? 'evaluations.list.clientDescription' : 'evaluations.list.description')}
        actions={
          <Group gap="sm">
            {total > 0 && <EvaluationListDownload filters={filters} hint={isClient ? 'own' : 'filtered'} />}
            {newButton}
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack>
          {!isClient && (
            <EvaluationFilters
              applied={filters}
              busy={busy}
              onApply={(next) => {
                setFilters(next);
                setPage(1);
              }}
            />
          )}
          {body}
          {total > 0 && (
            <ListPager
              page={page}
              pages={pages}
              limit={limit}
              total={total}
              rangeLabel={(range) =>
                t('evaluations.list.range', {
                  ...range,
                  total: `${range.total.toLocaleString(i18n.language)}${capped ? '+' : ''}`,
                })
              }
              pageSizeLabel={t('evaluations.list.pageSize')}
              onPageChange={setPage}
              onLimitChange={setLimit}
              disabled={busy}
              testId="evaluations"
            />
          )}
        </Stack>
      </Paper>
    </>
  );
}
