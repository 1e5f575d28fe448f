import { IconClipboardHeart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingPage } from '../../components/coming-page.tsx';

export function EvaluationsPage() {
  const { t } = useTranslation();
  return (
    <ComingPage
      title={t('pagesCopy.evaluations.title')}
      description={t('pagesCopy.evaluations.description')}
      icon={<IconClipboardHeart size={32} />}
      emptyTitle={t('pagesCopy.evaluations.emptyTitle')}
      emptyText={t('pagesCopy.evaluations.emptyText')}
    />
  );
}
