import { ADULT_AGE_YEARS, FAT_PERCENT_PLAUSIBLE } from './constants.ts';
import type { EvaluationType } from './constants.ts';
import { DEURENBERG, bfDeurenberg } from './equations/deurenberg.ts';
import { defineEquation, outsideSample, sampleAges } from './equations/equation.ts';
import type { EquationMeta } from './equations/equation.ts';
import { NAVY, NAVY_DENSITY, bfNavy, bfNavyDensityMetric } from './equations/navy.ts';
import {
  DURNIN_WOMERSLEY,
  EVANS_2005,
  FAULKNER,
  JACKSON_POLLOCK_4,
  KATCH_MCARDLE_MEN,
  NAGAMINE_SUZUKI,
  SKINFOLD_EQUATIONS,
  SLAUGHTER,
  SLOAN_MEN,
  WILMORE_BEHNKE_MEN,
  WILMORE_BEHNKE_WOMEN,
  hasSites,
} from './equations/skinfolds.ts';
import type { Maturity, SkinfoldEquation, SkinfoldSite, Skinfolds } from './equations/skinfolds.ts';
import { toSex } from './equations/sex.ts';
import type { Sex, Sexo } from './equations/sex.ts';
import { WARNING_KEYS } from './i18n-keys.ts';
import type { ResultWarning } from './result.ts';

/**
 * What the body-fat step reads from an evaluation's inputs: the fields of `EvaluationInput` (schema.ts) it uses,
 * written here so that schema.ts can call this module without a cycle. Units as the spec's fields: kg, cm, mm.
 */
export interface BodyFatSource {
  evaluation_type: EvaluationType;
  sexo: Sexo;
  peso: number;
  estatura: number;
  pcintura: number;
  pcadera: number;
  cuello?: number;
  pgrasa?: number;
  triceps?: number;
  subescapular?: number;
  abdominal?: number;
  cuadriceps?: number;
  suprailiaco?: number;
  biceps?: number;
  maduracion?: 'prepuberal' | 'puberal' | 'postpuberal';
  body_fat_equation?: string;
}

export const BIA_DEVICE = defineEquation({
  id: 'bia_device',
  name: 'Bioimpedance device value',
  citation: 'Value reported by the bioimpedance analyser (proprietary manufacturer equation)',
  validity: 'As stated by the device manufacturer; hydration and fasting state affect it',
  status: 'solid',
});

/** What the body-fat step needs from the validated input. */
export interface BodyFatInput {
  type: EvaluationType;
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
  /** Skinfold equation id chosen by the professional (types 2 and 4). */
  protocol?: string;
}

export interface FatEstimate {
  meta: EquationMeta;
  percent: number;
  /** Input fields the estimate was computed from (for field errors and display). */
  fields: readonly string[];
  /** Labelled as an estimate in the UI (no validated equation for this exact case). */
  estimate: boolean;
  /** Where the person falls outside the equation's derivation sample (null: inside). */
  outside: 'age' | 'bmi' | null;
  capped: boolean;
}

export type WarningItem = ResultWarning;

const isMinor = (age: number) => age < ADULT_AGE_YEARS;

/** Frozen, shared sample warnings (results are plain data: one object per equation, sex and reason). */
const SAMPLE_WARNINGS = new Map<string, WarningItem>();

/** The warning that names the equation's sample, for a person outside it (decision 036). */
export function sampleWarning(meta: EquationMeta, sex: Sex, outside: 'age' | 'bmi'): WarningItem {
  const key = `${meta.id}|${sex}|${outside}`;
  let w = SAMPLE_WARNINGS.get(key);
  if (w) return w;
  const s = meta.sample!;
  if (outside === 'bmi') w = { code: WARNING_KEYS.outsideSampleBmi, equation: meta.id, params: { bmi: s.bmiBelow! } };
  else {
    const { minAge, maxAge } = sampleAges(s, sex);
    w = { code: WARNING_KEYS.outsideSampleAge, equation: meta.id, params: { min: minAge, max: maxAge } };
  }
  Object.freeze(w.params);
  SAMPLE_WARNINGS.set(key, Object.freeze(w));
  return w;
}

