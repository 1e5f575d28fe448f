import { siri } from './density.ts';
import { defineEquation } from './equation.ts';
import type { EquationMeta } from './equation.ts';
import { maleDummy } from './sex.ts';
import type { Sex } from './sex.ts';

/** Skinfold sites the product collects (input field names), all in mm. */
export type SkinfoldSite = 'triceps' | 'subescapular' | 'abdominal' | 'cuadriceps' | 'suprailiaco' | 'biceps';
export type Skinfolds = Partial<Record<SkinfoldSite, number>>;

export type Maturity = 'prepubertal' | 'pubertal' | 'postpubertal';

interface SkinfoldContext {
  sex: Sex;
  age: number;
  /** Slaughter boys only; the product defaults to 'pubertal' (decision 031). */
  maturity: Maturity;
}

export interface SkinfoldEquation {
  meta: EquationMeta;
  sites: readonly SkinfoldSite[];
  /** Published for one sex only. Ages and BMI of the derivation sample are in `meta.sample`. */
  sex?: Sex;
  /** Fat % from the sites (all present); callers check `sites` first. */
  percent: (s: Required<Skinfolds>, ctx: SkinfoldContext) => number;
  /** Set when the equation reports a capped sum (quadratic past its vertex). */
  capped?: (s: Required<Skinfolds>, ctx: SkinfoldContext) => boolean;
}

// ---------------------------------------------------------------- Slaughter 1988 (8-18 y)

export const SLAUGHTER = defineEquation({
  id: 'slaughter_1988',
  name: 'Slaughter triceps + subscapular (children and adolescents)',
  citation: 'Slaughter MH, Lohman TG, Boileau RA et al. Hum Biol 1988;60:709-723',
  validity: '8-17 y only; white-boy maturity intercepts (pubertal unless stated)',
  status: 'solid',
  sample: { minAge: 8, maxAge: 17 },
});

const SLAUGHTER_BOY_INTERCEPT: Record<Maturity, number> = { prepubertal: -1.7, pubertal: -3.4, postpubertal: -5.5 };

/**
 * Slaughter 1988: Σ(TR+SB) <= 35 mm uses the quadratic forms, above 35 mm the linear ones (girls keep the
 * 0.013 Σ² term, §15.1-2). The published pieces do not meet at 35 mm for boys (the pubertal quadratic ends at
 * 29.15, the linear form starts at 29.0), so a fold just past 35 mm can read a little lower: that is the paper's
 * equation, applied as published (decision 194 replaces the hold of decision 031).
 */
export function bfSlaughter(
  sex: Sex,
  tricepsMm: number,
  subscapularMm: number,
  maturity: Maturity = 'pubertal',
): number {
  const s = tricepsMm + subscapularMm;
  if (sex === 'F') return s <= 35 ? 1.33 * s - 0.013 * s * s - 2.5 : 0.546 * s + 9.7;
  return s <= 35 ? 1.21 * s - 0.008 * s * s + SLAUGHTER_BOY_INTERCEPT[maturity] : 0.783 * s + 1.6;
}

// ---------------------------------------------------------------- adult 2-site (TR+SB, TH+SB)

export const NAGAMINE_SUZUKI = defineEquation({
  id: 'nagamine_suzuki_1964',
  name: 'Nagamine & Suzuki triceps + subscapular (estimate)',
  citation:
    'Nagamine S, Suzuki S. Anthropometry and body composition of Japanese young men and women. Hum Biol 1964;36:8-15; Siri 1956',
  validity: 'Young Japanese adults 18-27 y; estimate outside that sample',
  status: 'solid',
  sample: { minAge: 18, maxAge: 27 },
});

/** Db men 1.0913 - 0.00116 Σ (not 1.9013, §15.2), women 1.0897 - 0.00133 Σ; Σ = TR + SB. */
export function densityNagamineSuzuki(sex: Sex, tricepsMm: number, subscapularMm: number): number {
  const s = tricepsMm + subscapularMm;
  return sex === 'M' ? 1.0913 - 0.00116 * s : 1.0897 - 0.00133 * s;
}

export const SLOAN_MEN = defineEquation({
  id: 'sloan_1967_men',
  name: 'Sloan thigh + subscapular (men)',
  citation: 'Sloan AW. Estimation of body fat in young men. J Appl Physiol 1967;23:311-315; Siri 1956',
  validity: 'Men 18-26 y',
  status: 'solid',
  sample: { minAge: 18, maxAge: 26 },
});

