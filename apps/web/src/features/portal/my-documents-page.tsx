import { Skeleton, Stack } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { apiErrorMessage } from '../../lib/notify.ts';
import { useSessionUser } from '../../lib/session.ts';
import { AttachmentList } from '../clients/index.ts';
import { useManagedUser } from '../people/index.ts';

/** "My documents": the files the client's professionals attached to its record, to download. */
export function MyDocumentsPage() {
  const { t } = useTranslation();
  const self = useSessionUser().data?.id ?? null;
  const query = useManagedUser(self);
  const attachments = query.data?.attachments;
  return (
    <Stack gap="lg" data-testid="portal-documents">
      <PageHeader title={t('portal.documents.title')} description={t('portal.documents.intro')} />
      {query.isError && <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.isPending && <Skeleton h={160} radius="lg" />}
      {attachments?.length === 0 && (
        <EmptyState
          icon={<IconFiles size={32} />}
          title={t('portal.documents.emptyTitle')}
          description={t('portal.documents.emptyText')}
        />
      )}
      {attachments && attachments.length > 0 && <AttachmentList attachments={attachments} />}
    </Stack>
  );
}