// Shared, frozen field lists (results reference them rather than copying).
const NAVY_FIELDS_MEN = Object.freeze(['pcintura', 'cuello', 'estatura']);
const NAVY_FIELDS_WOMEN = Object.freeze(['pcintura', 'pcadera', 'cuello', 'estatura']);
const BIA_FIELDS = Object.freeze(['pgrasa']);
const BMI_FIELDS = Object.freeze(['peso', 'estatura']);
const SUM_SITES_4: readonly SkinfoldSite[] = Object.freeze(['triceps', 'subescapular', 'abdominal', 'cuadriceps']);
const SUM_SITES_2: readonly SkinfoldSite[] = Object.freeze(['triceps', 'subescapular']);

/** The equation applies to this person's measured sites and sex (its age is judged separately). */
const canApply = (eq: SkinfoldEquation, i: BodyFatInput): boolean =>
  hasSites(i.skinfolds, eq.sites) && (!eq.sex || eq.sex === i.sex);

function skinfoldEstimate(eq: SkinfoldEquation, i: BodyFatInput): FatEstimate {
  const s = i.skinfolds as Required<Skinfolds>;
  return {
    meta: eq.meta,
    percent: eq.percent(s, i), // BodyFatInput has sex, age and maturity: no per-equation context object.
    fields: eq.sites,
    estimate: isEstimate(eq.meta.id),
    outside: outsideSample(eq.meta, i.sex, i.age, i.bmi),
    capped: eq.capped?.(s, i) ?? false,
  };
}

const BY_ID = new Map(SKINFOLD_EQUATIONS.map((e) => [e.meta.id, e]));
const byId = (id: string): SkinfoldEquation => BY_ID.get(id)!;

function navyEstimate(i: BodyFatInput, meta: EquationMeta): FatEstimate | null {
  if (i.neckCm === undefined) return null;
  const navyIn = { sex: i.sex, heightCm: i.heightCm, waistCm: i.waistCm, neckCm: i.neckCm, hipCm: i.hipCm };
  return {
    meta,
    percent: meta === NAVY ? bfNavy(navyIn) : bfNavyDensityMetric(navyIn),
    fields: i.sex === 'M' ? NAVY_FIELDS_MEN : NAVY_FIELDS_WOMEN,
    estimate: false,
    outside: outsideSample(meta, i.sex, i.age, i.bmi),
    capped: false,
  };
}

/**
 * The skinfold equations a professional may choose as primary for this person: those whose sites
 * were measured, for the person's sex, not below the sample's youngest age (adult-only equations are
 * never primary for an adolescent).
 */
export function choosableSkinfoldEquations(i: BodyFatInput): SkinfoldEquation[] {
  return SKINFOLD_EQUATIONS.filter(
    (eq) => canApply(eq, i) && i.age >= sampleAges(eq.meta.sample!, i.sex).minAge && !isAdultOnlyMismatch(eq, i),
  );
}

/** Slaughter is for children and adolescents: never chosen for an adult. */
const isAdultOnlyMismatch = (eq: SkinfoldEquation, i: BodyFatInput): boolean =>
  !isMinor(i.age) && eq.meta.sample!.maxAge < ADULT_AGE_YEARS;

/**
 * Order in which a valid equation becomes the skinfold methods' primary (decision 036): the
 * generalized equations first (Durnin-Womersley, Jackson-Pollock), then the method's own default,
 * then the other equations on the measured sites.
 */
const PRIMARY_ORDER: Readonly<Record<2 | 4 | 5, readonly string[]>> = {
  2: [DURNIN_WOMERSLEY.id, JACKSON_POLLOCK_4.id, NAGAMINE_SUZUKI.id, SLOAN_MEN.id],
  4: [
    DURNIN_WOMERSLEY.id,
    JACKSON_POLLOCK_4.id,
    EVANS_2005.id,
    WILMORE_BEHNKE_WOMEN.id,
    KATCH_MCARDLE_MEN.id,
    WILMORE_BEHNKE_MEN.id,
    FAULKNER.id,
  ],
  // An ISAK profile has the sites of both skinfold methods (decision 199): the four-site order, then the two-site ones.
  5: [
    DURNIN_WOMERSLEY.id,
    JACKSON_POLLOCK_4.id,
    EVANS_2005.id,
    WILMORE_BEHNKE_WOMEN.id,
    KATCH_MCARDLE_MEN.id,
    WILMORE_BEHNKE_MEN.id,
    FAULKNER.id,
    NAGAMINE_SUZUKI.id,
    SLOAN_MEN.id,
  ],
};

/**
 * Every equation the method may fall on, in order: `PRIMARY_ORDER`, then the other skinfold equations (those
 * not labelled estimates first), so that the primary is never an equation outside its sample while one on the
 * measured sites is inside (decision 194).
 */
