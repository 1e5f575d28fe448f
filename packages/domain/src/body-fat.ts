import { ADULT_AGE_YEARS, FAT_PERCENT_PLAUSIBLE } from './constants.ts';
import { DEURENBERG, bfDeurenberg } from './equations/deurenberg.ts';
import { defineEquation } from './equations/equation.ts';
import type { EquationMeta } from './equations/equation.ts';
import { NAVY, NAVY_DENSITY, bfNavy, bfNavyDensityMetric } from './equations/navy.ts';
import {
  EVANS_2005,
  NAGAMINE_SUZUKI,
  SKINFOLD_EQUATIONS,
  SLAUGHTER,
  hasSites,
  maxAgeFor,
} from './equations/skinfolds.ts';
import type { Maturity, SkinfoldEquation, SkinfoldSite, Skinfolds } from './equations/skinfolds.ts';
import { toSex } from './equations/sex.ts';
import type { Sex } from './equations/sex.ts';
import type { WarningKey } from './i18n-keys.ts';
import { WARNING_KEYS } from './i18n-keys.ts';
import type { EvaluationInput } from './schema.ts';

type BodyFatSource = Pick<
  EvaluationInput,
  | 'evaluation_type'
  | 'sexo'
  | 'peso'
  | 'estatura'
  | 'pcintura'
  | 'pcadera'
  | 'cuello'
  | 'pgrasa'
  | 'triceps'
  | 'subescapular'
  | 'abdominal'
  | 'cuadriceps'
  | 'suprailiaco'
  | 'biceps'
  | 'maduracion'
>;

export const BIA_DEVICE = defineEquation({
  id: 'bia_device',
  name: 'Bioimpedance device value',
  citation: 'Value reported by the bioimpedance analyser (proprietary manufacturer equation)',
  validity: 'As stated by the device manufacturer; hydration and fasting state affect it',
  status: 'solid',
});

/** What the body-fat step needs from the validated input. */
export interface BodyFatInput {
  type: 1 | 2 | 3 | 4;
  sex: Sex;
  age: number;
  bmi: number;
  heightCm: number;
  waistCm: number;
  hipCm: number;
  neckCm?: number;
  pgrasa?: number;
  skinfolds: Skinfolds;
  maturity: Maturity;
}

export interface FatEstimate {
  meta: EquationMeta;
  percent: number;
  /** Input fields the estimate was computed from (for field errors and display). */
  fields: readonly string[];
  /** Labelled as an estimate in the UI (no validated equation for this exact case). */
  estimate: boolean;
  withinValidity: boolean;
  capped: boolean;
}

export interface WarningItem {
  code: WarningKey;
  equation?: string;
}

const isMinor = (age: number) => age < ADULT_AGE_YEARS;

// Shared, frozen field lists (results reference them rather than copying).
const NAVY_FIELDS_MEN = Object.freeze(['pcintura', 'cuello', 'estatura']);
const NAVY_FIELDS_WOMEN = Object.freeze(['pcintura', 'pcadera', 'cuello', 'estatura']);
const BIA_FIELDS = Object.freeze(['pgrasa']);
const BMI_FIELDS = Object.freeze(['peso', 'estatura']);
const SUM_SITES_4: readonly SkinfoldSite[] = Object.freeze(['triceps', 'subescapular', 'abdominal', 'cuadriceps']);
const SUM_SITES_2: readonly SkinfoldSite[] = Object.freeze(['triceps', 'subescapular']);

function skinfoldEstimate(eq: SkinfoldEquation, i: BodyFatInput, estimate: boolean): FatEstimate | null {
  if (!hasSites(i.skinfolds, eq.sites) || (eq.sex && eq.sex !== i.sex)) return null;
  const ctx = i; // BodyFatInput has sex, age and maturity: no per-equation context object.
  let withinValidity = i.age >= eq.minAge && i.age <= maxAgeFor(eq, i.sex);
  // Evans and the college-sample equations were not meant for BMI >= 35 (formulas.md §2.6).
  if (eq.meta.id === EVANS_2005.id && i.bmi >= 35) withinValidity = false;
  return {
    meta: eq.meta,
    percent: eq.percent(i.skinfolds, ctx),
    fields: eq.sites,
    estimate,
    withinValidity,
    capped: eq.capped?.(i.skinfolds, ctx) ?? false,
  };
}

const byId = (id: string): SkinfoldEquation => SKINFOLD_EQUATIONS.find((e) => e.meta.id === id)!;

function navyEstimate(i: BodyFatInput, meta: EquationMeta): FatEstimate | null {
  if (i.neckCm === undefined) return null;
  const navyIn = { sex: i.sex, heightCm: i.heightCm, waistCm: i.waistCm, neckCm: i.neckCm, hipCm: i.hipCm };
  return {
    meta,
    percent: meta === NAVY ? bfNavy(navyIn) : bfNavyDensityMetric(navyIn),
    fields: i.sex === 'M' ? NAVY_FIELDS_MEN : NAVY_FIELDS_WOMEN,
    estimate: false,
    withinValidity: !isMinor(i.age),
    capped: false,
  };
}

/**
 * The method's own fat estimate (decisions 030/031):
 * 1 device value; 2 Slaughter under 18, Nagamine-Suzuki for adults (estimate);
 * 3 US Navy; 4 Slaughter under 18, Evans 2005 for adults (estimate, no 4-site equation exists).
 */
