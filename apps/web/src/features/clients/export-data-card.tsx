import { Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { RegionCard } from '../../components/region-card.tsx';
import { IconFileZip } from '@tabler/icons-react';
import type { ExportJob } from '@medida/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, notifyError } from '../../lib/notify.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { downloadExport, fetchExportJob, startClientExport } from './export-api.ts';
import { FhirDownloadButton } from './fhir-download-button.tsx';

/** How often the progress is asked for while the server builds the ZIP. */
const POLL_MS = 700;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Phase = { kind: 'idle' } | { kind: 'building'; job: ExportJob } | { kind: 'downloading' } | { kind: 'done' };

/**
 * "Export data": one ZIP with the client's data (JSON, report PDFs, documents, access log). The server
 * builds it as a job; the card shows "file n of N" while it does, then saves the file (decision 145).
 * Beside it, the same record as a FHIR R4 Bundle for another health record system (decision 226).
 */
export function ExportDataCard({
  clientId,
  clientName,
  self = false,
}: {
  clientId: number;
  /** Names the FHIR file; undefined while it loads. */
  clientName: string | undefined;
  self?: boolean;
}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const run = async () => {
    try {
      let job = (await startClientExport(clientId)).export;
      setPhase({ kind: 'building', job });
      while (job.status === 'building') {
        await wait(POLL_MS);
        job = (await fetchExportJob(job.id)).export;
        setPhase({ kind: 'building', job });
      }
      if (job.status === 'failed') {
        notifyError(t('exportData.failed'));
        setPhase({ kind: 'idle' });
        return;
      }
      setPhase({ kind: 'downloading' });
      const { blob, fileName } = await downloadExport(job.id);
      saveBlob(blob, fileName ?? job.file_name);
      setPhase({ kind: 'done' });
    } catch (error) {
      notifyApiError(error);
      setPhase({ kind: 'idle' });
    }
  };

  const busy = phase.kind === 'building' || phase.kind === 'downloading';
  const headingId = useId();
  const fhirHintId = useId();
  const job = phase.kind === 'building' ? phase.job : null;
  const percent = job && job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  return (
    // A region named by its heading; the progress line is a status a screen reader reads as it changes (decision 180).
    <RegionCard labelledBy={headingId} data-testid="export-data" data-phase={phase.kind}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('exportData.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(self ? 'exportData.selfIntro' : 'exportData.intro')}
        </Text>
        {busy && (
          <Stack gap={4} data-testid="export-progress">
            <Progress
              value={phase.kind === 'downloading' ? 100 : percent}
              animated
              aria-label={t('exportData.progressLabel')}
            />
            <Text size="sm" role="status" aria-live="polite">
              {job && job.total > 0
                ? t('exportData.progress', { done: job.done, total: job.total })
                : phase.kind === 'downloading'
                  ? t('exportData.downloading')
                  : t('exportData.starting')}
            </Text>
          </Stack>
        )}
        {phase.kind === 'done' && (
          <Text size="sm" data-testid="export-done">
            {t('exportData.done')}
          </Text>
        )}
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconFileZip size={18} />}
            loading={busy}
            onClick={() => void run()}
            data-testid="export-data-button"
          >
            {t('exportData.action')}
          </Button>
          <FhirDownloadButton clientId={clientId} clientName={clientName} describedBy={fhirHintId} />
        </Group>
        <Text size="xs" c="dimmed" id={fhirHintId}>
          {t(self ? 'exportData.fhir.selfHint' : 'exportData.fhir.hint')}
        </Text>
      </Stack>
    </RegionCard>
  );
}
