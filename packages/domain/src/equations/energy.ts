import { clamp } from '../math.ts';
import { defineEquation } from './equation.ts';
import type { EquationMeta } from './equation.ts';
import type { Sex } from './sex.ts';

/** Harris & Benedict's subjects (Carnegie Publ. 279, 1919): 136 men of 16-63 y and 103 women of 15-74 y. */
const HARRIS_BENEDICT_SAMPLE = { minAge: 16, maxAge: 63, women: { minAge: 15, maxAge: 74 } };
/** Age-banded tables cover every age: their top band (60 or 70 y and over) is open-ended in the source. */
const ALL_AGES = { minAge: 0, maxAge: Number.POSITIVE_INFINITY };

const MIFFLIN = defineEquation({
  id: 'bmr_mifflin_st_jeor_1990',
  name: 'Mifflin-St Jeor',
  citation: 'Mifflin MD, St Jeor ST et al. Am J Clin Nutr 1990;51:241-247',
  validity: 'Adults 19-78 y, non-obese and obese (498: 251 men, 247 women)',
  status: 'solid',
  sample: { minAge: 19, maxAge: 78 },
});
const HARRIS_BENEDICT_1919 = defineEquation({
  id: 'bmr_harris_benedict_1919',
  name: 'Harris-Benedict (original)',
  citation:
    'Harris JA, Benedict FG. A biometric study of basal metabolism in man. Carnegie Institution Publ. 279, 1919',
  validity: 'Men 16-63 y, women 15-74 y (239 adults); comparison only',
  status: 'solid',
  sample: HARRIS_BENEDICT_SAMPLE,
});
const ROZA_SHIZGAL = defineEquation({
  id: 'bmr_roza_shizgal_1984',
  name: 'Harris-Benedict revised (Roza & Shizgal)',
  citation: 'Roza AM, Shizgal HM. Am J Clin Nutr 1984;40:168-182',
  validity: "Recalculated on Harris & Benedict's subjects (men 16-63 y, women 15-74 y); comparison only",
  status: 'check',
  sample: HARRIS_BENEDICT_SAMPLE,
});
const KATCH_MCARDLE_BMR = defineEquation({
  id: 'bmr_katch_mcardle_cunningham_1991',
  name: 'Katch-McArdle / Cunningham 1991 (from fat-free mass)',
  citation: 'Cunningham JJ. Am J Clin Nutr 1991;54:963-969',
  validity:
    'Adults 18-82 y (pooled studies); best when fat % is reliable (BIA or validated skinfolds) and the person is lean or athletic',
  status: 'check',
  sample: { minAge: 18, maxAge: 82 },
});
const CUNNINGHAM_1980 = defineEquation({
  id: 'bmr_cunningham_1980',
  name: 'Cunningham 1980 (from lean body mass)',
  citation: 'Cunningham JJ. Am J Clin Nutr 1980;33:2372-2374',
  validity: "Re-analysis of 223 of Harris & Benedict's subjects (men 16-63 y, women 15-74 y); comparison only",
  status: 'check',
  sample: HARRIS_BENEDICT_SAMPLE,
});
const SCHOFIELD_1985 = defineEquation({
  id: 'bmr_schofield_1985',
  name: 'Schofield 1985 (weight, by age band)',
  citation:
    'Schofield WN. Predicting basal metabolic rate, new standards and review of previous work. Hum Nutr Clin Nutr 1985;39 Suppl 1:5-41',
  validity: 'All ages in six bands per sex (about 7,000 subjects, many Italian); BMI not stated',
  status: 'solid',
  sample: ALL_AGES,
});
const FAO_WHO_UNU_1985 = defineEquation({
  id: 'bmr_fao_who_unu_1985',
  name: 'FAO/WHO/UNU 1985 (weight, by age band)',
  citation:
    'FAO/WHO/UNU. Energy and protein requirements. Report of a Joint Expert Consultation. WHO Technical Report Series 724, Geneva, 1985',
  validity: "All ages in six bands per sex (from Schofield's data); BMI not stated",
  status: 'solid',
  sample: ALL_AGES,
});
const HENRY_OXFORD_2005 = defineEquation({
  id: 'bmr_henry_oxford_2005',
  name: 'Henry (Oxford) 2005 (weight, by age band)',
  citation:
    'Henry CJK. Basal metabolic rate studies in humans: measurement and development of new equations. Public Health Nutr 2005;8(7A):1133-1152',
  validity: 'All ages in seven bands per sex (Oxford database, 10,552 values, without the Italian subjects)',
  status: 'solid',
  sample: ALL_AGES,
});
const OWEN = defineEquation({
  id: 'bmr_owen_1986_1987',
  name: 'Owen (women 1986, men 1987; weight)',
  citation:
    'Owen OE et al. A reappraisal of caloric requirements in healthy women. Am J Clin Nutr 1986;44:1-19; Owen OE et al. A reappraisal of the caloric requirements of men. Am J Clin Nutr 1987;46:875-885',
  validity: 'Lean and obese adults: women 18-65 y (non-athletic), men 18-82 y',
  status: 'check',
  sample: { minAge: 18, maxAge: 82, women: { minAge: 18, maxAge: 65 } },
});
const DE_LORENZO_1999 = defineEquation({
  id: 'bmr_de_lorenzo_1999',
  name: 'De Lorenzo 1999 (male athletes)',
  citation:
    'De Lorenzo A, Bertini I, Candeloro N et al. A new predictive equation to calculate resting metabolic rate in athletes. J Sports Med Phys Fitness 1999;39:213-219',
  validity: 'Male elite athletes (water polo, judo, karate), young adults',
  status: 'check',
  sample: { minAge: 18, maxAge: 35, sex: 'M', athletes: true },
});
const TEN_HAAF_WEIGHT = defineEquation({
  id: 'bmr_ten_haaf_2014_weight',
  name: 'Ten Haaf 2014 (athletes; weight, height, age)',
  citation:
    'ten Haaf T, Weijs PJM. Resting energy expenditure prediction in recreational athletes of 18-35 years: confirmation of Cunningham equation and an improved weight-based alternative. PLoS One 2014;9:e108460',
  validity: 'Recreational athletes 18-35 y, men and women (90)',
  status: 'solid',
  sample: { minAge: 18, maxAge: 35, athletes: true },
});
const TEN_HAAF_FFM = defineEquation({
  id: 'bmr_ten_haaf_2014_ffm',
  name: 'Ten Haaf 2014 (athletes; fat-free mass)',
  citation:
    'ten Haaf T, Weijs PJM. Resting energy expenditure prediction in recreational athletes of 18-35 years: confirmation of Cunningham equation and an improved weight-based alternative. PLoS One 2014;9:e108460',
  validity: 'Recreational athletes 18-35 y, men and women (90); fat-free mass as estimated here',
  status: 'solid',
  sample: { minAge: 18, maxAge: 35, athletes: true },
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

/** One age band of a weight-only table: from `fromAge` (completed years, inclusive) up to the next band. */
interface WeightBand {
  fromAge: number;
  perKg: number;
  constant: number;
}
type BandTable = Readonly<Record<Sex, readonly WeightBand[]>>;
const band = (fromAge: number, perKg: number, constant: number): WeightBand => ({ fromAge, perKg, constant });

/** kcal per MJ (thermochemical calorie, 4.184 J): Schofield published MJ/day. */
const KCAL_PER_MJ = 1000 / 4.184;

/** Schofield 1985 weight-only equations, MJ/day as published (bands <3, 3-10, 10-18, 18-30, 30-60, 60+ y). */
const SCHOFIELD_MJ: BandTable = {
  M: [
    band(0, 0.249, -0.127),
    band(3, 0.095, 2.11),
    band(10, 0.074, 2.754),
    band(18, 0.063, 2.896),
    band(30, 0.048, 3.653),
    band(60, 0.049, 2.459),
  ],
  F: [
    band(0, 0.244, -0.13),
    band(3, 0.085, 2.033),
    band(10, 0.056, 2.898),
    band(18, 0.062, 2.036),
    band(30, 0.034, 3.538),
    band(60, 0.038, 2.755),
  ],
};
/** FAO/WHO/UNU 1985 weight-only equations, kcal/day as published. */
const FAO_WHO_UNU_KCAL: BandTable = {
  M: [
    band(0, 60.9, -54),
    band(3, 22.7, 495),
    band(10, 17.5, 651),
    band(18, 15.3, 679),
    band(30, 11.6, 879),
    band(60, 13.5, 487),
  ],
  F: [
    band(0, 61.0, -51),
    band(3, 22.5, 499),
    band(10, 12.2, 746),
    band(18, 14.7, 496),
    band(30, 8.7, 829),
    band(60, 10.5, 596),
  ],
};
/** Henry 2005 weight-only equations, the paper's kcal/day column (bands <3, 3-10, 10-18, 18-30, 30-60, 60-70, 70+ y). */
const HENRY_KCAL: BandTable = {
  M: [
    band(0, 61.0, -33.7),
    band(3, 23.3, 514),
    band(10, 18.4, 581),
    band(18, 16.0, 545),
    band(30, 14.2, 593),
    band(60, 13.0, 567),
    band(70, 13.7, 481),
  ],
  F: [
    band(0, 58.9, -23.1),
    band(3, 20.1, 507),
    band(10, 11.1, 761),
    band(18, 13.1, 558),
    band(30, 9.74, 694),
    band(60, 10.2, 572),
    band(70, 10.0, 577),
  ],
};

/** The band the client's age (completed years) falls in: the last one starting at or below it. */
function bandFor(table: BandTable, sex: Sex, age: number): WeightBand {
  const bands = table[sex];
  let chosen = bands[0]!;
  for (const b of bands) if (age >= b.fromAge) chosen = b;
  return chosen;
}

export const bmrSchofield1985 = (sex: Sex, age: number, weightKg: number): number => {
  const b = bandFor(SCHOFIELD_MJ, sex, age);
  return (b.perKg * weightKg + b.constant) * KCAL_PER_MJ;
};
export const bmrFaoWhoUnu1985 = (sex: Sex, age: number, weightKg: number): number => {
  const b = bandFor(FAO_WHO_UNU_KCAL, sex, age);
  return b.perKg * weightKg + b.constant;
};
export const bmrHenry2005 = (sex: Sex, age: number, weightKg: number): number => {
  const b = bandFor(HENRY_KCAL, sex, age);
  return b.perKg * weightKg + b.constant;
};
/** Women 795 + 7.18 W (Owen 1986); men 879 + 10.2 W (Owen 1987). */
export const bmrOwen = (sex: Sex, weightKg: number): number =>
  sex === 'M' ? 879 + 10.2 * weightKg : 795 + 7.18 * weightKg;
/** -857 + 9.0 W + 11.7 H (cm). */
export const bmrDeLorenzo1999 = (weightKg: number, heightCm: number): number => -857 + 9.0 * weightKg + 11.7 * heightCm;
/** 11.936 W + 587.728 H (m) - 8.129 A + 191.027 (men) + 29.279 (the paper's kcal form). */
export const bmrTenHaafWeight = (sex: Sex, age: number, weightKg: number, heightCm: number): number =>
  11.936 * weightKg + 587.728 * (heightCm / 100) - 8.129 * age + (sex === 'M' ? 191.027 : 0) + 29.279;
/** 22.771 FFM + 484.264. */
export const bmrTenHaafFfm = (ffmKg: number): number => 22.771 * ffmKg + 484.264;

/** What every BMR equation may read. */
export interface BmrSubject {
  sex: Sex;
  age: number;
  weightKg: number;
  heightCm: number;
  ffmKg: number;
}

export interface BmrEquation {
  meta: EquationMeta;
  kcal: (p: BmrSubject) => number;
}

/** The twelve resting-energy equations, in the order the card lists them (decision 192). */
export const BMR_CATALOGUE: readonly BmrEquation[] = [
  { meta: MIFFLIN, kcal: (p) => bmrMifflin(p.sex, p.age, p.weightKg, p.heightCm) },
  { meta: HARRIS_BENEDICT_1919, kcal: (p) => bmrHarrisBenedict1919(p.sex, p.age, p.weightKg, p.heightCm) },
  { meta: ROZA_SHIZGAL, kcal: (p) => bmrRozaShizgal(p.sex, p.age, p.weightKg, p.heightCm) },
  { meta: SCHOFIELD_1985, kcal: (p) => bmrSchofield1985(p.sex, p.age, p.weightKg) },
  { meta: FAO_WHO_UNU_1985, kcal: (p) => bmrFaoWhoUnu1985(p.sex, p.age, p.weightKg) },
  { meta: HENRY_OXFORD_2005, kcal: (p) => bmrHenry2005(p.sex, p.age, p.weightKg) },
  { meta: OWEN, kcal: (p) => bmrOwen(p.sex, p.weightKg) },
  { meta: KATCH_MCARDLE_BMR, kcal: (p) => bmrKatchMcArdle(p.ffmKg) },
  { meta: CUNNINGHAM_1980, kcal: (p) => bmrCunningham1980(p.ffmKg) },
  { meta: DE_LORENZO_1999, kcal: (p) => bmrDeLorenzo1999(p.weightKg, p.heightCm) },
  { meta: TEN_HAAF_WEIGHT, kcal: (p) => bmrTenHaafWeight(p.sex, p.age, p.weightKg, p.heightCm) },
  { meta: TEN_HAAF_FFM, kcal: (p) => bmrTenHaafFfm(p.ffmKg) },
];

/** Ids a professional may name in `bmr_equation` (the schema's enum); the first is the default. */
export const BMR_EQUATION_IDS = [
  'bmr_mifflin_st_jeor_1990',
  'bmr_harris_benedict_1919',
  'bmr_roza_shizgal_1984',
  'bmr_schofield_1985',
  'bmr_fao_who_unu_1985',
  'bmr_henry_oxford_2005',
  'bmr_owen_1986_1987',
  'bmr_katch_mcardle_cunningham_1991',
  'bmr_cunningham_1980',
  'bmr_de_lorenzo_1999',
  'bmr_ten_haaf_2014_weight',
  'bmr_ten_haaf_2014_ffm',
] as const;
export type BmrEquationId = (typeof BMR_EQUATION_IDS)[number];

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

export const BMR_EQUATIONS: readonly EquationMeta[] = BMR_CATALOGUE.map((e) => e.meta);
