import { Button } from '@mantine/core';
import { IconArrowLeft, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ComingPage } from '../../components/coming-page.tsx';

export function ClientDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <ComingPage
      title={t('pagesCopy.clientDetail.title', { id })}
      description={t('pagesCopy.clientDetail.description')}
      icon={<IconUser size={32} />}
      emptyTitle={t('pagesCopy.clientDetail.emptyTitle')}
      emptyText={t('pagesCopy.clientDetail.emptyText')}
    >
      <Button component={Link} to="/users" variant="light" leftSection={<IconArrowLeft size={16} />}>
        {t('pagesCopy.clientDetail.back')}
      </Button>
    </ComingPage>
  );
}
