import {
  computeEvaluation,
  parseEvaluationInput,
  parseIsoDate,
  type EvaluationInput,
  type EvaluationResult,
  type FieldErrors,
} from '@medida/domain';

/** What the server knows about the evaluated client; it wins over what the body says. */
export interface StoredClient {
  nacimiento: string | null;
  sexo: string | null;
  lang: string;
  iso2: string | null;
}

export type EngineOutcome =
  { ok: true; input: EvaluationInput; result: EvaluationResult } | { ok: false; errors: FieldErrors };

/** Fields the engine never sees: the server resolves them itself. */
const SERVER_FIELDS = ['id_evaluado', 'id_evaluador', 'evaluationID'] as const;

/**
 * Builds the engine's input from a request body: birth date and sex from the stored client (age is
 * computed at the evaluation date), `fecha` today unless given (never in the future), and the
 * client's language and country as the locale (food-guide system, exam limit texts). Then validates
 * and computes; every field problem comes back at once as translation keys.
 */
export function runEngine(body: Record<string, unknown>, client: StoredClient, today: string): EngineOutcome {
  const raw: Record<string, unknown> = { ...body };
  for (const key of SERVER_FIELDS) delete raw[key];
  if (client.nacimiento) raw.nacimiento = client.nacimiento;
  if (client.sexo) raw.sexo = client.sexo;
  if (raw.fecha === undefined || raw.fecha === null || raw.fecha === '') raw.fecha = today;
  if (raw.locale === undefined || raw.locale === null || raw.locale === '')
    raw.locale = client.iso2 ? `${client.lang}-${client.iso2}` : client.lang;

  const future = typeof raw.fecha === 'string' && parseIsoDate(raw.fecha) !== null && raw.fecha > today;
  // The engine's fast path first, zod for anything else (decision 034); never throws, hostile objects included.
  const parsed = parseEvaluationInput(raw);
  const errors: FieldErrors = parsed.ok ? {} : { ...parsed.errors };
  if (future) errors.fecha = [...(errors.fecha ?? []), 'evaluation.errors.futureDate'];
  if (!parsed.ok || future) return { ok: false, errors };
  return { ok: true, input: parsed.input, result: computeEvaluation(parsed.input) };
}
