import { clamp } from '../math.ts';
import { defineEquation } from './equation.ts';
import type { EquationMeta } from './equation.ts';
import type { Sex } from './sex.ts';

export const MIFFLIN = defineEquation({
  id: 'bmr_mifflin_st_jeor_1990',
  name: 'Mifflin-St Jeor',
  citation: 'Mifflin MD, St Jeor ST et al. Am J Clin Nutr 1990;51:241-247',
  validity: 'Adults 19-78 y, non-obese and obese',
  status: 'solid',
  sample: { minAge: 19, maxAge: 78 },
});
export const HARRIS_BENEDICT_1919 = defineEquation({
  id: 'bmr_harris_benedict_1919',
  name: 'Harris-Benedict (original)',
  citation:
    'Harris JA, Benedict FG. A biometric study of basal metabolism in man. Carnegie Institution Publ. 279, 1919',
  validity: 'Adults (original sample about 15-75 y); comparison only',
  status: 'solid',
});
export const ROZA_SHIZGAL = defineEquation({
  id: 'bmr_roza_shizgal_1984',
  name: 'Harris-Benedict revised (Roza & Shizgal)',
  citation: 'Roza AM, Shizgal HM. Am J Clin Nutr 1984;40:168-182',
  validity: 'Adults; comparison only',
  status: 'solid',
});
export const KATCH_MCARDLE_BMR = defineEquation({
  id: 'bmr_katch_mcardle_cunningham_1991',
  name: 'Katch-McArdle / Cunningham 1991 (from fat-free mass)',
  citation: 'Cunningham JJ. Am J Clin Nutr 1991;54:963-969',
  validity: 'Adults; best when fat % is reliable (BIA or validated skinfolds) and the person is lean or athletic',
  status: 'solid',
});
export const CUNNINGHAM_1980 = defineEquation({
  id: 'bmr_cunningham_1980',
  name: 'Cunningham 1980 (from lean body mass)',
  citation: 'Cunningham JJ. Am J Clin Nutr 1980;33:2372-2374',
  validity: 'Adults; comparison only',
  status: 'solid',
});

/** 10 W + 6.25 H - 5 A + 5 (men) / - 161 (women). */
export const bmrMifflin = (sex: Sex, age: number, weightKg: number, heightCm: number): number =>
  10 * weightKg + 6.25 * heightCm - 5 * age + (sex === 'M' ? 5 : -161);

/** Original constants exactly: 66.4730 / 13.7516 / 5.0033 / 6.7550 and 655.0955 / 9.5634 / 1.8496 / 4.6756 (§15.6). */
export const bmrHarrisBenedict1919 = (sex: Sex, age: number, weightKg: number, heightCm: number): number =>
  sex === 'M'
    ? 66.473 + 13.7516 * weightKg + 5.0033 * heightCm - 6.755 * age
    : 655.0955 + 9.5634 * weightKg + 1.8496 * heightCm - 4.6756 * age;

export const bmrRozaShizgal = (sex: Sex, age: number, weightKg: number, heightCm: number): number =>
  sex === 'M'
    ? 88.362 + 13.397 * weightKg + 4.799 * heightCm - 5.677 * age
    : 447.593 + 9.247 * weightKg + 3.098 * heightCm - 4.33 * age;

export const bmrKatchMcArdle = (ffmKg: number): number => 370 + 21.6 * ffmKg;
export const bmrCunningham1980 = (lbmKg: number): number => 500 + 22 * lbmKg;

// ---------------------------------------------------------------- PAL

export type ActivityLevel = 'sedentary' | 'low' | 'moderate' | 'high';
export const ACTIVITY_LEVELS: readonly ActivityLevel[] = ['sedentary', 'low', 'moderate', 'high'];

export const PAL_IOM = defineEquation({
  id: 'pal_iom_2005',
  name: 'Energy need = BMR × PAL (IOM 2005 activity categories)',
  citation: 'Institute of Medicine. Dietary Reference Intakes for Energy... National Academies Press, 2005',
  validity: 'Product table anchored on the IOM ranges; sedentary starts at 1.2 (formulas.md §5.2)',
  status: 'convention',
});

/** PAL min / avg / max per level (formulas.md §5.2 product table). */
export const PAL_TABLE: Readonly<Record<ActivityLevel, { min: number; avg: number; max: number }>> = {
  sedentary: { min: 1.2, avg: 1.3, max: 1.39 },
  low: { min: 1.4, avg: 1.5, max: 1.59 },
  moderate: { min: 1.6, avg: 1.75, max: 1.89 },
  high: { min: 1.9, avg: 2.2, max: 2.5 },
};

export interface EnergyRange {
  min: number;
  avg: number;
  max: number;
}

export function energyRequirement(bmrKcal: number, level: ActivityLevel): EnergyRange {
  const pal = PAL_TABLE[level];
  return { min: bmrKcal * pal.min, avg: bmrKcal * pal.avg, max: bmrKcal * pal.max };
}

// ---------------------------------------------------------------- metabolic age

export const METABOLIC_AGE = defineEquation({
  id: 'metabolic_age_medida',
  name: 'Metabolic age: age at which Mifflin-St Jeor equals the Katch-McArdle BMR of your lean mass',
  citation: 'Product convention (formulas.md §5.3) on Mifflin 1990 and Cunningham 1991; no validated standard exists',
  validity: 'Adults; clamped to ±15 y of the real age and to 18-90 y',
  status: 'convention',
});

const METABOLIC_AGE_SPREAD = 15;
const METABOLIC_AGE_MIN = 18;
const METABOLIC_AGE_MAX = 90;

export interface MetabolicAge {
  years: number;
  unclamped: number;
  clamped: boolean;
}

/** (10 W + 6.25 H + s - BMR_katch) / 5, clamped to [A - 15, A + 15] ∩ [18, 90]. */
export function metabolicAge(sex: Sex, age: number, weightKg: number, heightCm: number, ffmKg: number): MetabolicAge {
  const mifflinNoAge = bmrMifflin(sex, 0, weightKg, heightCm);
  const unclamped = (mifflinNoAge - bmrKatchMcArdle(ffmKg)) / 5;
  const lo = Math.max(age - METABOLIC_AGE_SPREAD, METABOLIC_AGE_MIN);
  const hi = Math.min(age + METABOLIC_AGE_SPREAD, METABOLIC_AGE_MAX);
  // For ages past 105 the two windows would not overlap; the real-age window wins.
  const years =
    lo <= hi ? clamp(unclamped, lo, hi) : clamp(unclamped, age - METABOLIC_AGE_SPREAD, age + METABOLIC_AGE_SPREAD);
  return { years, unclamped, clamped: years !== unclamped };
}

export const BMR_EQUATIONS: readonly EquationMeta[] = [
  MIFFLIN,
  HARRIS_BENEDICT_1919,
  ROZA_SHIZGAL,
  KATCH_MCARDLE_BMR,
  CUNNINGHAM_1980,
];
