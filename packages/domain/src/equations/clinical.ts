import { shown } from '../display.ts';
import { defineEquation } from './equation.ts';
import type { Sex } from './sex.ts';

export const BP_ACC_AHA = defineEquation({
  id: 'bp_acc_aha_2017',
  name: 'Blood pressure categories (ACC/AHA 2017, kept in 2025)',
  citation: 'Whelton PK et al. Hypertension 2018;71:e13-e115; J Am Coll Cardiol 2018;71:e127-e248',
  validity:
    'Adults; adolescents 13 y and over use the adult thresholds (AAP 2017). Average of 2+ readings on 2+ occasions',
  status: 'solid',
});

export type BpCategory = 'normal' | 'elevated' | 'stage1' | 'stage2' | 'crisis';

/** The higher category wins when systolic and diastolic disagree; crisis is > 180 and/or > 120. */
/** ACC/AHA 2017 systolic cut-offs: elevated, stage 1, stage 2 from. */
export const SYSTOLIC_CUTOFFS = [120, 130, 140] as const;

export function bpCategoryAccAha(sys: number, dia: number): BpCategory {
  const [elevated, stage1, stage2] = SYSTOLIC_CUTOFFS;
  if (sys > 180 || dia > 120) return 'crisis';
  if (sys >= stage2 || dia >= 90) return 'stage2';
  if (sys >= stage1 || dia >= 80) return 'stage1';
  if (sys >= elevated) return 'elevated';
  return 'normal';
}

/** Product rule (spec §4): temperature ≥ 37.9 °C shows the fever warning. */
export const FEVER_THRESHOLD_C = 37.9;
export const isFever = (tempC: number): boolean => tempC >= FEVER_THRESHOLD_C;

export const METABOLIC_SYNDROME = defineEquation({
  id: 'mets_harmonized_2009',
  name: "Metabolic syndrome, harmonized definition (3 of 5), waist cut-off of the client's population",
  citation: 'Alberti KGMM et al. Circulation 2009;120:1640-1645',
  validity: 'Adults; screening, not a diagnosis',
  status: 'solid',
});

export interface MetabolicSyndromeInput {
  sex: Sex;
  waistCm: number;
  /** The client's population cut-off (decision 187); the Central/South American ≥ 90/80 cm without one. */
  waistCutoffCm?: number | undefined;
  sys: number;
  dia: number;
  /** Laboratory values as classified (exam-results `classified`: the laboratory's precision, decision 196). */
  tg?: number;
  hdl?: number;
  glucose?: number;
  onBpTreatment?: boolean;
  onGlucoseTreatment?: boolean;
}

export interface MetabolicSyndromeCount {
  /** Components met. */
  count: number;
  /** Components that could be evaluated (missing labs are not counted as met). */
  evaluated: number;
  status: 'present' | 'absent' | 'indeterminate';
}

export function metabolicSyndrome(i: MetabolicSyndromeInput): MetabolicSyndromeCount {
  // Missing labs are "not evaluated", not "not met"; treatment counts as met (Alberti 2009).
  let count = 0;
  let evaluated = 2; // waist and blood pressure are always measured
  if (shown(i.waistCm, 'cm') >= (i.waistCutoffCm ?? (i.sex === 'M' ? 90 : 80))) count++;
  if (i.sys >= 130 || i.dia >= 85 || i.onBpTreatment === true) count++;
  if (i.tg !== undefined) {
    evaluated++;
    if (i.tg >= 150) count++;
  }
  if (i.hdl !== undefined) {
    evaluated++;
    if (i.hdl < (i.sex === 'M' ? 40 : 50)) count++;
  }
  if (i.glucose !== undefined || i.onGlucoseTreatment === true) {
    evaluated++;
    if (i.onGlucoseTreatment === true || (i.glucose !== undefined && i.glucose >= 100)) count++;
  }
  const status = count >= 3 ? 'present' : count + (5 - evaluated) >= 3 ? 'indeterminate' : 'absent';
  return { count, evaluated, status };
}

export const metabolicSyndromeCount = (i: MetabolicSyndromeInput): number => metabolicSyndrome(i).count;

