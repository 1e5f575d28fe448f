import { defineEquation } from './equation.ts';
import { maleDummy } from './sex.ts';
import type { Sex } from './sex.ts';

export const DEURENBERG = defineEquation({
  id: 'deurenberg_1991',
  name: 'Deurenberg BMI-based fat % (adult formula; children formula up to 15 y)',
  citation: 'Deurenberg P, Weststrate JA, Seidell JC. Br J Nutr 1991;65:105-114',
  validity: 'Adult formula over 15 y, children formula 15 y and under; SEE about 4 %; overestimates in muscular people',
  status: 'solid',
  sample: { minAge: 7, maxAge: 83 },
});

/** Adult: 1.2 BMI + 0.23 A - 10.8 sex - 5.4. Child (<= 15 y): 1.51 BMI - 0.70 A - 3.6 sex + 1.4. */
export function bfDeurenberg(sex: Sex, age: number, bmiValue: number): number {
  const s = maleDummy(sex);
  return age <= 15 ? 1.51 * bmiValue - 0.7 * age - 3.6 * s + 1.4 : 1.2 * bmiValue + 0.23 * age - 10.8 * s - 5.4;
}