function primaryCandidates(type: 2 | 4 | 5): SkinfoldEquation[] {
  const ordered = PRIMARY_ORDER[type].map(byId);
  const rest = SKINFOLD_EQUATIONS.filter((e) => !PRIMARY_ORDER[type].includes(e.meta.id));
  return [...ordered, ...rest.filter((e) => !isEstimate(e.meta.id)), ...rest.filter((e) => isEstimate(e.meta.id))];
}

const PRIMARY_EQUATIONS = { 2: primaryCandidates(2), 4: primaryCandidates(4), 5: primaryCandidates(5) } as const;

/** The method's fallback when no equation on the measured sites is valid for the person. */
const METHOD_DEFAULT: Readonly<Record<2 | 4 | 5, string>> = {
  2: NAGAMINE_SUZUKI.id,
  4: EVANS_2005.id,
  5: NAGAMINE_SUZUKI.id,
};

function skinfoldPrimary(type: 2 | 4 | 5, i: BodyFatInput): FatEstimate {
  if (i.protocol) {
    const chosen = choosableSkinfoldEquations(i).find((e) => e.meta.id === i.protocol);
    if (chosen) return skinfoldEstimate(chosen, i);
  }
  if (isMinor(i.age)) return skinfoldEstimate(byId(SLAUGHTER.id), i);
  for (const eq of PRIMARY_EQUATIONS[type]) {
    if (!canApply(eq, i) || isAdultOnlyMismatch(eq, i)) continue;
    if (outsideSample(eq.meta, i.sex, i.age, i.bmi) === null) return skinfoldEstimate(eq, i);
  }
  return skinfoldEstimate(byId(METHOD_DEFAULT[type]), i);
}

/**
 * Nagamine-Suzuki and Evans are used on sites or people they were not built for: labelled estimates wherever
 * they appear, primary or comparison (decision 194: one status everywhere).
 */
function isEstimate(id: string): boolean {
  return id === NAGAMINE_SUZUKI.id || id === EVANS_2005.id;
}

/**
 * The method's own fat estimate (decisions 030/031/036):
 * 1 device value; 3 US Navy; 2 and 4 the professional's chosen equation, else the first valid one in
 * `PRIMARY_ORDER` (Slaughter under 18), else the method default (Nagamine-Suzuki / Evans).
 */
export function primaryBodyFat(i: BodyFatInput): FatEstimate {
  switch (i.type) {
    case 1:
      return {
        meta: BIA_DEVICE,
        percent: i.pgrasa!,
        fields: BIA_FIELDS,
        estimate: false,
        outside: null,
        capped: false,
      };
    case 3:
      return navyEstimate(i, NAVY)!;
    case 2:
    case 4:
    case 5:
      return skinfoldPrimary(i.type, i);
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

  if (primary.meta.id === NAGAMINE_SUZUKI.id)
    warnings.push({ code: WARNING_KEYS.estimateTwoSkinfoldAdult, equation: primary.meta.id });
  if (primary.meta.id === EVANS_2005.id && i.type === 4)
    warnings.push({ code: WARNING_KEYS.noFourSiteEquation, equation: primary.meta.id });
  if (primary.meta.id === SLAUGHTER.id && i.sex === 'M')
    warnings.push({ code: WARNING_KEYS.slaughterMaturityAssumed, equation: SLAUGHTER.id });

  const candidates: FatEstimate[] = [];
  if (i.type === 3) candidates.push(navyEstimate(i, NAVY_DENSITY)!);
  let skippedAdult = false;
  for (const eq of SKINFOLD_EQUATIONS) {
    if (eq.meta.id === primary.meta.id || !canApply(eq, i)) continue;
    // Below an equation's sample (adult-only equations for minors): not applied, and said so.
    if (i.age < sampleAges(eq.meta.sample!, i.sex).minAge) {
      skippedAdult = true;
      continue;
    }
    if (isAdultOnlyMismatch(eq, i)) continue; // Slaughter: children only.
    candidates.push(skinfoldEstimate(eq, i));
  }
  candidates.push({
    meta: DEURENBERG,
    percent: bfDeurenberg(i.sex, i.age, i.bmi),
    fields: BMI_FIELDS,
    estimate: false,
    outside: outsideSample(DEURENBERG, i.sex, i.age, i.bmi),
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
    if (c.outside) warnings.push(sampleWarning(c.meta, i.sex, c.outside));
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
    protocol: input.body_fat_equation,
  };
}