export const densitySloanMen = (thighMm: number, subscapularMm: number): number =>
  1.1043 - 0.001327 * thighMm - 0.00131 * subscapularMm;

// ---------------------------------------------------------------- product's 4 sites, 3-site subsets

export const EVANS_2005 = defineEquation({
  id: 'evans_2005',
  name: 'Evans 3-site triceps + abdominal + thigh (estimate)',
  citation: 'Evans EM, Rowe DA, Misic MM, Prior BM, Arngrimsson SA. Med Sci Sports Exerc 2005;37(11):2006-2011',
  validity:
    '132 collegiate athletes 20.7 ± 2.0 y (window 18-25 y), 4-compartment criterion; not for children or BMI >= 35; non-black coefficient',
  status: 'solid',
  sample: { minAge: 18, maxAge: 25, bmiBelow: 35 },
});

/** 8.997 + 0.24658 Σ3 - 6.343 male - 1.998 black (abstract coefficient 0.24658, not 0.2468). */
export function bfEvans2005(sex: Sex, tricepsMm: number, abdominalMm: number, thighMm: number, black = false): number {
  return 8.997 + 0.24658 * (tricepsMm + abdominalMm + thighMm) - 6.343 * maleDummy(sex) - 1.998 * (black ? 1 : 0);
}

export const KATCH_MCARDLE_MEN = defineEquation({
  id: 'katch_mcardle_1973_men',
  name: 'Katch & McArdle triceps + subscapular + abdominal (men)',
  citation:
    'Katch FI, McArdle WD. Prediction of body density from simple anthropometric measurements in college-age men and women. Hum Biol 1973;45:445-454; Siri 1956',
  validity:
    'College-age men (Hum Biol 1973, "college-age men and women"); the paper gives no age range beyond college age: window 18-26 y, the usual undergraduate and graduate ages, is a product convention (decision 036); not at BMI >= 35 (formulas.md §2.6, decision 194); secondary comparison',
  status: 'convention',
  sample: { minAge: 18, maxAge: 26, bmiBelow: 35 },
});

export const densityKatchMcArdleMen = (tricepsMm: number, subscapularMm: number, abdominalMm: number): number =>
  1.09665 - 0.00103 * tricepsMm - 0.00056 * subscapularMm - 0.00054 * abdominalMm;

export const WILMORE_BEHNKE_WOMEN = defineEquation({
  id: 'wilmore_behnke_1970_women',
  name: 'Wilmore & Behnke subscapular + triceps + thigh (women)',
  citation:
    'Wilmore JH, Behnke AR. An anthropometric estimation of body density and lean body weight in young women. Am J Clin Nutr 1970;23:267-274; Siri 1956',
  validity: 'College women 17-48 y; not at BMI >= 35 (formulas.md §2.6, decision 194); secondary comparison',
  status: 'solid',
  sample: { minAge: 17, maxAge: 48, bmiBelow: 35 },
});

export const densityWilmoreBehnkeWomen = (tricepsMm: number, subscapularMm: number, thighMm: number): number =>
  1.06234 - 0.00068 * subscapularMm - 0.00039 * tricepsMm - 0.00025 * thighMm;

export const WILMORE_BEHNKE_MEN = defineEquation({
  id: 'wilmore_behnke_1969_men',
  name: 'Wilmore & Behnke abdominal + thigh (men)',
  citation:
    'Wilmore JH, Behnke AR. An anthropometric estimation of body density and lean body weight in young men. J Appl Physiol 1969;27:25-31; Siri 1956',
  validity:
    '133 college men aged 17-37 y (J Appl Physiol 1969), underwater weighing; not at BMI >= 35 (formulas.md §2.6, decision 194); secondary comparison',
  status: 'solid',
  sample: { minAge: 17, maxAge: 37, bmiBelow: 35 },
});

/** Thigh coefficient 0.00040 (not 0.00004, §15.2). */
export const densityWilmoreBehnkeMen = (abdominalMm: number, thighMm: number): number =>
  1.08543 - 0.000886 * abdominalMm - 0.0004 * thighMm;

// ---------------------------------------------------------------- with suprailiac and/or biceps

export const JACKSON_POLLOCK_4 = defineEquation({
  id: 'jackson_pollock_1985_4site',
  name: 'Jackson & Pollock 4-site triceps + suprailiac + abdominal + thigh (YMCA/ACSM)',
  citation:
    "Jackson AS, Pollock ML. Practical assessment of body composition. Phys Sportsmed 1985;13(5):76-90 (as in Golding LA et al., The Y's Way to Physical Fitness, 1989)",
  validity: 'Men 18-61 y, women 18-55 y',
  status: 'solid',
  sample: { minAge: 18, maxAge: 61, women: { minAge: 18, maxAge: 55 } },
});

