import { Alert, Button, Checkbox, FileInput, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCheck, IconFileUpload, IconUpload } from '@tabler/icons-react';
import type { ImportKind, ImportResponse } from '@medida/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadMenu } from '../../components/download-menu.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { correctedCsv } from './import-csv.ts';
import { ImportPreview } from './import-preview.tsx';
import { downloadImportTemplate, runImport } from './imports-api.ts';

type Totals = ImportResponse['totals'];

/**
 * Importing clients or evaluations (issue 35, decision 228): the template, a file, a dry run shown as a preview
 * (the mapping as selects, each error at its cell, cells editable when the whole file is shown), then the import and
 * its totals. Nothing is stored before "Import".
 */
export function ImportPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ImportKind>('clients');
  const [file, setFile] = useState<File | null>(null);
  const [attest, setAttest] = useState(false);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [preview, setPreview] = useState<ImportResponse | null>(null);
  const [cells, setCells] = useState<string[][]>([]);
  const [edited, setEdited] = useState(false);
  const [done, setDone] = useState<Totals | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setPreview(null);
    setCells([]);
    setEdited(false);
    setDone(null);
    setError(null);
    setMapping({});
  };
  // The whole file is in the preview: its cells can be corrected here and sent again as a CSV.
  const editable = preview !== null && preview.preview.length === preview.rows.length;
  const upload = (): { file: Blob; fileName: string } | null => {
    if (!file) return null;
    if (edited && preview)
      return {
        file: correctedCsv(
          preview.columns.map((c) => c.header),
          cells,
        ),
        fileName: 'corrected.csv',
      };
    return { file, fileName: file.name };
  };

  async function send(dryRun: boolean) {
    const body = upload();
    if (!body) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await runImport({
        kind,
        ...body,
        dryRun,
        mapping: preview ? mapping : undefined,
        attestConsent: kind === 'clients' && attest,
      });
      if (dryRun) {
        setPreview(answer);
        setCells(answer.preview.map((row) => [...row]));
        setMapping(Object.fromEntries(answer.columns.map((c) => [c.header, c.key])));
      } else setDone(answer.totals);
    } catch (e) {
      setError(apiErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const totals = preview?.totals;
  return (
    <>
      <PageHeader
        title={t('imports.title')}
        description={t('imports.description')}
        actions={
          <DownloadMenu
            label={t('imports.template')}
            hint={t('imports.templateHint')}
            download={(format) => downloadImportTemplate(kind, format)}
            fallbackName={t(`imports.kinds.${kind}`)}
            testId="import-template"
          />
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack>
          <SegmentedControl
            value={kind}
            onChange={(value) => {
              setKind(value as ImportKind);
              reset();
            }}
            data={(['clients', 'evaluations'] as const).map((k) => ({ value: k, label: t(`imports.kinds.${k}`) }))}
            data-testid="import-kind"
          />
          <FileInput
            label={t('imports.file')}
            description={t('imports.fileHint')}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileUpload size={16} />}
            value={file}
            onChange={(value) => {
              setFile(value);
              reset();
            }}
            clearable
            data-testid="import-file"
          />
          {kind === 'clients' && (
            <Checkbox
              label={t('imports.attestConsent')}
              checked={attest}
              onChange={(event) => setAttest(event.currentTarget.checked)}
              data-testid="import-attest"
            />
          )}
          {error && (
            <Alert color="red" data-testid="import-error">
              {error}
            </Alert>
          )}
          <Group>
            <Button
              variant={preview ? 'default' : 'filled'}
              leftSection={<IconCheck size={16} />}
              disabled={!file}
              loading={busy && !done}
              onClick={() => void send(true)}
              data-testid="import-check"
            >
              {preview ? t('imports.checkAgain') : t('imports.check')}
            </Button>
            {preview && !done && (
              <Button
                leftSection={<IconUpload size={16} />}
                disabled={busy || (totals?.created ?? 0) + (totals?.updated ?? 0) === 0}
                onClick={() => void send(false)}
                data-testid="import-run"
              >
                {t('imports.run', { count: (totals?.created ?? 0) + (totals?.updated ?? 0) })}
              </Button>
            )}
          </Group>
          {totals && !done && (
            <Text size="sm" data-testid="import-totals">
              {t('imports.totals', totals)}
            </Text>
          )}
          {preview && !editable && (
            <Text size="sm" c="dimmed">
              {t('imports.tooLongToEdit')}
            </Text>
          )}
          {preview && !done && (
            <ImportPreview
              result={preview}
              cells={cells}
              editable={editable}
              mapping={mapping}
              onMapping={(header, key) => setMapping((m) => ({ ...m, [header]: key }))}
              onCell={(r, c, value) => {
                setEdited(true);
                setCells((rows) => rows.map((row, i) => (i === r ? row.map((v, j) => (j === c ? value : v)) : row)));
              }}
            />
          )}
          {done && (
            <Alert color="teal" title={t('imports.doneTitle')} data-testid="import-done">
              <Stack gap="xs">
                <Text size="sm">{t('imports.totals', done)}</Text>
                <Button component={Link} to={kind === 'clients' ? paths.clients : paths.evaluations} variant="light">
                  {t(kind === 'clients' ? 'imports.toClients' : 'imports.toEvaluations')}
                </Button>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Paper>
    </>
  );
}
