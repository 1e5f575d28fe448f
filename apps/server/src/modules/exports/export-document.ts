import {
  CLIENT_EXPORT_FORMAT,
  CLIENT_EXPORT_SCHEMA_VERSION,
  USER_TYPE,
  type ClientExportDocument,
  type EvaluationDetail,
  type ExportedAttachment,
  type ExportedEvaluation,
  type Language,
} from '@medida/contracts';

/** Paths inside the ZIP (docs/export-schema.md). */
export const CLIENT_JSON = 'client.json';
/** The client's data as a FHIR R4 bundle (decision 226). */
export const FHIR_BUNDLE_JSON = 'fhir-bundle.json';
export const reportEntry = (fileName: string) => `reports/${fileName}`;
/** The stored name, reduced to safe characters: no path, no control characters, nothing a zip tool could misread. */
export function attachmentEntry(id: number, originalName: string): string {
  const safe = originalName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return `attachments/${id}-${safe || 'file'}`;
}

/** One evaluation of the export: its current version's detail plus every stored version. */
export function exportedEvaluation(
  current: EvaluationDetail,
  versions: readonly EvaluationDetail[],
  report: { file: string; lang: Language },
): ExportedEvaluation {
  return {
    id: current.id,
    evaluation_type: current.evaluation_type,
    fecha: current.fecha,
    created_at: current.created_at,
    current_version: current.current_version,
    evaluator: current.evaluator,
    report_file: report.file,
    report_lang: report.lang,
    versions: versions.map((v) => {
      const info = current.versions.find((i) => i.version === v.version);
      if (!info) throw new Error(`evaluation ${current.id} has no version ${v.version}`);
      return {
        version: v.version,
        created_at: info.created_at,
        engine_version: v.engine_version,
        created_by: info.created_by,
        inputs: v.inputs,
        results: v.results,
      };
    }),
    emails: current.emails,
  };
}

export function exportDocument(parts: {
  exportedAt: Date;
  actor: { userId: number; userType: number };
  client: ClientExportDocument['client'];
  consents: ClientExportDocument['consents'];
  evaluations: ExportedEvaluation[];
  attachments: ExportedAttachment[];
  auditTrail: ClientExportDocument['audit_trail'];
}): ClientExportDocument {
  return {
    format: CLIENT_EXPORT_FORMAT,
    schema_version: CLIENT_EXPORT_SCHEMA_VERSION,
    exported_at: parts.exportedAt.toISOString(),
    exported_by: {
      id: parts.actor.userId,
      role: parts.actor.userType === USER_TYPE.client ? 'client' : 'professional',
    },
    client: parts.client,
    consents: parts.consents,
    evaluations: parts.evaluations,
    attachments: parts.attachments,
    audit_trail: parts.auditTrail,
  };
}
