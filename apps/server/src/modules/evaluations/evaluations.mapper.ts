import {
  evaluationReportPath,
  parseStoredVersion,
  type EvaluationDetail,
  type EvaluationListingItem,
  type EvaluationListItem,
  USER_TYPE,
  type UserType,
} from '@medida/contracts';
import {
  ageInYears,
  bodyFatSeries,
  somatochartXY,
  withEquationTexts,
  type EvaluationInput,
  type EvaluationResult,
} from '@medida/domain';
import type { UserRecordsService } from '../people/user-records.service.ts';
import type { EvaluationFigures, EvaluationsRepository } from './evaluations.repository.ts';

// The one place that translates between the wire (the spec's names: `fecha`, `evaluacion`, `datos`) and
// the evaluation tables (`evaluated_on`, the key-figure columns, the joined `client_*`/`evaluator_*`
// columns), and that reads a stored version's JSON (decision 090).

type RowOf<K extends keyof EvaluationsRepository> = NonNullable<Awaited<ReturnType<EvaluationsRepository[K]>>>;
type ListRow = RowOf<'list'>['rows'][number];

const iso = (d: Date) => d.toISOString();
/** A timestamp as JSON carries it from the database ('2026-03-01T12:00:00.123+00:00'). */
const isoOfJson = (t: string) => new Date(t).toISOString();
const companyOf = (r: { company_id: number | null; company_name: string | null }) =>
  r.company_id !== null && r.company_name !== null ? { id: r.company_id, name: r.company_name } : null;

/** The evaluation row's columns for a validated input and its result (create and every edit). */
export function toEvaluationColumns(
  input: EvaluationInput,
  result: EvaluationResult,
): { evaluation_type: number; evaluated_on: string; figures: EvaluationFigures } {
  return {
    evaluation_type: input.evaluation_type,
    evaluated_on: input.fecha,
    // What the dashboard and analytics aggregate, from the engine's result (never recomputed in SQL).
    figures: {
      bmi: result.bmi.value,
      bmi_category: result.bmi.category,
      body_fat_percent: result.body_fat.percent,
      fat_category: result.body_fat.category?.value ?? null,
      waist_cm: input.pcintura ?? null,
      body_fat_series: bodyFatSeries(input.evaluation_type, result.body_fat.equation.id),
    },
  };
}

/** A history point's somatotype with its somatochart coordinates (isak.md §b.5); null without one. */
function somatotypePoint(h: { endomorphy: number | null; mesomorphy: number | null; ectomorphy: number | null }) {
  const { endomorphy, mesomorphy, ectomorphy } = h;
  if (endomorphy === null || mesomorphy === null || ectomorphy === null) return null;
  return { endomorphy, mesomorphy, ectomorphy, ...somatochartXY({ endomorphy, mesomorphy, ectomorphy }) };
}

/** `evaluacion` of the create/edit answer. */
export const toSavedEvaluation = (
  row: { id: number; created_at: Date },
  version: number,
  input: EvaluationInput,
  result: EvaluationResult,
) => ({
  id: row.id,
  version,
  evaluation_type: input.evaluation_type,
  fecha: input.fecha,
  engine_version: result.engine_version,
  created_at: iso(row.created_at),
});

/** GET /web/getevaluacion's `data`: one stored version with everything the detail page shows. */
export function toEvaluationDetail(d: RowOf<'findDetail'>, actor: { id: number; type: UserType }): EvaluationDetail {
  const e = d;
  const { inputs, results } = parseStoredVersion({ inputs: d.v_inputs, results: withEquationTexts(d.v_results) });
  return {
    id: e.id,
    evaluation_type: d.v_evaluation_type,
    created_at: iso(e.created_at),
    version: d.v_version,
    current_version: e.current_version,
    versions: d.versions.map((x) => ({
      version: x.version,
      created_at: isoOfJson(x.created_at),
      engine_version: x.engine_version,
      created_by: { id: x.by_id, nombre: x.by_nombre, apellido: x.by_apellido },
    })),
    fecha: inputs.fecha,
    engine_version: d.v_engine_version,
    inputs,
    results,
    client: {
      id: e.client_id,
      nombre: e.client_nombre,
      apellido: e.client_apellido,
      email: e.client_email,
      rut: e.client_rut,
      sexo: e.client_sexo,
      nacimiento: e.client_nacimiento,
      lang: e.client_lang,
      company: companyOf(e),
    },
    evaluator: {
      id: e.evaluator_id,
      nombre: e.evaluator_nombre,
      apellido: e.evaluator_apellido,
      especialidad: e.evaluator_especialidad,
      email: e.evaluator_email,
    },
    created_by_me: e.evaluator_id === actor.id,
    can_edit: actor.type === USER_TYPE.professional && d.v_version === e.current_version,
    // The repository answers newest first (to keep the latest when capped); the chart reads oldest first.
    history: [...d.history].reverse().map((h) => ({
      id: h.id,
      fecha: h.evaluated_on,
      evaluation_type: h.evaluation_type,
      peso: h.peso,
      bmi: h.bmi,
      body_fat_percent: h.body_fat_percent,
      lean_mass_kg: h.lean_mass_kg,
      muscle_mass_kg: h.muscle_mass_kg,
      body_fat_equation: h.body_fat_equation,
      muscle_equation: h.muscle_equation,
      waist_cm: h.waist_cm,
      vo2max: h.vo2max,
      sum6_mm: h.sum6_mm,
      sum8_mm: h.sum8_mm,
      somatotype: somatotypePoint(h),
    })),
    emails: d.emails.map((m) => ({
      sent_at: isoOfJson(m.created_at),
      to: m.recipient,
      version: m.version,
      sent_by: { id: m.by_id, nombre: m.by_nombre, apellido: m.by_apellido },
    })),
    report_path: evaluationReportPath(e.id),
  };
}

/** One row of GET /web/listaevaluaciones. */
export const toEvaluationListItem = (r: ListRow, actorId: number): EvaluationListItem => ({
  id: r.id,
  created_at: iso(r.created_at),
  fecha: r.evaluated_on,
  evaluation_type: r.evaluation_type,
  client: {
    id: r.client_id,
    nombre: r.client_nombre,
    apellido: r.client_apellido,
    email: r.client_email,
    rut: r.client_rut,
    company: companyOf(r),
  },
  evaluator: { id: r.evaluator_id, nombre: r.evaluator_nombre, apellido: r.evaluator_apellido },
  created_by_me: r.evaluator_id === actorId,
});

/** One client of the wizard's search (GET /web/evaluationListing); `age` in whole years on `today`. */
export const toListingItem = (
  r: Awaited<ReturnType<UserRecordsService['searchClients']>>[number],
  today: string,
): EvaluationListingItem => ({
  id_usuario: r.id,
  nombre: r.nombre,
  apellido: r.apellido,
  email: r.email,
  rut: r.rut,
  nacimiento: r.nacimiento,
  sexo: r.sexo,
  age: r.nacimiento ? ageInYears(r.nacimiento, today) : null,
});

/** One row of the list's spreadsheet: the client's identity and the current version's inputs and results. */
export interface EvaluationExportRow {
  client: { nombre: string; apellido: string; email: string; rut: string | null };
  inputs: EvaluationInput;
  results: EvaluationResult;
}

export function toEvaluationExportRow(r: RowOf<'exportPage'>[number]): EvaluationExportRow {
  return {
    client: { nombre: r.client_nombre, apellido: r.client_apellido, email: r.client_email, rut: r.client_rut },
    ...parseStoredVersion({ inputs: r.inputs, results: withEquationTexts(r.results) }),
  };
}
