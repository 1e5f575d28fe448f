import type { EvaluationInput, EvaluationResult } from '@medida/domain';
import { z } from 'zod';
import {
  digitsSchema,
  documentedInteger,
  emailSchema,
  idSchema,
  languageSchema,
  queryIdSchema,
  queryLiteralSchema,
  USER_TYPE,
} from './common.ts';

/**
 * Evaluations (spec §3 and §7): what the server answers, the queries, and the small bodies. The create and edit
 * bodies are in `evaluation-bodies.ts`: they are built on the engine's whole input schema, which the screens that
 * only read an evaluation should not build (decision 256).
 */

/**
 * The stored JSON of one version: the engine's input and result objects, written by the server from the
 * engine's own types (never from a request) and immutable since (security.md F9). Reading them back
 * checks that they are those objects and types them; it does not re-validate the inputs against today's
 * ranges, because a version stored under older rules must stay readable.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const storedInputsSchema = z
  .custom<EvaluationInput>(
    (v) => isObject(v) && typeof v.fecha === 'string' && typeof v.evaluation_type === 'number',
    'stored inputs are not an evaluation input',
  )
  .meta({ type: 'object', description: 'The normalised inputs as validated (EvaluationInput of @medida/domain)' });
export const storedResultsSchema = z
  .custom<EvaluationResult>(
    (v) => isObject(v) && typeof v.engine_version === 'string',
    'stored results are not an evaluation result',
  )
  .meta({
    type: 'object',
    description:
      "The engine's result for those inputs (EvaluationResult of @medida/domain), stored with engine_version",
  });
/** The one way to read a stored version's JSON (the server's mapper and the web's detail both use it). */
export function parseStoredVersion(v: { inputs: unknown; results: unknown }): {
  inputs: EvaluationInput;
  results: EvaluationResult;
} {
  return { inputs: storedInputsSchema.parse(v.inputs), results: storedResultsSchema.parse(v.results) };
}

export const evaluationSummarySchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  evaluation_type: z.number().int(),
  fecha: z.string(),
  engine_version: z.string(),
  created_at: z.string(),
});
export const saveEvaluationResponseSchema = z.object({
  message: z.string(),
  evaluacion: evaluationSummarySchema,
  /** The evaluator's credit balance after the charge (unchanged on edit). */
  creditos: z.number().int(),
});
export type SaveEvaluationResponse = z.infer<typeof saveEvaluationResponseSchema>;

// POST /web/eliminaevaluacion and POST /web/enviarevalua
export const evaluationIdBodySchema = z.strictObject({ evaluationID: idSchema });
export type EvaluationIdBody = z.infer<typeof evaluationIdBodySchema>;
export const evaluationMessageResponseSchema = z.object({ message: z.string() });
/**
 * enviarevalua: the attached PDF is encrypted (security.md F6); the professional gives this one-time
 * password to the client out of band (in person, by phone). The e-mail body carries no health values.
 */
/** Longest personal message a professional may add to the report e-mail. */
export const REPORT_MESSAGE_MAX = 1000;
/**
 * enviarevalua: the professional may change the recipient (the client's address by default), add a personal
 * message (plain text, line breaks kept) and choose the report's language (the client's by default).
 */
export const sendEvaluationBodySchema = z.strictObject({
  evaluationID: idSchema,
  to: emailSchema.optional(),
  message: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(REPORT_MESSAGE_MAX, { error: 'validation.tooLong' })
    .optional(),
  lang: languageSchema.optional(),
});
export type SendEvaluationBody = z.infer<typeof sendEvaluationBodySchema>;
export const sendEvaluationResponseSchema = z.object({ message: z.string(), to: z.string(), pdf_password: z.string() });
export type SendEvaluationResponse = z.infer<typeof sendEvaluationResponseSchema>;

// GET /web/getevaluacion?evaluationID=&version= — answer `{ data }` (the spec unwraps to data).
export const getEvaluationQuerySchema = z.strictObject({
  evaluationID: queryIdSchema,
  /** An earlier version; the latest when absent. */
  version: queryIdSchema.optional(),
});

