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
export function bpCategoryAccAha(sys: number, dia: number): BpCategory {
  if (sys > 180 || dia > 120) return 'crisis';
  if (sys >= 140 || dia >= 90) return 'stage2';
  if (sys >= 130 || dia >= 80) return 'stage1';
  if (sys >= 120) return 'elevated';
  return 'normal';
}

/** Product rule (spec §4): temperature ≥ 37.9 °C shows the fever warning. */
export const FEVER_THRESHOLD_C = 37.9;
export const isFever = (tempC: number): boolean => tempC >= FEVER_THRESHOLD_C;

export const METABOLIC_SYNDROME = defineEquation({
  id: 'mets_harmonized_2009',
  name: 'Metabolic syndrome, harmonized definition (3 of 5), LatAm waist cut-offs',
  citation: 'Alberti KGMM et al. Circulation 2009;120:1640-1645',
  validity: 'Adults; screening, not a diagnosis',
  status: 'solid',
});

export interface MetabolicSyndromeInput {
  sex: Sex;
  waistCm: number;
  sys: number;
  dia: number;
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
  if (i.waistCm >= (i.sex === 'M' ? 90 : 80)) count++;
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