/** Sum at which the men's quadratic peaks (0.29288 / (2 × 0.0005)); beyond it the fit would fall. */
export const JP4_MEN_VERTEX_MM = 0.29288 / 0.001;
/** Women: 0.29669 / (2 × 0.00043). */
const JP4_WOMEN_VERTEX_MM = 0.29669 / 0.00086;

/** Women constant +1.4072 and slope 0.29669 (not -1.4072 / 0.29699, §15.1). */
export function bfJacksonPollock4Raw(sex: Sex, sum4Mm: number, age: number): number {
  return sex === 'M'
    ? 0.29288 * sum4Mm - 0.0005 * sum4Mm * sum4Mm + 0.15845 * age - 5.76377
    : 0.29669 * sum4Mm - 0.00043 * sum4Mm * sum4Mm + 0.02963 * age + 1.4072;
}

/** Holds the sum at the quadratic's vertex so thicker folds never read lower (decision 031). */
export function bfJacksonPollock4(sex: Sex, sum4Mm: number, age: number): number {
  const vertex = sex === 'M' ? JP4_MEN_VERTEX_MM : JP4_WOMEN_VERTEX_MM;
  return bfJacksonPollock4Raw(sex, Math.min(sum4Mm, vertex), age);
}

export const DURNIN_WOMERSLEY = defineEquation({
  id: 'durnin_womersley_1974',
  name: 'Durnin & Womersley biceps + triceps + subscapular + suprailiac',
  citation:
    'Durnin JVGA, Womersley J. Br J Nutr 1974;32:77-97 (Table 5); under 17 y (boys) / 16 y (girls): Durnin JVGA, Rahaman MM. Br J Nutr 1967;21:681-689; Siri 1956',
  validity: 'Men 17-72 y, women 16-68 y; Durnin & Rahaman coefficients for adolescents from 13 y',
  status: 'solid',
  sample: { minAge: 13, maxAge: 72, women: { minAge: 13, maxAge: 68 } },
});

type DwBand = readonly [maxAgeInclusive: number, c: number, m: number];

// Age-banded coefficients. Men 50-72 are 1.1715/0.0779; women 30-39 slope 0.0632, 40-49 0.0612 (§15.1).
const DW_MEN: readonly DwBand[] = [
  [16, 1.1533, 0.0643],
  [19, 1.162, 0.063],
  [29, 1.1631, 0.0632],
  [39, 1.1422, 0.0544],
  [49, 1.162, 0.07],
  [Infinity, 1.1715, 0.0779],
];
const DW_WOMEN: readonly DwBand[] = [
  [15, 1.1369, 0.0598],
  [19, 1.1549, 0.0678],
  [29, 1.1599, 0.0717],
  [39, 1.1423, 0.0632],
  [49, 1.1333, 0.0612],
  [Infinity, 1.1339, 0.0645],
];

export function densityDurninWomersley(sex: Sex, age: number, sum4Mm: number): number {
  const bands = sex === 'M' ? DW_MEN : DW_WOMEN;
  const band = bands.find(([maxAge]) => age <= maxAge) ?? bands.at(-1);
  if (band === undefined) throw new Error('Durnin-Womersley table is empty');
  return band[1] - band[2] * Math.log10(sum4Mm);
}

export const bfDurninWomersley = (sex: Sex, age: number, sum4Mm: number): number =>
  siri(densityDurninWomersley(sex, age, sum4Mm));

export const FAULKNER = defineEquation({
  id: 'faulkner_1968',
  name: 'Faulkner triceps + subscapular + suprailiac + abdominal',
  citation:
    'Faulkner JA. Physiology of swimming and diving. In: Falls HB (ed). Exercise Physiology. Academic Press, 1968:415-445',
  validity:
    "Young adult swimmers, both sexes (a book chapter refitting Yuhasz's sites; no age range published): window 18-30 y is a product convention (decision 036)",
  status: 'convention',
  sample: { minAge: 18, maxAge: 30 },
});

export const bfFaulkner = (sum4Mm: number): number => 0.153 * sum4Mm + 5.783;

// ---------------------------------------------------------------- cross-check only (needs chest)

export const JACKSON_POLLOCK_3_MEN = defineEquation({
  id: 'jackson_pollock_1978_3site_men',
  name: 'Jackson & Pollock 3-site chest + abdominal + thigh (men)',
  citation: 'Jackson AS, Pollock ML. Br J Nutr 1978;40:497-504; Siri 1956',
  validity: 'Men 18-61 y; the product does not collect chest, kept as a cross-check',
  status: 'solid',
  sample: { minAge: 18, maxAge: 61 },
});

