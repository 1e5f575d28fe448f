import { defineEquation } from './equation.ts';
import type { Sex } from './sex.ts';

export const NAVY = defineEquation({
  id: 'navy_hodgdon_beckett_1984',
  name: 'US Navy circumference method (Hodgdon & Beckett, inch equations)',
  citation:
    'Hodgdon JA, Beckett MB. Naval Health Research Center Reports 84-11 (men) and 84-29 (women), San Diego, 1984',
  validity:
    'Active-duty US Navy men and women, hydrostatic weighing (NHRC 84-11, 84-29); the reports give service ages, not a published age table: window 18-56 y is the product convention (decision 036); SEE about 3.5-3.7 % fat; waist must exceed neck',
  status: 'solid',
  // Service ages of the sample (adults of working age); the window is a convention, see decision 036.
  sample: { minAge: 18, maxAge: 56 },
});

export const NAVY_DENSITY = defineEquation({
  id: 'navy_density_metric',
  name: 'US Navy circumference method, metric density form + Siri',
  citation: 'Hodgdon JA, Beckett MB. NHRC Reports 84-11 and 84-29, 1984; Siri 1956',
  validity:
    'Same sample and window as the inch equations (18-56 y, convention); not the same fit: differs from them by 0.1-0.4 points at usual sizes, about 0.6-0.7 points for men and 1.5-1.7 points for women at BMI 45 (metric higher)',
  status: 'solid',
  sample: { minAge: 18, maxAge: 56 },
});

const CM_PER_IN = 2.54;

export interface NavyInput {
  sex: Sex;
  heightCm: number;
  /** Men: abdomen at the navel; women: waist at its narrowest. */
  waistCm: number;
  neckCm: number;
  /** Women only. */
  hipCm?: number;
}

/** The circumference term that goes into the log; must be > 0 (validation rejects waist <= neck). */
export function navyCircumferenceCm({ sex, waistCm, neckCm, hipCm }: NavyInput): number {
  return sex === 'M' ? waistCm - neckCm : waistCm + (hipCm ?? 0) - neckCm;
}

/** Original inch equations (the DoD form); cm are converted to inches exactly. */
export function bfNavy(input: NavyInput): number {
  const circIn = navyCircumferenceCm(input) / CM_PER_IN;
  const heightIn = input.heightCm / CM_PER_IN;
  return input.sex === 'M'
    ? 86.01 * Math.log10(circIn) - 70.041 * Math.log10(heightIn) + 36.76
    : 163.205 * Math.log10(circIn) - 97.684 * Math.log10(heightIn) - 78.387;
}

/** Metric density regressions, then Siri. Kept for comparison only. */
export function bfNavyDensityMetric(input: NavyInput): number {
  const circ = navyCircumferenceCm(input);
  const density =
    input.sex === 'M'
      ? 1.0324 - 0.19077 * Math.log10(circ) + 0.15456 * Math.log10(input.heightCm)
      : 1.29579 - 0.35004 * Math.log10(circ) + 0.221 * Math.log10(input.heightCm);
  return 495 / density - 450;
}
