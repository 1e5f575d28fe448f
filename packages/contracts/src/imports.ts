import { z } from 'zod';
import { languageSchema } from './common.ts';

/**
 * Importing clients and evaluations from a spreadsheet (issue 35, decision 228). The server reads CSV or XLSX,
 * maps the columns by header (any language) or by the mapping the user confirmed, and answers per row.
 */

export const IMPORT_KINDS = ['clients', 'evaluations'] as const;
export const importKindSchema = z.enum(IMPORT_KINDS, { error: 'validation.invalid' });
export type ImportKind = z.infer<typeof importKindSchema>;
export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;

// GET /web/import/template?kind=&lang=&format=
export const importTemplateQuerySchema = z.strictObject({
  kind: importKindSchema,
  lang: languageSchema.optional(),
  format: z.enum(IMPORT_FORMATS, { error: 'validation.invalid' }).optional(),
});

// POST /web/import/clients|evaluations?dry_run=true|false&lang=
export const importQuerySchema = z.strictObject({
  dry_run: z.enum(['true', 'false'], { error: 'validation.invalid' }).optional(),
  /** How the file writes dates and choices when it is not ISO: dd/mm/yyyy in es and pt, mm/dd/yyyy in en. */
  lang: languageSchema.optional(),
});

/** The largest upload (bytes): 10 MiB; a longer file is refused with 413. */
export const IMPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The multipart body, for the OpenAPI document (the handler reads it itself). */
export const importBodies = {
  'multipart/form-data': z.object({
    file: z.string().meta({ format: 'binary' }).describe('The CSV (UTF-8 or UTF-16) or XLSX file, at most 10 MiB'),
    mapping: z
      .string()
      .max(64 * 1024)
      .optional()
      .describe('JSON object: file header → field key, or null to ignore the column (the confirmed mapping)'),
    attest_consent: z
      .enum(['true', 'false'])
      .optional()
      .describe("Clients: the professional attests every new client's consent (recorded as written, audited)"),
  }),
};

export const IMPORT_ROW_STATUSES = ['created', 'updated', 'skipped', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const importColumnSchema = z.object({
  header: z.string(),
  /** The field the column feeds; null when it is ignored. */
  key: z.string().nullable(),
  /** The unit its header names when it is not the field's own (lb, in). */
  unit: z.string().nullable(),
});

export const importRowSchema = z.object({
  /** The row's number in the file (the header is row 1). */
  row: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** Field key (or `row` for the whole row) → the translated messages. */
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importResponseSchema = z.object({
  dry_run: z.boolean(),
  format: z.enum(IMPORT_FORMATS),
  columns: z.array(importColumnSchema),
  /** Every field the kind reads, with its translated name: the mapping's choices. */
  fields: z.array(z.object({ key: z.string(), label: z.string() })),
  /** The first rows' cells as read, in the columns' order (the preview). */
  preview: z.array(z.array(z.string())),
  rows: z.array(importRowSchema),
  totals: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    error: z.number().int(),
  }),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;
