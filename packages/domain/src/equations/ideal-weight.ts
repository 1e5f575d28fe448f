import { defineEquation } from './equation.ts';
import type { EquationMeta } from './equation.ts';
import type { Sex } from './sex.ts';

export const DEFAULT_TARGET_BMI = 22;
export const HEALTHY_BMI_MIN = 18.5;
export const HEALTHY_BMI_MAX = 24.9;

export const IBW_BMI = defineEquation({
  id: 'ibw_bmi22',
  name: 'Ideal weight at BMI 22 (healthy range BMI 18.5-24.9)',
  citation: 'WHO TRS 894 (2000) healthy BMI range; target BMI 22 (formulas.md §1.2)',
  validity: 'Adults 18 y and over',
  status: 'convention',
});

export const IBW_WHO2007_MEDIAN = defineEquation({
  id: 'ibw_who2007_median',
  name: 'Weight at the WHO 2007 median BMI-for-age (healthy range z -2 to +1)',
  citation: 'de Onis M et al. Bull World Health Organ 2007;85:660-667',
  validity: 'Under 18 y (adult BMI targets do not apply to adolescents)',
  status: 'convention',
});

const IBW_DEVINE = defineEquation({
  id: 'ibw_devine',
  name: 'Devine ideal body weight',
  citation: 'Devine BJ. Drug Intell Clin Pharm 1974;8:650-655',
  validity: 'Adults, height 152.4 cm (60 in) and over',
  status: 'solid',
});
const IBW_ROBINSON = defineEquation({
  id: 'ibw_robinson',
  name: 'Robinson ideal body weight',
  citation: 'Robinson JD et al. Am J Hosp Pharm 1983;40:1016-1019',
  validity: 'Adults, height 152.4 cm (60 in) and over',
  status: 'solid',
});
const IBW_MILLER = defineEquation({
  id: 'ibw_miller',
  name: 'Miller ideal body weight',
  citation: 'Miller DR et al. Drug Intell Clin Pharm 1983;17:904-905',
  validity: 'Adults, height 152.4 cm (60 in) and over',
  status: 'solid',
});
const IBW_HAMWI = defineEquation({
  id: 'ibw_hamwi',
  name: 'Hamwi ideal body weight',
  citation:
    'Hamwi GJ. Therapy: changing dietary concepts. In: Diabetes mellitus: diagnosis and treatment. ADA 1964;1:73-78',
  validity: 'Adults, height 152.4 cm (60 in) and over',
  status: 'solid',
});

/** Weight (kg) at a BMI for a height in cm. */
export const weightAtBmi = (targetBmi: number, heightCm: number): number => targetBmi * (heightCm / 100) ** 2;

/** Inches above 5 ft; the inch formulas were derived for H >= 60 in, so below that they are not applied. */
const inchesOver60 = (heightCm: number): number => heightCm / 2.54 - 60;
export const INCH_FORMULA_MIN_HEIGHT_CM = 152.4;

const inchFormula =
  (male: [number, number], female: [number, number]) =>
  (sex: Sex, heightCm: number): number => {
    const [base, perInch] = sex === 'M' ? male : female;
    return base + perInch * inchesOver60(heightCm);
  };

export const ibwDevine = inchFormula([50, 2.3], [45.5, 2.3]);
export const ibwRobinson = inchFormula([52, 1.9], [49, 1.7]);
export const ibwMiller = inchFormula([56.2, 1.41], [53.1, 1.36]);
export const ibwHamwi = inchFormula([48, 2.7], [45.5, 2.2]);

export const IBW_INCH_FORMULAS: ReadonlyArray<{ meta: EquationMeta; fn: (sex: Sex, heightCm: number) => number }> = [
  { meta: IBW_DEVINE, fn: ibwDevine },
  { meta: IBW_ROBINSON, fn: ibwRobinson },
  { meta: IBW_MILLER, fn: ibwMiller },
  { meta: IBW_HAMWI, fn: ibwHamwi },
];
