import { importResponseSchema, type ImportKind, type ListExportFormat } from '@medida/contracts';
import { apiDownload, apiRequest } from '../../lib/api.ts';

/** The import's template (decision 228): the columns it reads, headers in the reader's language, one example row. */
export const downloadImportTemplate = (kind: ImportKind, format: ListExportFormat) =>
  apiDownload('/web/import/template', { query: { kind, format } });

/** A dry run (the preview, nothing stored) or the import itself of one CSV or XLSX file. */
export function runImport(a: {
  kind: ImportKind;
  file: Blob;
  fileName: string;
  dryRun: boolean;
  mapping?: Record<string, string | null> | undefined;
  attestConsent: boolean;
}) {
  const form = new FormData();
  form.append('file', a.file, a.fileName);
  if (a.mapping) form.append('mapping', JSON.stringify(a.mapping));
  if (a.attestConsent) form.append('attest_consent', 'true');
  return apiRequest(`/web/import/${a.kind}`, {
    method: 'POST',
    query: { dry_run: String(a.dryRun) },
    body: form,
    schema: importResponseSchema,
    timeoutMs: 120_000,
  });
}
