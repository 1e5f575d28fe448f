import { shownAt } from '../display.ts';
import { defineEquation } from './equation.ts';
import type { Sex } from './sex.ts';

export const HOMA_IR = defineEquation({
  id: 'homa_ir_matthews_1985',
  name: 'HOMA-IR = glucose (mg/dL) × insulin (µU/mL) / 405',
  citation: 'Matthews DR et al. Diabetologia 1985;28:412-419',
  validity: 'Fasting samples, no insulin therapy; flag ≥ 2.5 is a product convention',
  status: 'solid',
});
export const LDL_SAMPSON = defineEquation({
  id: 'ldl_sampson_2020',
  name: 'LDL cholesterol, Sampson/NIH equation',
  citation: 'Sampson M et al. JAMA Cardiol 2020;5:540-548',
  validity: 'Triglycerides up to 800 mg/dL',
  status: 'solid',
});
export const LDL_FRIEDEWALD = defineEquation({
  id: 'ldl_friedewald_1972',
  name: 'LDL cholesterol, Friedewald equation',
  citation: 'Friedewald WT, Levy RI, Fredrickson DS. Clin Chem 1972;18:499-502',
  validity: 'Triglycerides < 400 mg/dL; unreliable when LDL < 70 mg/dL',
  status: 'solid',
});
export const NON_HDL = defineEquation({
  id: 'non_hdl',
  name: 'Non-HDL cholesterol = total cholesterol - HDL',
  citation: 'NCEP ATP III, Circulation 2002;106:3143-3421',
  validity: 'Fasting or non-fasting',
  status: 'solid',
});

export const homaIr = (glucoseMgDl: number, insulinUuMl: number): number => (glucoseMgDl * insulinUuMl) / 405;
export const nonHdl = (tc: number, hdl: number): number => tc - hdl;
/** mg/dL; not valid when TG ≥ 400. */
export const ldlFriedewald = (tc: number, hdl: number, tg: number): number => tc - hdl - tg / 5;
export const LDL_SAMPSON_MAX_TG = 800;
/** TC/0.948 - HDL/0.971 - (TG/8.56 + TG × nonHDL/2140 - TG²/16100) - 9.44, all mg/dL. */
export const ldlSampson = (tc: number, hdl: number, tg: number): number =>
  tc / 0.948 - hdl / 0.971 - (tg / 8.56 + (tg * (tc - hdl)) / 2140 - (tg * tg) / 16100) - 9.44;

// ---------------------------------------------------------------- status bands (formulas.md §12.2)

/**
 * Decimals the detail and the PDF print for each laboratory value, as laboratories report them
 * (glucose 95 mg/dL, HbA1c 5.6 %, HOMA-IR 2.35). Every status below is decided on the value
 * rounded to them (decision 035), so a glucose of 99.6 printed "100" is prediabetes.
 */
export const LAB_DECIMALS = {
  crp: 1,
  fasting_glucose: 0,
  fasting_triglycerides: 0,
  hdl: 0,
  fasting_insulin: 1,
  hba1c: 1,
  homa_ir: 2,
  vitamin_d: 1,
  ggt: 0,
  total_cholesterol: 0,
  non_hdl: 0,
  ldl: 0,
} as const satisfies Record<string, 0 | 1 | 2>;
export type LabId = keyof typeof LAB_DECIMALS;

/** A laboratory value as it is shown (the one rule of decision 035, at the lab's precision). */
export const shownLab = (id: LabId, value: number, decimals: LabDecimals = LAB_DECIMALS[id]): number =>
  shownAt(value, decimals);

/** Decimals a laboratory value is classified and printed at: at least `LAB_DECIMALS`, more when the lab reported more. */
export type LabDecimals = 0 | 1 | 2;

export type GlycaemiaStatus = 'normal' | 'prediabetes' | 'diabetes_range';
export function glucoseStatus(mgDl: number, d?: LabDecimals): GlycaemiaStatus {
  const v = shownLab('fasting_glucose', mgDl, d);
  return v < 100 ? 'normal' : v < 126 ? 'prediabetes' : 'diabetes_range';
}
export function hba1cStatus(pct: number, d?: LabDecimals): GlycaemiaStatus {
  const v = shownLab('hba1c', pct, d);
  return v < 5.7 ? 'normal' : v < 6.5 ? 'prediabetes' : 'diabetes_range';
}

