import { Button } from '@mantine/core';
import { IconArrowLeft, IconReportMedical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ComingPage } from '../../components/coming-page.tsx';

/** /evaluations/detail?evaluationID=… (spec §2: the detail takes the param evaluationID). */
export function EvaluationDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const evaluationId = params.get('evaluationID');
  return (
    <ComingPage
      title={evaluationId ? t('pagesCopy.evaluationDetail.title', { id: evaluationId }) : t('pagesCopy.evaluationDetail.titleNone')}
      description={t('pagesCopy.evaluationDetail.description')}
      icon={<IconReportMedical size={32} />}
      emptyTitle={evaluationId ? t('pagesCopy.evaluationDetail.emptyTitle') : t('pagesCopy.evaluationDetail.noneTitle')}
      emptyText={evaluationId ? t('pagesCopy.evaluationDetail.emptyText') : t('pagesCopy.evaluationDetail.noneText')}
    >
      <Button component={Link} to="/evaluations" variant="light" leftSection={<IconArrowLeft size={16} />}>
        {t('pagesCopy.evaluationDetail.back')}
      </Button>
    </ComingPage>
  );
}
