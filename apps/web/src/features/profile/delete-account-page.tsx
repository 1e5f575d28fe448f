import { IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingPage } from '../../components/coming-page.tsx';

export function DeleteAccountPage() {
  const { t } = useTranslation();
  return (
    <ComingPage
      title={t('pagesCopy.deleteAccount.title')}
      description={t('pagesCopy.deleteAccount.description')}
      icon={<IconUserX size={32} />}
      emptyTitle={t('pagesCopy.deleteAccount.emptyTitle')}
      emptyText={t('pagesCopy.deleteAccount.emptyText')}
    />
  );
}