export const personRefSchema = z.object({ id: z.number().int(), nombre: z.string(), apellido: z.string() });

export const evaluationClientSchema = personRefSchema.extend({
  email: z.string(),
  rut: z.string().nullable(),
  sexo: z.string().nullable(),
  nacimiento: z.string().nullable(),
  lang: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

export const evaluationEvaluatorSchema = personRefSchema.extend({
  especialidad: z.string().nullable(),
  email: z.string(),
});

export const evaluationVersionInfoSchema = z.object({
  version: z.number().int(),
  created_at: z.string(),
  engine_version: z.string(),
  created_by: personRefSchema,
});

/** One point of the client's history (latest version of each of its evaluations, oldest first). */
export const evaluationHistoryItemSchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  evaluation_type: z.number().int(),
  peso: z.number(),
  bmi: z.number().nullable(),
  body_fat_percent: z.number().nullable(),
  lean_mass_kg: z.number().nullable(),
  muscle_mass_kg: z.number().nullable(),
  /** Equation ids behind the fat % and the muscle mass: values of different equations are not compared. */
  body_fat_equation: z.string().nullable(),
  muscle_equation: z.string().nullable(),
  /** The waist circumference input (`pcintura`, cm); null when that version has none. */
  waist_cm: z.number().nullable(),
  /** The engine result's `rockport.vo2max` (ml/kg/min); null without a Rockport test. */
  vo2max: z.number().nullable(),
  /** ISAK profile (type 5): Σ6 and Σ8 skinfolds (mm) and the Heath–Carter somatotype; null for other methods. */
  sum6_mm: z.number().nullable(),
  sum8_mm: z.number().nullable(),
  somatotype: z
    .object({
      endomorphy: z.number(),
      mesomorphy: z.number(),
      ectomorphy: z.number(),
      /** Somatochart coordinates: x = III − I, y = 2·II − (I + III). */
      x: z.number(),
      y: z.number(),
    })
    .nullable(),
});
export type EvaluationHistoryItem = z.infer<typeof evaluationHistoryItemSchema>;

export const evaluationEmailSchema = z.object({
  sent_at: z.string(),
  to: z.string(),
  version: z.number().int(),
  sent_by: personRefSchema,
});

export const evaluationDetailSchema = z.object({
  id: z.number().int(),
  evaluation_type: z.number().int(),
  created_at: z.string(),
  /** The version shown (latest unless ?version= asked for another). */
  version: z.number().int(),
  current_version: z.number().int(),
  versions: z.array(evaluationVersionInfoSchema),
  fecha: z.string(),
  engine_version: z.string(),
  inputs: storedInputsSchema,
  results: storedResultsSchema,
  client: evaluationClientSchema,
  evaluator: evaluationEvaluatorSchema,
  created_by_me: z.boolean(),
  /** False for the client itself (read-only) and for evaluations shown from an older version. */
  can_edit: z.boolean(),
  history: z.array(evaluationHistoryItemSchema),
  emails: z.array(evaluationEmailSchema),
  /** GET path of the PDF report (bearer auth). */
  report_path: z.string(),
});
export const getEvaluationResponseSchema = z.object({ data: evaluationDetailSchema });
/** The detail: inputs and results are the domain's types. */
export type EvaluationDetail = z.infer<typeof evaluationDetailSchema>;

