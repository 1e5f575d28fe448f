import {
  evaluationObjectSchema,
  evaluationTypeSchema,
  type EvaluationFormValues,
  type EvaluationInput,
} from '@medida/domain';
import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.ts';

/**
 * The create and edit bodies (spec §4 wizard, §7 calls): the domain's
 * evaluation form (`EvaluationFormValues`, validated on the server by `evaluationInputSchema` and
 * `evaluate()`) plus the ids the server resolves itself; the server recomputes every result, never
 * trusts one sent by a client, and takes the client's birth date and sex from the stored client. A 422
 * is the usual envelope with `error.message: { field: [translated messages] }` (field names as in the
 * form, dotted for nested: `rockport.bpm`, `clinical_data.exams.0.value`).
 */

const isAbsent = (v: unknown) => v === undefined || v === null || v === '';

/**
 * An id the server resolves before the engine runs (who is evaluated, who evaluates, which evaluation).
 * Its errors use the engine's keys, so the 422 reads like the form's: `evaluation.errors.required`
 * when absent ('' and null included), `invalidKey` when it is not a positive integer.
 */
const resolvedId = (invalidKey: string) =>
  z
    .unknown()
    .transform((v, ctx) => {
      if (isAbsent(v)) {
        ctx.addIssue({ code: 'custom', message: 'evaluation.errors.required' });
        return z.NEVER;
      }
      const id = idSchema.safeParse(v);
      if (!id.success) {
        ctx.addIssue({ code: 'custom', message: invalidKey });
        return z.NEVER;
      }
      return id.data;
    })
    .meta({ description: 'A positive integer id' });

/**
 * The fields every create/edit body carries before the form. `evaluation_type` is checked here with the
 * engine's own schema because it decides which form fields are required or ignored; every other form
 * field passes through to the engine (one source of field rules and 422 messages, decision 033).
 */
const evaluationBodyShape = {
  /** The client evaluated: a client in the session user's tree (404 otherwise). */
  id_evaluado: resolvedId('evaluation.errors.type'),
  /** Who evaluates: must be the session user (403 otherwise: a forged claim). */
  id_evaluador: resolvedId('evaluation.errors.type'),
  /** The method: 1 bioimpedance, 2 two skinfolds, 3 tape, 4 four skinfolds, 5 ISAK profile. */
  evaluation_type: evaluationTypeSchema,
};

/**
 * The evaluation form as the wizard sends it (`EvaluationFormValues` of @medida/domain). `sexo` and
 * `nacimiento` may be sent (the wizard has them) but the stored client's values win; `fecha`
 * (YYYY-MM-DD) defaults to today and may not be in the future.
 */
export type EvaluationForm = Omit<
  EvaluationFormValues,
  'id_evaluado' | 'id_evaluador' | 'evaluation_type' | 'sexo' | 'nacimiento' | 'fecha'
> & {
  sexo?: EvaluationFormValues['sexo'];
  nacimiento?: string;
  fecha?: string;
};

// POST /web/ingresaevaluacion — the evaluation form plus id_evaluado, id_evaluador and evaluation_type.
export const createEvaluationBodySchema = z
  .looseObject(evaluationBodyShape)
  .describe(
    'The evaluation form (EvaluationFormValues of @medida/domain) plus id_evaluado, id_evaluador and evaluation_type',
  );
/** What the web sends: the typed form plus the ids. */
export type CreateEvaluationBody = EvaluationForm & {
  id_evaluado: number;
  id_evaluador: number;
  evaluation_type: EvaluationInput['evaluation_type'];
};
/** What the server's handler receives: the ids and the method checked, the form still for the engine to validate. */
export type CreateEvaluationRequest = z.output<typeof createEvaluationBodySchema>;

// POST /web/editEvaluation — the same body plus evaluationID; saves version n+1 (earlier versions stay
// readable). id_evaluado may be left out; when sent it must be the evaluation's client (the client never changes).
export const editEvaluationBodySchema = z
  .looseObject({
    ...evaluationBodyShape,
    evaluationID: resolvedId('evaluation.errors.required'),
    id_evaluado: z
      .unknown()
      .transform((v, ctx) => {
        const id = idSchema.safeParse(v);
        if (!id.success) {
          ctx.addIssue({ code: 'custom', message: 'evaluation.errors.invalid' });
          return z.NEVER;
        }
        return id.data;
      })
      .optional()
      .meta({ description: "Optional: when sent, the id of the evaluation's client" }),
  })
  .describe('The evaluation form plus evaluationID');
export type EditEvaluationBody = CreateEvaluationBody & { evaluationID: number };

/**
 * The create and edit bodies as the OpenAPI document shows them (decision 178): the engine's form with its
 * bounds and options (`evaluationObjectSchema`), the ids as integers. Documentation only: the schemas above
 * pass the form to the engine, which also takes numeric text ('72,5'; '' and null mean absent) and decides
 * which fields each method requires or ignores.
 */
const documentedForm = evaluationObjectSchema.extend({
  id_evaluado: idSchema,
  id_evaluador: idSchema,
  sexo: evaluationObjectSchema.shape.sexo.optional().describe("Ignored: the stored client's value wins"),
  nacimiento: isoDateSchema.optional().describe("Ignored: the stored client's value wins"),
  fecha: isoDateSchema.optional().describe('The evaluation date; today when absent, never in the future'),
});
export const createEvaluationBodies = { 'application/json': documentedForm };
export const editEvaluationBodies = {
  'application/json': documentedForm.extend({
    evaluationID: idSchema,
    id_evaluado: idSchema.optional().describe("When sent, the evaluation's client"),
  }),
};
export type EditEvaluationRequest = z.output<typeof editEvaluationBodySchema>;
