import type { EquationRef } from '../equations/equation.ts';

/**
 * The ISAK profile (evaluation type 5, issue 31): site keys of isak.md §a (restricted profile) and §d.7 (the
 * full-profile sites Kerr's fractionation needs). Body mass and stature stay `peso` and `estatura`.
 */
export const ISAK_SKINFOLDS = [
  'triceps',
  'subscapular',
  'biceps',
  'iliac_crest',
  'supraspinale',
  'abdominal',
  'front_thigh',
  'medial_calf',
] as const;
export const ISAK_RESTRICTED_OTHER = [
  'arm_relaxed',
  'arm_flexed',
  'waist',
  'gluteal',
  'mid_thigh',
  'calf_girth',
  'humerus',
  'bistyloid',
  'femur',
  'sitting_height',
  'arm_span',
] as const;
export const ISAK_FULL_ONLY = [
  'head',
  'forearm',
  'chest',
  'thigh_1cm_gluteal',
  'biacromial',
  'biiliocristal',
  'transverse_chest',
  'ap_chest',
] as const;
/** Every site, in the order the wizard and the detail list them. */
export const ISAK_SITES = [...ISAK_SKINFOLDS, ...ISAK_RESTRICTED_OTHER, ...ISAK_FULL_ONLY] as const;
export type IsakSite = (typeof ISAK_SITES)[number];
export type IsakSiteKind = 'skinfold' | 'girth' | 'breadth' | 'length';

/** Input: two or three measurements per site, in mm (skinfolds) or cm (everything else). */
export interface IsakInput {
  sites: Partial<Record<IsakSite, number[]>>;
}

export interface IsakSiteResult {
  kind: IsakSiteKind;
  unit: 'mm' | 'cm';
  /** Every measurement as entered, in order. */
  measurements: number[];
  /** Mean of two, median of three; unrounded. */
  final: number;
  /** |m1 − m2| / mean(m1, m2) × 100. */
  difference_pct: number;
  /** The first two differ by more than the tolerance (5 % skinfolds, 1 % others), decided on the decimals entered. */
  third_required: boolean;
  /** Subject-level TEM of all this site's measurements (pooled within-site SD), in the site's unit, and % of their mean. */
  tem: number;
  tem_pct: number;
}

export interface IsakTem {
  /** Pooled over the sites of that group (sites in place of subjects, isak.md §a.4); null without such sites. */
  skinfolds: { absolute: number; relative_pct: number } | null;
  others: { absolute: number; relative_pct: number } | null;
  /** ISAK intra-evaluator targets, % (isak.md §a.4): level 1 and level 2 and above. */
  limits: { level1: { skinfolds: number; others: number }; level2: { skinfolds: number; others: number } };
  equation: EquationRef;
}

export const SOMATOTYPE_CATEGORIES = [
  'central',
  'balanced_endomorph',
  'mesomorphic_endomorph',
  'mesomorph_endomorph',
  'endomorphic_mesomorph',
  'balanced_mesomorph',
  'ectomorphic_mesomorph',
  'mesomorph_ectomorph',
  'mesomorphic_ectomorph',
  'balanced_ectomorph',
  'endomorphic_ectomorph',
  'endomorph_ectomorph',
  'ectomorphic_endomorph',
] as const;
export type SomatotypeCategory = (typeof SOMATOTYPE_CATEGORIES)[number];

export interface Somatotype {
  /** Unrounded components after the 0.1 floor (isak.md §b.4). */
  endomorphy: number;
  mesomorphy: number;
  ectomorphy: number;
  /** Somatochart: x = III − I, y = 2·II − (I + III), from the unrounded components. */
  x: number;
  y: number;
  /** From the components rounded to 0.1 (isak.md §b.7). */
  category: SomatotypeCategory;
  /** Height-weight ratio, stature / mass^(1/3). */
  hwr: number;
  equation: EquationRef;
}

export interface KerrResult {
  skin_kg: number;
  adipose_kg: number;
  muscle_kg: number;
  bone_kg: number;
  residual_kg: number;
  sum_five_kg: number;
  /** Of measured body mass. */
  percent: { skin: number; adipose: number; muscle: number; bone: number; residual: number };
  /** sum_five_kg − measured mass, in kg and in % of measured mass (Kerr's own check). */
  difference_kg: number;
  difference_pct: number;
  /** The person is inside Kerr's 6-77 y sample (set by the engine, with a warning when not). */
  within_validity?: boolean;
  equation: EquationRef;
}

export interface IsakResult {
  sites: Partial<Record<IsakSite, IsakSiteResult>>;
  tem: IsakTem;
  /** Σ6 = triceps + subscapular + supraspinale + abdominal + front thigh + medial calf; null unless all six. */
  sum6_mm: number | null;
  /** Σ8 = Σ6 + biceps + iliac crest; null unless all eight. */
  sum8_mm: number | null;
  sums_equation: EquationRef;
  /** Null unless its ten measures are present (isak.md §b). */
  somatotype: Somatotype | null;
  /** Ross & Wilson z per site present, plus `mass` (d = 3) and `stature` (unscaled size index). */
  phantom_z: Partial<Record<IsakSite | 'mass' | 'stature', number>>;
  phantom_equation: EquationRef;
  /** Null unless every site it needs is present (full profile, isak.md §d). */
  kerr: KerrResult | null;
}
