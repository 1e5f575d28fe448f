import { z } from 'zod';
import { auditEventSchema } from './audit.ts';
import { languageSchema } from './common.ts';
import { consentSchema } from './consent.ts';
import {
  evaluationEmailSchema,
  evaluationEvaluatorSchema,
  listEvaluationsQuerySchema,
  storedInputsSchema,
  storedResultsSchema,
} from './evaluations.ts';
import { managedUserSchema } from './people.ts';

/**
 * A client's data export (issue 16, decision 145): the server builds one ZIP as a job, the web app polls
 * its progress and then downloads it. The ZIP's `client.json` follows `clientExportDocumentSchema`,
 * described field by field in docs/export-schema.md; a change to its shape gets a new schema version.
 */
export const CLIENT_EXPORT_FORMAT = 'medida-client-export';
export const CLIENT_EXPORT_SCHEMA_VERSION = 1;

export const EXPORT_STATUSES = ['building', 'ready', 'failed'] as const;
export const exportJobSchema = z.object({
  id: z.string(),
  client_id: z.number().int(),
  status: z.enum(EXPORT_STATUSES),
  /** Files written so far and files the ZIP will hold (client.json, every PDF, every attachment). */
  done: z.number().int(),
  total: z.number().int(),
  /** The ZIP's size once ready. */
  size_bytes: z.number().int().nullable(),
  file_name: z.string(),
  /** Until then the ZIP can be downloaded (ISO time), once ready. */
  expires_at: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

// POST /web/clients/:id/export (202) and GET /web/exports/:id
export const exportJobResponseSchema = z.object({ export: exportJobSchema });
// GET /web/exports/:id and GET /web/exports/:id/download
export const exportJobParamsSchema = z.strictObject({ id: z.uuid({ error: 'validation.id' }) });

// GET /web/clients.csv: the acting professional's clients as the list shows them, optionally searched (decision 191)
export const clientListCsvQuerySchema = z.strictObject({
  /** Matches name, last name, e-mail or rut, as the list's search box. */
  search: z.string().trim().max(100).optional(),
});

/** The formats a list is downloaded in (decision 227): CSV (the default, as /web/clients.csv) or XLSX. */
export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];
const listExportFormatSchema = z.enum(LIST_EXPORT_FORMATS, { error: 'validation.invalid' }).default('csv');

// GET /web/client-list/export?format=csv|xlsx&search=: the client list as a spreadsheet (decision 227)
export const clientListExportQuerySchema = clientListCsvQuerySchema.extend({ format: listExportFormatSchema });

/**
 * GET /web/evaluation-list/export?format=&filter_*=&id_usuario=&id_evaluado=: the evaluation list with the list's own
 * filters (GET /web/listaevaluaciones without its paging), every matching row; `id_evaluado` for one client's; a
 * client (the portal) gets its own.
 */
export const evaluationListExportQuerySchema = listEvaluationsQuerySchema
  .pick({
    filter_nombre: true,
    filter_apellido: true,
    filter_email: true,
    filter_rut: true,
    filter_company: true,
    id_usuario: true,
    id_evaluado: true,
  })
  .extend({ format: listExportFormatSchema });
export type EvaluationListExportQuery = z.input<typeof evaluationListExportQuerySchema>;

const personRefSchema = z.object({ id: z.number().int(), nombre: z.string(), apellido: z.string() });

export const exportedEvaluationVersionSchema = z.object({
  version: z.number().int(),
  created_at: z.string(),
  engine_version: z.string(),
  created_by: personRefSchema,
  inputs: storedInputsSchema,
  results: storedResultsSchema,
});

export const exportedEvaluationSchema = z.object({
  id: z.number().int(),
  evaluation_type: z.number().int(),
  fecha: z.string(),
  created_at: z.string(),
  current_version: z.number().int(),
  evaluator: evaluationEvaluatorSchema,
  /** Path inside the ZIP of the current version's PDF report. */
  report_file: z.string(),
  report_lang: languageSchema,
  versions: z.array(exportedEvaluationVersionSchema),
  emails: z.array(evaluationEmailSchema),
});

export const exportedAttachmentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  created_at: z.string(),
  uploader: z.object({ nombre: z.string(), apellido: z.string(), especialidad: z.string().nullable() }),
  /** Path inside the ZIP of the stored file. */
  file: z.string(),
});

/** The trail as GET /web/clients/:id/audit shows it to the exporter, oldest first (no health values in it). */
export const exportedAuditEventSchema = auditEventSchema.omit({ is_self: true });

export const clientExportDocumentSchema = z.object({
  format: z.literal(CLIENT_EXPORT_FORMAT),
  schema_version: z.literal(CLIENT_EXPORT_SCHEMA_VERSION),
  exported_at: z.string(),
  exported_by: z.object({ id: z.number().int(), role: z.enum(['professional', 'client']) }),
  client: managedUserSchema.extend({ lang: languageSchema }),
  /** Every consent record, oldest first (a withdrawn one stays, marked). */
  consents: z.array(consentSchema.extend({ recorded_by: z.number().int(), withdrawn_by: z.number().int().nullable() })),
  evaluations: z.array(exportedEvaluationSchema),
  attachments: z.array(exportedAttachmentSchema),
  audit_trail: z.array(exportedAuditEventSchema),
});
export type ClientExportDocument = z.infer<typeof clientExportDocumentSchema>;
export type ExportedEvaluation = z.infer<typeof exportedEvaluationSchema>;
export type ExportedAttachment = z.infer<typeof exportedAttachmentSchema>;
export type ExportedAuditEvent = z.infer<typeof exportedAuditEventSchema>;