export const densityJacksonPollock3Men = (sum3Mm: number, age: number): number =>
  1.10938 - 0.0008267 * sum3Mm + 0.0000016 * sum3Mm * sum3Mm - 0.0002574 * age;

// ---------------------------------------------------------------- registry used by the engine

/**
 * Every skinfold equation the engine can apply, in display order. Which one is primary depends on
 * the method (evaluate.ts); the others appear in `comparisons` when their sites are present.
 */
export const SKINFOLD_EQUATIONS: readonly SkinfoldEquation[] = [
  {
    meta: SLAUGHTER,
    sites: ['triceps', 'subescapular'],
    percent: (s, ctx) => bfSlaughter(ctx.sex, s.triceps, s.subescapular, ctx.maturity),
  },
  {
    meta: NAGAMINE_SUZUKI,
    sites: ['triceps', 'subescapular'],
    percent: (s, ctx) => siri(densityNagamineSuzuki(ctx.sex, s.triceps, s.subescapular)),
  },
  {
    meta: SLOAN_MEN,
    sites: ['cuadriceps', 'subescapular'],
    sex: 'M',
    percent: (s) => siri(densitySloanMen(s.cuadriceps, s.subescapular)),
  },
  {
    meta: EVANS_2005,
    sites: ['triceps', 'abdominal', 'cuadriceps'],
    percent: (s, ctx) => bfEvans2005(ctx.sex, s.triceps, s.abdominal, s.cuadriceps),
  },
  {
    meta: KATCH_MCARDLE_MEN,
    sites: ['triceps', 'subescapular', 'abdominal'],
    sex: 'M',
    percent: (s) => siri(densityKatchMcArdleMen(s.triceps, s.subescapular, s.abdominal)),
  },
  {
    meta: WILMORE_BEHNKE_WOMEN,
    sites: ['triceps', 'subescapular', 'cuadriceps'],
    sex: 'F',
    percent: (s) => siri(densityWilmoreBehnkeWomen(s.triceps, s.subescapular, s.cuadriceps)),
  },
  {
    meta: WILMORE_BEHNKE_MEN,
    sites: ['abdominal', 'cuadriceps'],
    sex: 'M',
    percent: (s) => siri(densityWilmoreBehnkeMen(s.abdominal, s.cuadriceps)),
  },
  {
    meta: JACKSON_POLLOCK_4,
    sites: ['triceps', 'suprailiaco', 'abdominal', 'cuadriceps'],
    percent: (s, ctx) => bfJacksonPollock4(ctx.sex, s.triceps + s.suprailiaco + s.abdominal + s.cuadriceps, ctx.age),
    capped: (s, ctx) =>
      s.triceps + s.suprailiaco + s.abdominal + s.cuadriceps >
      (ctx.sex === 'M' ? JP4_MEN_VERTEX_MM : JP4_WOMEN_VERTEX_MM),
  },
  {
    meta: DURNIN_WOMERSLEY,
    sites: ['biceps', 'triceps', 'subescapular', 'suprailiaco'],
    percent: (s, ctx) => bfDurninWomersley(ctx.sex, ctx.age, s.biceps + s.triceps + s.subescapular + s.suprailiaco),
  },
  {
    meta: FAULKNER,
    sites: ['triceps', 'subescapular', 'suprailiaco', 'abdominal'],
    percent: (s) => bfFaulkner(s.triceps + s.subescapular + s.suprailiaco + s.abdominal),
  },
];

export function hasSites(s: Skinfolds, sites: readonly SkinfoldSite[]): s is Required<Skinfolds> {
  for (const site of sites) if (typeof s[site] !== 'number') return false;
  return true;
}

/** Ids a professional may name in `body_fat_equation` (the schema's enum). */
export const SKINFOLD_EQUATION_IDS = SKINFOLD_EQUATIONS.map((e) => e.meta.id) as [string, ...string[]];

/** What the wizard needs to offer a protocol: each skinfold equation's id, name, sites and sex. */
export const BODY_FAT_EQUATION_CHOICES: ReadonlyArray<{
  id: string;
  name: string;
  sites: readonly SkinfoldSite[];
  sex: Sex | null;
}> = SKINFOLD_EQUATIONS.map((e) => ({ id: e.meta.id, name: e.meta.name, sites: e.sites, sex: e.sex ?? null }));
