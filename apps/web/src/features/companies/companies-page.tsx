import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ManagedCompany } from '@medida/contracts';
import { IconArchive, IconArchiveOff, IconBuilding, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { apiErrorMessage, notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { useRefreshPeople } from '../people/index.ts';
import { companyKeys, fetchManagedCompanies, updateCompany } from './companies-api.ts';
import { CompanyModal } from './company-modal.tsx';

/** The account's companies (decision 112): create, rename, archive and restore. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refreshPeople = useRefreshPeople();
  const query = useQuery({ queryKey: companyKeys.managed, queryFn: ({ signal }) => fetchManagedCompanies(signal) });
  const [editing, setEditing] = useState<ManagedCompany | null | undefined>(undefined);
  // Client lists show company names; the client form's choices hang under the same key prefix.
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: companyKeys.root }), refreshPeople()]);

  const archive = useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) => updateCompany(id, { archived }),
    onSuccess: async ({ company }) => {
      notifySuccess(t('companies.savedTitle'), t(company.archived ? 'companies.archived' : 'companies.restored'));
      await refresh();
    },
    onError: notifyApiError,
  });
  const confirmArchive = (company: ManagedCompany) =>
    modals.openConfirmModal({
      title: t('companies.archiveTitle', { name: company.name }),
      children: <Text size="sm">{t('companies.archiveText')}</Text>,
      labels: { confirm: t('companies.archive'), cancel: t('common.cancel') },
      confirmProps: { color: 'orange', 'data-testid': 'confirm-archive' } as Record<string, string>,
      onConfirm: () => archive.mutate({ id: company.id, archived: true }),
    });

  const companies = query.data?.companies ?? [];
  const newButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)} data-testid="new-company">
      {t('companies.new')}
    </Button>
  );
  let body;
  if (query.isError) body = <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else if (query.isPending) body = <ListSkeleton testId="companies-loading" rows={3} />;
  else if (companies.length === 0)
    body = (
      <EmptyState
        icon={<IconBuilding size={32} />}
        title={t('companies.emptyTitle')}
        description={t('companies.emptyText')}
      >
        {newButton}
      </EmptyState>
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="companies-list">
        {companies.map((company) => (
          // An article named by the company: "Rename" and "Archive" are heard as this company's (decision 180).
          <Card
            key={company.id}
            component="article"
            aria-labelledby={`company-${company.id}-name`}
            withBorder
            radius="md"
            padding="md"
            data-testid="company-card"
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text
                  id={`company-${company.id}-name`}
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid="company-card-name"
                >
                  {company.name}
                </Text>
                {company.archived && (
                  <Badge color="gray" variant="light" data-testid="company-archived">
                    {t('companies.archivedBadge')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {company.tax_id ? t('companies.taxIdValue', { value: company.tax_id }) : t('companies.noTaxId')}
              </Text>
              <Text size="sm">{t('companies.clients', { count: company.clients })}</Text>
              <Group gap="xs" mt="xs">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setEditing(company)}
                  data-testid="edit-company"
                >
                  {t('companies.rename')}
                </Button>
                {company.archived ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconArchiveOff size={14} />}
                    onClick={() => archive.mutate({ id: company.id, archived: false })}
                    data-testid="restore-company"
                  >
                    {t('companies.restore')}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="orange"
                    leftSection={<IconArchive size={14} />}
                    onClick={() => confirmArchive(company)}
                    data-testid="archive-company"
                  >
                    {t('companies.archive')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );

  return (
    <>
      <PageHeader
        title={t('companies.title')}
        description={t('companies.description')}
        actions={companies.length > 0 ? newButton : undefined}
      />
      {body}
      <CompanyModal
        company={editing ?? null}
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={refresh}
      />
    </>
  );
}
