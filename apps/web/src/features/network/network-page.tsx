import { IconNetwork } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingPage } from '../../components/coming-page.tsx';

export function NetworkPage() {
  const { t } = useTranslation();
  return (
    <ComingPage
      title={t('pagesCopy.network.title')}
      description={t('pagesCopy.network.description')}
      icon={<IconNetwork size={32} />}
      emptyTitle={t('pagesCopy.network.emptyTitle')}
      emptyText={t('pagesCopy.network.emptyText')}
    />
  );
}