export function primaryBodyFat(i: BodyFatInput): FatEstimate {
  switch (i.type) {
    case 1:
      return {
        meta: BIA_DEVICE,
        percent: i.pgrasa!,
        fields: BIA_FIELDS,
        estimate: false,
        withinValidity: true,
        capped: false,
      };
    case 3:
      return navyEstimate(i, NAVY)!;
    case 2:
    case 4: {
      if (isMinor(i.age)) return skinfoldEstimate(byId(SLAUGHTER.id), i, false)!;
      return skinfoldEstimate(byId(i.type === 2 ? NAGAMINE_SUZUKI.id : EVANS_2005.id), i, true)!;
    }
  }
}

export const isPlausibleFat = (percent: number): boolean =>
  Number.isFinite(percent) && percent >= FAT_PERCENT_PLAUSIBLE.min && percent <= FAT_PERCENT_PLAUSIBLE.max;

export interface BodyFatAnalysis {
  primary: FatEstimate;
  /** Primary first, then every other equation the inputs allow, each plausible. */
  comparisons: FatEstimate[];
  warnings: WarningItem[];
  /** Sites summed for the raw skinfold total (types 2 and 4). */
  sumSites: readonly SkinfoldSite[] | null;
}

export function analyseBodyFat(i: BodyFatInput): BodyFatAnalysis {
  const primary = primaryBodyFat(i);
  const warnings: WarningItem[] = [];
  const minor = isMinor(i.age);

  if (primary.meta.id === NAGAMINE_SUZUKI.id)
    warnings.push({ code: WARNING_KEYS.estimateTwoSkinfoldAdult, equation: primary.meta.id });
  if (primary.meta.id === EVANS_2005.id)
    warnings.push({ code: WARNING_KEYS.noFourSiteEquation, equation: primary.meta.id });
  if (primary.meta.id === SLAUGHTER.id && i.sex === 'M')
    warnings.push({ code: WARNING_KEYS.slaughterMaturityAssumed, equation: SLAUGHTER.id });
  if (primary.meta.id === NAVY.id && minor)
    warnings.push({ code: WARNING_KEYS.adultEquationInMinor, equation: NAVY.id });
  if (primary.meta.id === EVANS_2005.id && i.bmi >= 35)
    warnings.push({ code: WARNING_KEYS.outsideValidatedBmi, equation: EVANS_2005.id });

  const candidates: FatEstimate[] = [];
  if (i.type === 3) candidates.push(navyEstimate(i, NAVY_DENSITY)!);
  let skippedAdult = false;
  for (const eq of SKINFOLD_EQUATIONS) {
    if (eq.meta.id === primary.meta.id) continue;
    // Below an equation's sample (adult-only equations for minors): not applied, and said so.
    if (i.age < eq.minAge) {
      if (hasSites(i.skinfolds, eq.sites) && (!eq.sex || eq.sex === i.sex)) skippedAdult = true;
      continue;
    }
    if (!minor && eq.maxAge < ADULT_AGE_YEARS) continue; // Slaughter: children only.
    const est = skinfoldEstimate(eq, i, false);
    if (est) candidates.push(est);
  }
  candidates.push({
    meta: DEURENBERG,
    percent: bfDeurenberg(i.sex, i.age, i.bmi),
    fields: BMI_FIELDS,
    estimate: false,
    withinValidity: true,
    capped: false,
  });
  if (skippedAdult) warnings.push({ code: WARNING_KEYS.adultEquationsSkipped });

  const comparisons = [primary];
  for (const c of candidates) {
    if (!isPlausibleFat(c.percent)) {
      warnings.push({ code: WARNING_KEYS.comparisonOutOfRange, equation: c.meta.id });
      continue;
    }
    comparisons.push(c);
  }
  for (const c of comparisons) {
    if (c.capped) warnings.push({ code: WARNING_KEYS.sumCapped, equation: c.meta.id });
    if (!c.withinValidity && c.meta.id !== NAVY.id && !(c.meta.id === EVANS_2005.id && i.bmi >= 35)) {
      warnings.push({ code: WARNING_KEYS.outsideValidatedAge, equation: c.meta.id });
    }
  }

  const sumSites = i.type === 4 ? SUM_SITES_4 : i.type === 2 ? SUM_SITES_2 : null;
  return { primary, comparisons, warnings, sumSites };
}

const MATURITY: Record<NonNullable<BodyFatSource['maduracion']>, Maturity> = {
  prepuberal: 'prepubertal',
  puberal: 'pubertal',
  postpuberal: 'postpubertal',
};

/** Body-fat inputs from the validated evaluation (shared by the schema's plausibility rule and the engine). */
export function bodyFatInputOf(input: BodyFatSource, age: number): BodyFatInput {
  return {
    type: input.evaluation_type,
    sex: toSex(input.sexo),
    age,
    bmi: input.peso / (input.estatura / 100) ** 2,
    heightCm: input.estatura,
    waistCm: input.pcintura,
    hipCm: input.pcadera,
    neckCm: input.cuello,
    pgrasa: input.pgrasa,
    skinfolds: {
      triceps: input.triceps,
      subescapular: input.subescapular,
      abdominal: input.abdominal,
      cuadriceps: input.cuadriceps,
      suprailiaco: input.suprailiaco,
      biceps: input.biceps,
    },
    maturity: (input.maduracion && MATURITY[input.maduracion]) || 'pubertal',
  };
}
