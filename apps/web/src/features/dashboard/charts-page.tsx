import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingPage } from '../../components/coming-page.tsx';

export function ChartsPage() {
  const { t } = useTranslation();
  return (
    <ComingPage
      title={t('pagesCopy.charts.title')}
      description={t('pagesCopy.charts.description')}
      icon={<IconChartBar size={32} />}
      emptyTitle={t('pagesCopy.charts.emptyTitle')}
      emptyText={t('pagesCopy.charts.emptyText')}
    />
  );
}
