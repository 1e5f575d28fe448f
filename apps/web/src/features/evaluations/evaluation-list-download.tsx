import { useTranslation } from 'react-i18next';
import { DownloadMenu } from '../../components/download-menu.tsx';
import { downloadEvaluationList, type EvaluationListFilters } from './evaluations-api.ts';

/**
 * "Export ▾" (CSV, Excel) of an evaluation list (decision 227): the list with its filters, one client's (`clientId`),
 * or, for a client in the portal, its own.
 */
export function EvaluationListDownload(props: {
  filters?: EvaluationListFilters;
  clientId?: number;
  hint: 'filtered' | 'client' | 'own';
}) {
  const { t } = useTranslation();
  return (
    <DownloadMenu
      label={t('evaluations.export.label')}
      hint={t(`evaluations.export.hint.${props.hint}`)}
      download={(format) => downloadEvaluationList({ filters: props.filters, clientId: props.clientId }, format)}
      fallbackName={t('evaluations.export.fileName')}
      testId="evaluations-export"
    />
  );
}
