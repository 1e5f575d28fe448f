import { IconLayoutGrid } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingPage } from '../../components/coming-page.tsx';

export function WidgetsPage() {
  const { t } = useTranslation();
  return (
    <ComingPage
      title={t('pagesCopy.widgets.title')}
      description={t('pagesCopy.widgets.description')}
      icon={<IconLayoutGrid size={32} />}
      emptyTitle={t('pagesCopy.widgets.emptyTitle')}
      emptyText={t('pagesCopy.widgets.emptyText')}
    />
  );
}
