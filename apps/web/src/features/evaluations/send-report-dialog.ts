import { useTranslation } from 'react-i18next';
import { withAllStyles } from '../../lib/all-styles.ts';
import { CHUNK_TIMEOUT_MS } from '../../lib/constants.ts';
import { notifyApiError } from '../../lib/notify.ts';
import { loadChunk } from '../../lib/with-timeout.ts';
import type { SendTarget } from './evaluations-api.ts';

// The dialog (its form, Select, Textarea, @mantine/form) loads on the click, with every Mantine style, not with the
// evaluation's detail (decision 215).
const loadDialog = withAllStyles(() => import('./send-report-modal.tsx'));

/** Opens "Send by e-mail" (send-report-modal.tsx) once its chunk is in; a chunk that cannot load says so. */
export function useSendReportDialog(): (target: SendTarget) => void {
  const { t } = useTranslation();
  return (target) =>
    void loadChunk(loadDialog, CHUNK_TIMEOUT_MS).then(
      (m) => m.openSendReportDialog(target, t('evaluations.send.dialogTitle')),
      notifyApiError,
    );
}
