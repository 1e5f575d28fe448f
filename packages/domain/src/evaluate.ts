import { ENGINE_VERSION, EVALUATION_TYPES } from './constants.ts';
import { BP_ACC_AHA, bpCategoryAccAha, isFever } from './equations/clinical.ts';
import { PAL_IOM } from './equations/energy.ts';
import { ref } from './equations/equation.ts';
import { foodGuide } from './equations/food-guide.ts';
import { analyseExams } from './exam-results.ts';
import { bmiGroup, waistGroup } from './evaluation/anthropometry.ts';
import { compositionGroup } from './evaluation/composition.ts';
import { checkSample, contextOf, pushWarning } from './evaluation/context.ts';
import type { EvalContext } from './evaluation/context.ts';
import { energyGroup, macrosGroup } from './evaluation/energy.ts';
import { fitnessGroup } from './evaluation/fitness.ts';
import { computeIsak } from './isak/isak.ts';
import { KERR } from './isak/kerr.ts';
import { risksGroup } from './evaluation/risks.ts';
import { visceralGroup } from './evaluation/visceral.ts';
import type { WarningItem } from './body-fat.ts';
import { ERROR_KEYS, WARNING_KEYS } from './i18n-keys.ts';
import { fastParse } from './fast-parse.ts';
import type { EvaluateOutcome, EvaluationResult } from './result.ts';
import { evaluationFieldErrors, evaluationInputSchema } from './schema.ts';
import type { EvaluationInput, FieldErrors } from './schema.ts';

export { defaultEnergyLevel } from './evaluation/energy.ts';

/**
 * Computes every result of an evaluation from validated inputs, one function per result group
 * (src/evaluation/). Pure and total: for any input that passed `evaluationInputSchema` it returns
 * finite numbers.
 */
export function computeEvaluation(input: EvaluationInput): EvaluationResult {
  const c = contextOf(input);
  const { bmi, ideal_weight } = bmiGroup(c);
  const composition = compositionGroup(c);
  const waist = waistGroup(c);

  const bpCategory = bpCategoryAccAha(input.presion_s, input.presion_d);
  if (bpCategory === 'crisis') pushWarning(c, WARNING_KEYS.hypertensiveCrisis, BP_ACC_AHA.id);
  const blood_pressure = {
    systolic: input.presion_s,
    diastolic: input.presion_d,
    category: bpCategory,
    equation: ref(BP_ACC_AHA),
  };
  const fever = isFever(input.clinical_data.temperatura);
  if (fever) pushWarning(c, WARNING_KEYS.fever);

  const labs = analyseExams(input.clinical_data.exams ?? [], c.sex, c.lang);
  for (const w of labs.warnings) c.warnings.push(w);
  if (c.minor && labs.exams.length > 0) pushWarning(c, WARNING_KEYS.adultLabLimits);
  const { fasting_triglycerides: tg, hdl, fasting_glucose: glucose } = labs.values;
  const labValues = { tg, hdl, glucose };
  const visceral_fat = visceralGroup(c, waist.waist_height, labValues);

  const { bmr, energy, metabolic_age } = energyGroup(c, composition.ffmKg);
  const conditions = [...(input.clinical_data.ecnt ?? []), ...(input.clinical_data.autoinmune ?? [])].filter(
    (x) => x.value === true,
  );
  const macros = macrosGroup(c, energy, ideal_weight.kg, conditions);
  const fitness = fitnessGroup(c);

  const risks = risksGroup(c, {
    waist: waist.waist,
    waistHeight: waist.waist_height,
    waistHip: waist.waist_hip,
    bloodPressure: blood_pressure,
    visceral: visceral_fat,
    exams: labs.exams,
    fitness: fitness.fitness,
    fever,
    // The syndrome's lab criteria read the values as classified and printed (decision 196).
    labs: {
      tg: labs.classified.fasting_triglycerides,
      hdl: labs.classified.hdl,
      glucose: labs.classified.fasting_glucose,
    },
    conditions,
  });

  return {
    engine_version: ENGINE_VERSION,
    method: EVALUATION_TYPES[input.evaluation_type],
    evaluation_type: input.evaluation_type,
    sex: c.sex,
    age: { years: c.age, months: c.months, minor: c.minor },
    bmi,
    ideal_weight,
    body_fat: composition.body_fat,
    skinfold_sum: composition.skinfold_sum,
    lean_mass: composition.lean_mass,
    muscle_mass: composition.muscle_mass,
    residual_mass: composition.residual_mass,
    bone_mass: composition.bone_mass,
    visceral_fat,
    metabolic_age,
    bmr,
    energy,
    energy_equation: ref(PAL_IOM),
    macros,
    food_guide: foodGuide(input.locale ?? 'es'),
    rockport: fitness.rockport,
    fitness: fitness.fitness,
    waist_height: waist.waist_height,
    waist_hip: waist.waist_hip,
    waist: waist.waist,
    blood_pressure,
    fever,
    exams: labs.exams,
    training_level: fitness.training_level,
    training_volume: fitness.training_volume,
    device: input.evaluation_type === 1 && input.device ? deviceReadings(input.device) : null,
    isak: isakGroup(c, input),
    risks,
    comparisons: composition.comparisons,
    warnings: dedupe(c.warnings),
  };
}