// GET /web/listaevaluaciones?type=&page=&limit=&filter_nombre=&filter_apellido=&filter_email=&filter_rut=&filter_company=&id_usuario=&id_evaluado=
const filterText = z.string().trim().max(100).optional();
export const EVALUATION_LIST_MAX_LIMIT = 100;
export const listEvaluationsQuerySchema = z.strictObject({
  /** The session user's type (spec §6); the server uses the stored type, this is accepted for compatibility. */
  type: z.union([queryLiteralSchema(USER_TYPE.professional), queryLiteralSchema(USER_TYPE.client)]).optional(),
  page: digitsSchema().pipe(z.number().min(1)).meta(documentedInteger(1)).default(1),
  limit: digitsSchema()
    .pipe(z.number().min(1).max(EVALUATION_LIST_MAX_LIMIT))
    .meta(documentedInteger(1, EVALUATION_LIST_MAX_LIMIT))
    .default(20),
  /** Prefix filters, case-insensitive (rut ignores dots and hyphen). */
  filter_nombre: filterText,
  filter_apellido: filterText,
  filter_email: filterText,
  filter_rut: filterText,
  /** Company id (the company list of GET /web/getCompanies). */
  filter_company: z.preprocess((v) => (v === '' ? undefined : v), queryIdSchema.optional()),
  /** The session user, or a professional below it to narrow the list to its sub-tree. */
  id_usuario: queryIdSchema.optional(),
  /**
   * A client id: only that client's evaluations, within the scope above (after any id_usuario narrowing).
   * Like id_usuario, a client outside that scope (another tenant's, a professional, an unknown id) is 404.
   */
  id_evaluado: queryIdSchema.optional(),
  /**
   * `next_cursor` of the previous page: this page continues after it (keyset) instead of skipping
   * (page - 1) × limit rows. `page` still says which page this is (for `datos_total`).
   */
  cursor: z
    .string()
    .regex(/^\d{1,16}\.\d{1,10}$/)
    .optional(),
});
export type ListEvaluationsQuery = z.input<typeof listEvaluationsQuerySchema>;

export const evaluationListItemSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  fecha: z.string(),
  evaluation_type: z.number().int(),
  client: z.object({
    id: z.number().int(),
    nombre: z.string(),
    apellido: z.string(),
    email: z.string(),
    rut: z.string().nullable(),
    company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
  evaluator: personRefSchema,
  /** Spec §6: an evaluation created by the current user is marked as such. */
  created_by_me: z.boolean(),
});
export type EvaluationListItem = z.infer<typeof evaluationListItemSchema>;
export const listEvaluationsResponseSchema = z.object({
  datos: z.array(evaluationListItemSchema),
  /** Matching rows, counted up to 1,000 past the page's start: a lower bound when `datos_total_capped`. */
  datos_total: z.number().int(),
  /** More rows match than `datos_total` says (shown as "1,000+"). */
  datos_total_capped: z.boolean(),
  /** Pass as `cursor` with `page + 1` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** True when some evaluation in scope belongs to a client of a company other than the default (9). */
  show_company: z.boolean(),
});
export type ListEvaluationsResponse = z.infer<typeof listEvaluationsResponseSchema>;

// GET /web/evaluationListing?type=2&search=&parent_user_id= — the wizard's client search (max 20).
export const EVALUATION_LISTING_MAX = 20;
export const evaluationListingQuerySchema = z.strictObject({
  type: queryLiteralSchema(USER_TYPE.client),
  search: z.string().trim().max(100).optional(),
  parent_user_id: queryIdSchema,
});
export const evaluationListingItemSchema = z.object({
  id_usuario: z.number().int(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  rut: z.string().nullable(),
  nacimiento: z.string().nullable(),
  sexo: z.string().nullable(),
  /** Whole years today; null without a birth date. The wizard blocks Next under 13 (spec §4). */
  age: z.number().int().nullable(),
});
export type EvaluationListingItem = z.infer<typeof evaluationListingItemSchema>;
export const evaluationListingResponseSchema = z.object({ lista: z.array(evaluationListingItemSchema) });

/** GET /web/evaluations/:id/report.pdf?version= — the PDF report in the client's language (attachment). */
export const evaluationReportPath = (id: number) => `/web/evaluations/${id}/report.pdf`;
export const evaluationReportParamsSchema = z.strictObject({ id: queryIdSchema });
export const evaluationReportQuerySchema = z.strictObject({
  version: queryIdSchema.optional(),
  /** The report's language; the client's when absent (issue 14). */
  lang: languageSchema.optional(),
});