export const METABOLIC_SYNDROME_IDF_ADOLESCENTS = defineEquation({
  id: 'mets_idf_2007_adolescents',
  name: 'Metabolic syndrome, adolescents 10-15 y (IDF 2007): waist ≥ 90th percentile (or adult cut-off if lower) plus 2 of 4',
  citation:
    'Zimmet P, Alberti KGMM, Kaufman F et al. The metabolic syndrome in children and adolescents - an IDF consensus report. Pediatr Diabetes 2007;8:299-306',
  validity: '10 to under 16 y; from 16 y the adult criteria apply; waist percentile charts are national',
  status: 'solid',
  sample: { minAge: 10, maxAge: 15 },
});

/**
 * IDF 2007 for 10-15 y: abdominal obesity is required (waist ≥ 90th percentile, or the adult cut-off
 * if lower) plus ≥ 2 of TG ≥ 150, HDL < 40 (both sexes), BP ≥ 130/85, glucose ≥ 100 mg/dL.
 * Without a percentile chart a waist at or above the adult (population) cut-off is met and one below it
 * is unknown, so the result can only be present, absent or indeterminate.
 */
export function metabolicSyndromeAdolescent(i: MetabolicSyndromeInput): MetabolicSyndromeCount {
  const waistMet = shown(i.waistCm, 'cm') >= (i.waistCutoffCm ?? (i.sex === 'M' ? 90 : 80));
  let others = 0;
  let evaluated = 1; // blood pressure
  if (i.sys >= 130 || i.dia >= 85) others++;
  if (i.tg !== undefined) {
    evaluated++;
    if (i.tg >= 150) others++;
  }
  if (i.hdl !== undefined) {
    evaluated++;
    if (i.hdl < 40) others++;
  }
  if (i.glucose !== undefined || i.onGlucoseTreatment === true) {
    evaluated++;
    if (i.onGlucoseTreatment === true || (i.glucose !== undefined && i.glucose >= 100)) others++;
  }
  const reachable = others + (4 - evaluated) >= 2;
  const status = !reachable ? 'absent' : waistMet && others >= 2 ? 'present' : 'indeterminate';
  return { count: others + (waistMet ? 1 : 0), evaluated: evaluated + (waistMet ? 1 : 0), status };
}

export const METABOLIC_SYNDROME_IDF_16_17 = defineEquation({
  id: 'mets_idf_2005_adult_criteria',
  name: "Metabolic syndrome, 16-17 y (IDF 2007: the IDF adult criteria): the population's waist cut-off required plus 2 of 4",
  citation:
    'Zimmet P, Alberti KGMM, Kaufman F et al. Pediatr Diabetes 2007;8:299-306; Alberti KGMM, Zimmet P, Shaw J. Lancet 2005;366:1059-1062',
  validity:
    '16 y and over (IDF 2007 sends 16+ to the IDF adult definition); used at 16-17 y, the harmonized definition from 18 y (decision 194)',
  status: 'solid',
  sample: { minAge: 16, maxAge: 17 },
});

/**
 * IDF 2007 for 16 y and over is the IDF adult definition (Alberti, Zimmet & Shaw 2005): central obesity by the
 * population's waist cut-off is required, plus ≥ 2 of TG ≥ 150, HDL < 40 (men) / < 50 (women), BP ≥ 130/85 or
 * treated, glucose ≥ 100 or treated. Waist is always measured, so a waist under the cut-off is absent.
 */
export function metabolicSyndromeIdfAdult(i: MetabolicSyndromeInput): MetabolicSyndromeCount {
  const waistMet = shown(i.waistCm, 'cm') >= (i.waistCutoffCm ?? (i.sex === 'M' ? 90 : 80));
  const harmonized = metabolicSyndrome(i); // the same four other criteria, counted with the waist
  const others = harmonized.count - (waistMet ? 1 : 0);
  const unevaluated = 5 - harmonized.evaluated;
  const status = !waistMet
    ? 'absent'
    : others >= 2
      ? 'present'
      : others + unevaluated >= 2
        ? 'indeterminate'
        : 'absent';
  return { count: harmonized.count, evaluated: harmonized.evaluated, status };
}