const HOMA_IR_FLAG = 2.5;
export const homaStatus = (v: number, d?: LabDecimals): 'normal' | 'insulin_resistance' =>
  shownLab('homa_ir', v, d) >= HOMA_IR_FLAG ? 'insulin_resistance' : 'normal';

/** No guideline cut-off for insulin; the typical lab range 2-25 µU/mL is used, interpret through HOMA-IR. */
export function insulinStatus(uUmL: number, d?: LabDecimals): 'low' | 'normal' | 'high' {
  const v = shownLab('fasting_insulin', uUmL, d);
  return v < 2 ? 'low' : v > 25 ? 'high' : 'normal';
}

export type TgStatus = 'normal' | 'borderline_high' | 'high' | 'very_high';
export function tgStatus(mgDl: number, d?: LabDecimals): TgStatus {
  const v = shownLab('fasting_triglycerides', mgDl, d);
  return v < 150 ? 'normal' : v < 200 ? 'borderline_high' : v < 500 ? 'high' : 'very_high';
}

/** < 40 low (men), < 50 low (women, MetS criterion), ≥ 60 high (protective). */
export function hdlStatus(sex: Sex, mgDl: number, d?: LabDecimals): 'low' | 'normal' | 'high' {
  const v = shownLab('hdl', mgDl, d);
  return v < (sex === 'M' ? 40 : 50) ? 'low' : v >= 60 ? 'high' : 'normal';
}

export function totalCholesterolStatus(mgDl: number, d?: LabDecimals): 'desirable' | 'borderline_high' | 'high' {
  const v = shownLab('total_cholesterol', mgDl, d);
  return v < 200 ? 'desirable' : v < 240 ? 'borderline_high' : 'high';
}

export type LdlStatus = 'optimal' | 'near_optimal' | 'borderline_high' | 'high' | 'very_high';
export function ldlStatus(mgDl: number, d?: LabDecimals): LdlStatus {
  const v = shownLab('ldl', mgDl, d);
  return v < 100 ? 'optimal' : v < 130 ? 'near_optimal' : v < 160 ? 'borderline_high' : v < 190 ? 'high' : 'very_high';
}

export type NonHdlStatus = 'desirable' | 'above_desirable' | 'borderline_high' | 'high' | 'very_high';
export function nonHdlStatus(mgDl: number, d?: LabDecimals): NonHdlStatus {
  const v = shownLab('non_hdl', mgDl, d);
  return v < 130
    ? 'desirable'
    : v < 160
      ? 'above_desirable'
      : v < 190
        ? 'borderline_high'
        : v < 220
          ? 'high'
          : 'very_high';
}

export type VitaminDStatus = 'deficiency' | 'insufficiency' | 'sufficiency' | 'above_range';
/** Endocrine Society 2011 bands (the 2024 guideline no longer endorses them; the UI shows the source). */
export function vitaminDStatus(ngMl: number, d?: LabDecimals): VitaminDStatus {
  const v = shownLab('vitamin_d', ngMl, d);
  return v < 20 ? 'deficiency' : v < 30 ? 'insufficiency' : v <= 100 ? 'sufficiency' : 'above_range';
}

const GGT_RANGE: Record<Sex, { min: number; max: number }> = { M: { min: 8, max: 61 }, F: { min: 5, max: 36 } };
export function ggtStatus(sex: Sex, uL: number, d?: LabDecimals): 'low' | 'normal' | 'high' {
  const v = shownLab('ggt', uL, d);
  return v < GGT_RANGE[sex].min ? 'low' : v > GGT_RANGE[sex].max ? 'high' : 'normal';
}

export type CrpStatus = 'low' | 'average' | 'high' | 'repeat_acute';
/** hs-CRP in mg/L (convert mg/dL × 10 first). ≥ 10: repeat and look for acute inflammation. */
export function hsCrpStatus(mgL: number, d?: LabDecimals): CrpStatus {
  const v = shownLab('crp', mgL, d);
  return v >= 10 ? 'repeat_acute' : v > 3 ? 'high' : v >= 1 ? 'average' : 'low';
}
