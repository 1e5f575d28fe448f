import {
  WHO_BMI_LMS_FEMALE,
  WHO_BMI_LMS_MALE,
  WHO_LMS_FIRST_MONTH,
  WHO_LMS_LAST_MONTH,
} from '../data/who2007-bmi-for-age.ts';
import { shown } from '../display.ts';
import { normalCdf } from '../math.ts';
import { defineEquation } from './equation.ts';
import type { Sex } from './sex.ts';

export const BMI_QUETELET = defineEquation({
  id: 'bmi_quetelet',
  name: 'Body mass index (Quetelet)',
  citation: 'Quetelet index; classes: WHO Technical Report Series 894 (2000)',
  validity: 'Adult classes from 18 y; under 18 use WHO 2007 BMI-for-age',
  status: 'solid',
});

export const BMI_FOR_AGE_WHO2007 = defineEquation({
  id: 'bmi_for_age_who2007',
  name: 'WHO 2007 BMI-for-age (LMS z-score)',
  citation:
    'de Onis M, Onyango AW, Borghi E, Siyam A, Nishida C, Siekmann J. Development of a WHO growth reference for school-aged children and adolescents. Bull World Health Organ 2007;85:660-667',
  validity: '5-19 y (used here for 13-17 y); L, M, S interpolated at the exact age in days / 30.4375 (WHO AnthroPlus)',
  status: 'solid',
});

export const BMI_MINSAL_OLDER = defineEquation({
  id: 'bmi_minsal_empam',
  name: 'BMI classes for older adults (Chile MINSAL EMPAM)',
  citation: 'MINSAL Chile, Examen de Medicina Preventiva del Adulto Mayor (EMPAM)',
  validity: '65 y and over; CHECK against the current MINSAL norm',
  status: 'check',
});

/** kg/m² from kg and cm. */
export const bmi = (weightKg: number, heightCm: number): number => weightKg / ((heightCm / 100) * (heightCm / 100));

export type WhoAdultBmiClass =
  | 'severe_thinness'
  | 'moderate_thinness'
  | 'mild_thinness'
  | 'normal'
  | 'pre_obese'
  | 'obesity_1'
  | 'obesity_2'
  | 'obesity_3';

/** WHO 2000 classes, lower bounds inclusive, on the BMI as shown with WHO TRS 894's two decimals (24.99 normal, 24.996 is "25.00", pre-obese; decision 196). */
/** WHO 2000 adult BMI: normal from, pre-obese from, obesity from. */
export const BMI_WHO_CUTOFFS = [18.5, 25, 30] as const;

export function bmiClassWho(bmiValue: number): WhoAdultBmiClass {
  const value = shown(bmiValue, 'bmi');
  const [normal, preObese, obese] = BMI_WHO_CUTOFFS;
  if (value < 16) return 'severe_thinness';
  if (value < 17) return 'moderate_thinness';
  if (value < normal) return 'mild_thinness';
  if (value < preObese) return 'normal';
  if (value < obese) return 'pre_obese';
  if (value < 35) return 'obesity_1';
  if (value < 40) return 'obesity_2';
  return 'obesity_3';
}

export type MinsalOlderBmiClass = 'underweight' | 'normal' | 'overweight' | 'obese';

/** Chilean primary-care cut-offs for 65 y and over: < 23 / 23-27.9 / 28-31.9 / >= 32. */
export function bmiClassMinsalOlder(bmiValue: number): MinsalOlderBmiClass {
  const value = shown(bmiValue, 'bmi');
  if (value < 23) return 'underweight';
  if (value < 28) return 'normal';
  if (value < 32) return 'overweight';
  return 'obese';
}

export type WhoBmiForAgeClass = 'severe_thinness' | 'thinness' | 'normal' | 'overweight' | 'obesity';

export interface BmiForAge {
  z: number;
  percentile: number;
  category: WhoBmiForAgeClass;
  /** The L, M, S row used; BMI at any z is `lmsValue(...lms, z)` (M is the median). */
  lms: readonly [number, number, number];
}

/**
 * L, M and S at an exact age in months (days / 30.4375), linearly interpolated between the two
 * monthly rows around it, as WHO AnthroPlus does; ages outside the table use its end rows.
 */
export function lmsAt(sex: Sex, ageMonths: number): readonly [number, number, number] {
  const table = sex === 'M' ? WHO_BMI_LMS_MALE : WHO_BMI_LMS_FEMALE;
  const at = Math.min(WHO_LMS_LAST_MONTH, Math.max(WHO_LMS_FIRST_MONTH, ageMonths));
  const lower = Math.floor(at);
  const a = table[lower - WHO_LMS_FIRST_MONTH]!; // in range: `at` is clamped to the table's months just above
  const b = table[lower + 1 - WHO_LMS_FIRST_MONTH];
  const f = at - lower;
  if (f === 0 || b === undefined) return a; // b is past the table only at its last month, where f is 0
  return [a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]), a[2] + f * (b[2] - a[2])];
}

/** BMI at a given z for the LMS curve: M (1 + L S z)^(1/L). */
export function lmsValue(l: number, m: number, s: number, z: number): number {
  return Math.abs(l) < 1e-12 ? m * Math.exp(s * z) : m * Math.pow(1 + l * s * z, 1 / l);
}

/**
 * WHO 2007 BMI-for-age z-score with WHO's restricted tails beyond ±3 SD (data/README.md),
 * percentile = 100 Φ(z), and WHO's 5-19 y cut-offs (thinness < -2, overweight > +1, obesity > +2).
 * Age is the exact age in months, days / 30.4375 (the table covers 156-228).
 */
export function bmiForAge(value: number, sex: Sex, ageMonths: number): BmiForAge {
  const lms = lmsAt(sex, ageMonths);
  const [l, m, s] = lms;
  let z = (Math.pow(value / m, l) - 1) / (l * s);
  if (z > 3) {
    const sd3 = lmsValue(l, m, s, 3);
    const sd2 = lmsValue(l, m, s, 2);
    z = 3 + (value - sd3) / (sd3 - sd2);
  } else if (z < -3) {
    const sd3n = lmsValue(l, m, s, -3);
    const sd2n = lmsValue(l, m, s, -2);
    z = -3 - (sd3n - value) / (sd2n - sd3n);
  }
  const zShown = shown(z, 'zScore');
  let category: WhoBmiForAgeClass = 'normal';
  if (zShown < -3) category = 'severe_thinness';
  else if (zShown < -2) category = 'thinness';
  else if (zShown > 2) category = 'obesity';
  else if (zShown > 1) category = 'overweight';
  return {
    z,
    percentile: 100 * normalCdf(z),
    category,
    lms,
  };
}
