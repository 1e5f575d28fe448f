import { shown } from '../display.ts';
import { defineEquation } from './equation.ts';
import { maleDummy } from './sex.ts';
import type { Sex } from './sex.ts';

export const VAI = defineEquation({
  id: 'vai_amato_2010',
  name: 'Visceral Adiposity Index (cut-offs by age: Amato 2011)',
  citation: 'Amato MC et al. Diabetes Care 2010;33:920-922; cut-offs: Amato MC et al. Lipids Health Dis 2011;10:183',
  validity: 'Adults 16 y and over, BMI < 40, TG < 1000 mg/dL; Caucasian derivation (LatAm use: CHECK)',
  status: 'solid',
  sample: { minAge: 16, maxAge: 100, bmiBelow: 40 },
});

export const METS_VF = defineEquation({
  id: 'mets_vf_2020',
  name: 'METS-VF visceral fat score (> 7.18 = increased)',
  citation: 'Bello-Chavolla OY et al. Clin Nutr 2020;39:1613-1621; METS-IR: Eur J Endocrinol 2018;178:533-544',
  validity: 'Mexican adults; needs fasting glucose, triglycerides and HDL',
  status: 'solid',
});

export const LAP = defineEquation({
  id: 'lap_kahn_2005',
  name: 'Lipid accumulation product',
  citation: 'Kahn HS. BMC Cardiovasc Disord 2005;5:26',
  validity: 'Adults; needs triglycerides; no category',
  status: 'solid',
});

export const WHTR_VISCERAL_PROXY = defineEquation({
  id: 'whtr_visceral_proxy',
  name: 'Waist-to-height ratio as visceral-risk proxy',
  citation: 'Ashwell M, Gunn P, Gibson S. Obes Rev 2012;13:275-286',
  validity: 'All ages 5 y and over; used when triglycerides and HDL are missing',
  status: 'solid',
});

const TG_MGDL_PER_MMOL = 88.57;
const CHOL_MGDL_PER_MMOL = 38.67;

/** WC cm, BMI, TG and HDL in mg/dL (converted to mmol/L as the equation needs). */
export function vaiAmato(sex: Sex, waistCm: number, bmiValue: number, tgMgDl: number, hdlMgDl: number): number {
  const tg = tgMgDl / TG_MGDL_PER_MMOL;
  const hdl = hdlMgDl / CHOL_MGDL_PER_MMOL;
  return sex === 'M'
    ? (waistCm / (39.68 + 1.88 * bmiValue)) * (tg / 1.03) * (1.31 / hdl)
    : (waistCm / (36.58 + 1.89 * bmiValue)) * (tg / 0.81) * (1.52 / hdl);
}

export type VaiCategory = 'none' | 'mild' | 'moderate' | 'severe';

// [max age exclusive, none <=, mild <=, moderate <=]; above moderate is severe.
const VAI_CUTOFFS: ReadonlyArray<readonly [number, number, number, number]> = [
  [30, 2.52, 2.58, 2.73],
  [42, 2.23, 2.53, 3.12],
  [52, 1.92, 2.16, 2.77],
  [66, 1.93, 2.32, 3.25],
  [Infinity, 2.0, 2.41, 3.17],
];

/** Adipose-dysfunction category; the table's bands are upper-inclusive ("none ≤ 2.23"). */
export function vaiCategory(age: number, vai: number): VaiCategory {
  const value = shown(vai, 'index');
  const [, none, mild, moderate] = VAI_CUTOFFS.find(([maxAge]) => age < maxAge)!;
  if (value <= none) return 'none';
  if (value <= mild) return 'mild';
  if (value <= moderate) return 'moderate';
  return 'severe';
}

export const lapKahn = (sex: Sex, waistCm: number, tgMgDl: number): number =>
  (waistCm - (sex === 'M' ? 65 : 58)) * (tgMgDl / TG_MGDL_PER_MMOL);

/** ln(2 × glucose + TG) × BMI / ln(HDL), mg/dL. HDL must be > 1 mg/dL (validation allows >= 5). */
export const metsIr = (glucoseMgDl: number, tgMgDl: number, hdlMgDl: number, bmiValue: number): number =>
  (Math.log(2 * glucoseMgDl + tgMgDl) * bmiValue) / Math.log(hdlMgDl);

const METS_VF_CUTOFF = 7.18;

/** METS-VF above 7.18 (as shown, two decimals) is increased visceral fat. */
export const metsVfIncreased = (value: number): boolean => shown(value, 'index') > METS_VF_CUTOFF;

export function metsVf(
  sex: Sex,
  age: number,
  waistCm: number,
  heightCm: number,
  bmiValue: number,
  glucoseMgDl: number,
  tgMgDl: number,
  hdlMgDl: number,
): number {
  const lnIr = Math.log(metsIr(glucoseMgDl, tgMgDl, hdlMgDl, bmiValue));
  const lnWhtr = Math.log(waistCm / heightCm);
  return 4.466 + 0.011 * lnIr ** 3 + 3.239 * lnWhtr ** 3 + 0.319 * maleDummy(sex) + 0.594 * Math.log(age);
}
