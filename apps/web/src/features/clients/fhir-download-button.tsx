import { Button } from '@mantine/core';
import { IconFileCode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileStem } from '../../lib/file-name.ts';
import { notifyApiError } from '../../lib/notify.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { downloadClientFhir } from './export-api.ts';

/**
 * "FHIR R4 (JSON)": the client's record and measurements as a FHIR Bundle for another health record system
 * (decision 226), saved as `<client-name>-fhir.json` — the server's `client-<id>-fhir.json` while the name is unknown.
 */
export function FhirDownloadButton(props: { clientId: number; clientName: string | undefined; describedBy: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadClientFhir(props.clientId);
      const stem = fileStem(props.clientName ?? '');
      saveBlob(blob, stem ? `${stem}-fhir.json` : (fileName ?? `client-${props.clientId}-fhir.json`));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileCode size={18} />}
      loading={busy}
      onClick={() => void download()}
      aria-describedby={props.describedBy}
      data-testid="export-fhir-button"
    >
      {t('exportData.fhir.action')}
    </Button>
  );
}
