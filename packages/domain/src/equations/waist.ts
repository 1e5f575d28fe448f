import { shown } from '../display.ts';
import { defineEquation } from './equation.ts';
import type { WhoAdultBmiClass } from './bmi.ts';
import type { Sex } from './sex.ts';

export const WHTR = defineEquation({
  id: 'whtr_ashwell',
  name: 'Waist-to-height ratio',
  citation:
    'Ashwell M, Hsieh SD. Int J Food Sci Nutr 2005;56:303-307; Ashwell M, Gunn P, Gibson S. Obes Rev 2012;13:275-286',
  validity: 'Both sexes, all ethnicities, 5 y and over',
  status: 'solid',
});
export const WHR = defineEquation({
  id: 'whr_who_2008',
  name: 'Waist-to-hip ratio (≥ 0.90 men, ≥ 0.85 women)',
  citation: 'WHO. Waist circumference and waist-hip ratio: report of a WHO expert consultation, Geneva 2008 (2011)',
  validity: 'Adults',
  status: 'solid',
});
export const WAIST_WHO = defineEquation({
  id: 'waist_who_2008',
  name: 'Waist circumference (WHO > 94/102 cm men, > 80/88 cm women; IDF LatAm ≥ 90/80 cm)',
  citation: 'WHO expert consultation 2008 (2011); Alberti KGMM et al. Circulation 2009;120:1640-1645',
  validity: 'Adults; Europid cut-offs for WHO, South/Central American values for IDF',
  status: 'solid',
});
export const NHLBI_BMI_WAIST = defineEquation({
  id: 'nhlbi_1998_bmi_waist',
  name: 'Disease risk by BMI and waist (NHLBI)',
  citation:
    'NHLBI. Clinical Guidelines on the Identification, Evaluation, and Treatment of Overweight and Obesity in Adults, 1998',
  validity: 'Adults with BMI 25 and over',
  status: 'solid',
});

export type WhtrRisk = 'low' | 'healthy' | 'increased' | 'high';

export const whtr = (waistCm: number, heightCm: number): number => waistCm / heightCm;

/** < 0.40 take care, < 0.50 healthy, < 0.60 increased, otherwise high. */
/** Waist-to-height cut-offs: low / healthy / increased / high. */
export const WHTR_CUTOFFS = [0.4, 0.5, 0.6] as const;

export function whtrRisk(ratio: number): WhtrRisk {
  const value = shown(ratio, 'ratio');
  const [healthy, increased, high] = WHTR_CUTOFFS;
  if (value < healthy) return 'low';
  if (value < increased) return 'healthy';
  if (value < high) return 'increased';
  return 'high';
}

export type WhrRisk = 'not_increased' | 'substantially_increased';

export const whr = (waistCm: number, hipCm: number): number => waistCm / hipCm;

/** WHO: ≥ 0.90 (men) / ≥ 0.85 (women), inclusive. */
export const whrFlag = (sex: Sex, value: number): boolean => shown(value, 'ratio') >= (sex === 'M' ? 0.9 : 0.85);
export const whrRisk = (sex: Sex, value: number): WhrRisk =>
  whrFlag(sex, value) ? 'substantially_increased' : 'not_increased';

export type WaistWhoRisk = 'not_increased' | 'increased' | 'substantially_increased';

export interface WaistFlags {
  who: WaistWhoRisk;
  /** IDF / harmonized MetS cut-off for South and Central Americans (≥ 90 men, ≥ 80 women). */
  idf_latam: boolean;
}

/** WHO uses strict ">" for waist (and "≥" for WHR); IDF uses "≥". */
export function waistFlags(sex: Sex, waistInput: number): WaistFlags {
  const [inc, subst, idf] = sex === 'M' ? [94, 102, 90] : [80, 88, 80];
  const waistCm = shown(waistInput, 'cm');
  return {
    who: waistCm > subst ? 'substantially_increased' : waistCm > inc ? 'increased' : 'not_increased',
    idf_latam: waistCm >= idf,
  };
}

export type NhlbiRisk = 'increased' | 'high' | 'very_high' | 'extremely_high';

/** Only defined from BMI 25 (overweight) upwards; null below. */
export function nhlbiRisk(sex: Sex, bmiClass: WhoAdultBmiClass, waistCm: number): NhlbiRisk | null {
  const large = shown(waistCm, 'cm') > (sex === 'M' ? 102 : 88);
  switch (bmiClass) {
    case 'pre_obese':
      return large ? 'high' : 'increased';
    case 'obesity_1':
      return large ? 'very_high' : 'high';
    case 'obesity_2':
      return 'very_high';
    case 'obesity_3':
      return 'extremely_high';
    default:
      return null;
  }
}
