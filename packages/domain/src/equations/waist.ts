import { shown } from '../display.ts';
import { localeCountry } from './country.ts';
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
  name: 'Waist circumference (WHO > 94/102 cm men, > 80/88 cm women)',
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

/**
 * Abdominal obesity by population (decision 187): the harmonized statement (Alberti 2009, Table 2) lists the cut-off
 * of each population or country, "≥". The client's country picks it: the United States and Canada use AHA/NHLBI
 * (ATP III) ≥ 102/88 cm; Europe the IDF Europid ≥ 94/80 cm; Central and South America the IDF ≥ 90/80 cm (South
 * Asian values until specific data exist), which stays the default of this Latin American product.
 */
export type WaistPopulation = 'south_central_american' | 'europid' | 'us_canada';
const WAIST_CITATION =
  'Alberti KGMM et al. Harmonizing the metabolic syndrome. Circulation 2009;120:1640-1645, Table 2';
export const WAIST_POPULATION_EQUATIONS = {
  south_central_american: defineEquation({
    id: 'waist_idf_south_central_american',
    name: 'Abdominal obesity, IDF cut-off for Central and South Americans (≥ 90 cm men, ≥ 80 cm women)',
    citation: `IDF Worldwide Definition of the Metabolic Syndrome, 2006; ${WAIST_CITATION}`,
    validity: 'Adults (adult criterion from 16 y, IDF 2007)',
    status: 'solid',
  }),
  europid: defineEquation({
    id: 'waist_idf_europid',
    name: 'Abdominal obesity, IDF cut-off for Europids (≥ 94 cm men, ≥ 80 cm women)',
    citation: `IDF Worldwide Definition of the Metabolic Syndrome, 2006; ${WAIST_CITATION}`,
    validity: 'Adults (adult criterion from 16 y, IDF 2007)',
    status: 'solid',
  }),
  us_canada: defineEquation({
    id: 'waist_aha_nhlbi_atp3',
    name: 'Abdominal obesity, AHA/NHLBI (ATP III) cut-off for the United States and Canada (≥ 102 cm men, ≥ 88 cm women)',
    citation: `Grundy SM et al. Circulation 2005;112:2735-2752; ${WAIST_CITATION}`,
    validity: 'Adults (adult criterion from 16 y, IDF 2007)',
    status: 'solid',
  }),
} as const;
export const WAIST_CUTOFFS: Readonly<Record<WaistPopulation, { M: number; F: number }>> = {
  south_central_american: { M: 90, F: 80 },
  europid: { M: 94, F: 80 },
  us_canada: { M: 102, F: 88 },
};
const EUROPE = ['GB', 'IE', 'ES', 'PT', 'FR', 'DE', 'IT', 'NL', 'BE', 'CH', 'AT', 'SE', 'NO', 'DK', 'FI', 'PL'];
const POPULATION_BY_COUNTRY: Readonly<Record<string, WaistPopulation>> = {
  US: 'us_canada',
  CA: 'us_canada',
  ...Object.fromEntries(EUROPE.map((c) => [c, 'europid' as const])),
};

/** The waist cut-off population of a locale's country ("en-US" → us_canada); Central/South American by default. */
export function waistPopulationFor(locale: string): WaistPopulation {
  return POPULATION_BY_COUNTRY[localeCountry(locale) ?? ''] ?? 'south_central_american';
}

/** At or above the population's abdominal-obesity cut-off ("≥", as IDF and ATP III write it). */
export const abdominalObesity = (sex: Sex, waistInput: number, population: WaistPopulation): boolean =>
  shown(waistInput, 'cm') >= WAIST_CUTOFFS[population][sex];

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