/** The ISAK profile's results (type 5); Kerr outside its 6-77 y sample is flagged like every equation. */
function isakGroup(c: EvalContext, input: EvaluationInput): EvaluationResult['isak'] {
  if (input.evaluation_type !== 5 || !input.isak) return null;
  const isak = computeIsak(input.isak, { sex: c.sex, age: c.age, massKg: c.W, statureCm: c.H });
  if (isak.kerr) isak.kerr.within_validity = checkSample(c, KERR);
  return isak;
}

function deviceReadings(d: NonNullable<EvaluationInput['device']>): NonNullable<EvaluationResult['device']> {
  return {
    muscle_kg: d.muscle_kg ?? null,
    visceral_level: d.visceral_level ?? null,
    water_pct: d.water_pct ?? null,
    phase_angle: d.phase_angle ?? null,
    bmr_kcal: d.bmr_kcal ?? null,
  };
}

/** Drops repeated (code, equation) pairs; lists are short, so a linear scan beats a Set of strings. */
function dedupe(items: WarningItem[]): WarningItem[] {
  const out: WarningItem[] = [];
  for (const w of items) {
    let seen = false;
    for (const o of out) if (o.code === w.code && o.equation === w.equation) seen = true;
    if (!seen) out.push(w);
  }
  return out;
}

/**
 * Validates an input without computing: the verified fast path first (decision 034), the zod schema for
 * anything else (which produces the field errors). Never throws for any input.
 */
export function parseEvaluationInput(
  input: unknown,
): { ok: true; input: EvaluationInput } | { ok: false; errors: FieldErrors } {
  const fast = fastParse(input);
  if (fast) return { ok: true, input: fast };
  let parsed: ReturnType<typeof evaluationInputSchema.safeParse>;
  try {
    parsed = evaluationInputSchema.safeParse(input);
  } catch {
    // Only reachable with hostile objects (throwing getters, proxies); never with JSON.
    return { ok: false, errors: { _root: [ERROR_KEYS.invalid] } };
  }
  if (!parsed.success) return { ok: false, errors: evaluationFieldErrors(input, parsed.error.issues) };
  return { ok: true, input: parsed.data };
}

/**
 * Validates the input and computes the results. Never throws for any input:
 * invalid inputs give `{ ok: false, errors }` with translation keys per field.
 */
export function evaluate(input: unknown): EvaluateOutcome {
  const parsed = parseEvaluationInput(input);
  return parsed.ok ? { ok: true, result: computeEvaluation(parsed.input) } : parsed;
}
