export { HACE_OPTIONS, FRECUENCIA } from './equations/training.ts';
export { ACTIVITY_LEVELS, PAL_TABLE } from './equations/energy.ts';
export { FEVER_THRESHOLD_C } from './equations/clinical.ts';

/** Bump on any change that can alter a stored result (equations, cut-offs, defaults). */
export const ENGINE_VERSION = '1.2.0';

/** Spec §3 / decision 030: 2 and 5 are ours, the spec names only 1, 3 and 4. */
export const EVALUATION_TYPES = {
  1: 'bioimpedance',
  2: 'two_skinfolds',
  3: 'tape',
  4: 'four_skinfolds',
  /** ISAK restricted or full profile with repeated measures (issue 31, decision 199). */
  5: 'isak_profile',
} as const;
export type EvaluationType = keyof typeof EVALUATION_TYPES;
export type Method = (typeof EVALUATION_TYPES)[EvaluationType];

export const SEXO_OPTIONS = ['Femenino', 'Masculino'] as const;
export const YES_NO = ['Si', 'No'] as const;
export type YesNo = (typeof YES_NO)[number];

/** Clients are 13 to 100 years old (spec §5, §9). */
export const MIN_AGE_YEARS = 13;
export const MAX_AGE_YEARS = 100;
export const ADULT_AGE_YEARS = 18;

/**
 * Plausible input ranges (inclusive). Values outside are field errors, and the ranges keep every
 * equation defined (positive log arguments, non-zero denominators).
 */
export const FIELD_RANGES = {
  peso: { min: 20, max: 300, unit: 'kg' },
  estatura: { min: 100, max: 230, unit: 'cm' },
  presion_s: { min: 60, max: 260, unit: 'mmHg' },
  presion_d: { min: 30, max: 160, unit: 'mmHg' },
  pcintura: { min: 40, max: 250, unit: 'cm' },
  pcadera: { min: 50, max: 250, unit: 'cm' },
  pbrazo: { min: 10, max: 80, unit: 'cm' },
  ppierna: { min: 20, max: 120, unit: 'cm' },
  cuello: { min: 20, max: 80, unit: 'cm' },
  pgrasa: { min: 3, max: 70, unit: '%' },
  triceps: { min: 2, max: 80, unit: 'mm' },
  subescapular: { min: 2, max: 80, unit: 'mm' },
  abdominal: { min: 2, max: 80, unit: 'mm' },
  cuadriceps: { min: 2, max: 80, unit: 'mm' },
  suprailiaco: { min: 2, max: 80, unit: 'mm' },
  biceps: { min: 2, max: 80, unit: 'mm' },
  diametro_muneca: { min: 3.5, max: 9, unit: 'cm' },
  diametro_femur: { min: 6, max: 14, unit: 'cm' },
  'rockport.minutes': { min: 5, max: 60, unit: 'min' },
  'rockport.seconds': { min: 0, max: 59, unit: 's' },
  // A 10- or 15-second count (§15.5) falls below 40 and is rejected.
  'rockport.bpm': { min: 40, max: 220, unit: 'bpm' },
  'clinical_data.temperatura': { min: 34, max: 43, unit: '°C' },
  protein_g_kg: { min: 0.5, max: 3.5, unit: 'g/kg' },
  fat_pct: { min: 20, max: 35, unit: '%' },
  /** Spec §3 "oxygen consumption": a VO2max measured in a lab or field test. */
  vo2max_measured: { min: 10, max: 90, unit: 'ml/kg/min' },
  /** Spec §3 "training volume in percent or minutes": one or the other. */
  training_volume_pct: { min: 0, max: 100, unit: '%' },
  training_volume_min: { min: 0, max: 2520, unit: 'min/week' },
  // The bioimpedance device's own readings (method 1), shown beside the computed values.
  'device.muscle_kg': { min: 5, max: 150, unit: 'kg' },
  'device.visceral_level': { min: 1, max: 59, unit: '' },
  'device.water_pct': { min: 20, max: 80, unit: '%' },
  'device.phase_angle': { min: 1, max: 20, unit: '°' },
  'device.bmr_kcal': { min: 500, max: 5000, unit: 'kcal' },
} as const;
export type RangedField = keyof typeof FIELD_RANGES;

/** BMI outside this is an implausible weight/height pair (each may be in range alone). */
export const BMI_PLAUSIBLE = { min: 10, max: 100 } as const;
/** A fat estimate outside this means the measurements do not fit the equation's model. */
export const FAT_PERCENT_PLAUSIBLE = { min: 2, max: 75 } as const;

/** Fixed macro split mode, % of energy per macronutrient (must add up to 100). */
export const MACRO_PCT_RANGES = {
  protein: { min: 5, max: 60 },
  carbohydrate: { min: 0, max: 80 },
  fat: { min: 10, max: 70 },
} as const;

export const LOCALE_LENGTH = { min: 2, max: 35 } as const;

/** A condition's name (a listed one or the professional's own "Other") and the rows one list may hold. */
export const CONDITION_NAME_MAX = 120;
export const CONDITIONS_MAX = 40;
