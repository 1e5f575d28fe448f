import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingPage } from '../../components/coming-page.tsx';

export function ClientsPage() {
  const { t } = useTranslation();
  return (
    <ComingPage
      title={t('pagesCopy.clients.title')}
      description={t('pagesCopy.clients.description')}
      icon={<IconUsers size={32} />}
      emptyTitle={t('pagesCopy.clients.emptyTitle')}
      emptyText={t('pagesCopy.clients.emptyText')}
    />
  );
}
