import type { IsakSite, IsakSiteKind } from './types.ts';

/** Ross & Wilson's Phantom mean and SD for one measure (isak.md §c.2); d = 1 for every site. */
interface PhantomValues {
  p: number;
  s: number;
}

export interface IsakSiteInfo {
  kind: IsakSiteKind;
  unit: 'mm' | 'cm';
  /** Plausible readings, generous but physiological (children from 6 y to heavy adults). */
  range: { min: number; max: number };
  phantom: PhantomValues | null;
}

const SKINFOLD_RANGE = { min: 2, max: 80 };
const skinfold = (p: number, s: number): IsakSiteInfo => ({
  kind: 'skinfold',
  unit: 'mm',
  range: SKINFOLD_RANGE,
  phantom: { p, s },
});
const cm = (kind: Exclude<IsakSiteKind, 'skinfold'>, min: number, max: number, p: number, s: number): IsakSiteInfo => ({
  kind,
  unit: 'cm',
  range: { min, max },
  phantom: { p, s },
});

/** Every ISAK site: what it is, its unit, plausible range and Phantom values (isak.md §a, §c.2, §d.7). */
export const ISAK_SITE_INFO: Readonly<Record<IsakSite, IsakSiteInfo>> = {
  triceps: skinfold(15.4, 4.47),
  subscapular: skinfold(17.2, 5.07),
  biceps: skinfold(8.0, 2.0),
  iliac_crest: skinfold(22.4, 6.8),
  supraspinale: skinfold(15.4, 4.47),
  abdominal: skinfold(25.4, 7.78),
  front_thigh: skinfold(27.0, 8.33),
  medial_calf: skinfold(16.0, 4.67),
  arm_relaxed: cm('girth', 14, 60, 26.89, 2.33),
  arm_flexed: cm('girth', 15, 65, 29.41, 2.37),
  waist: cm('girth', 40, 200, 71.91, 4.45),
  gluteal: cm('girth', 50, 200, 94.67, 5.58),
  mid_thigh: cm('girth', 25, 100, 53.2, 4.56),
  calf_girth: cm('girth', 18, 70, 35.25, 2.3),
  humerus: cm('breadth', 4, 10, 6.48, 0.35),
  bistyloid: cm('breadth', 3.5, 8, 5.21, 0.28),
  femur: cm('breadth', 6, 13, 9.52, 0.48),
  sitting_height: cm('length', 50, 120, 89.92, 4.5),
  arm_span: cm('length', 90, 230, 172.35, 7.41),
  head: cm('girth', 45, 65, 56.0, 1.44),
  forearm: cm('girth', 14, 45, 25.13, 1.41),
  chest: cm('girth', 50, 170, 87.86, 5.18),
  thigh_1cm_gluteal: cm('girth', 30, 110, 55.82, 4.23),
  biacromial: cm('breadth', 22, 55, 38.04, 1.92),
  biiliocristal: cm('breadth', 16, 45, 28.84, 1.75),
  transverse_chest: cm('breadth', 16, 45, 27.92, 1.74),
  ap_chest: cm('breadth', 10, 40, 17.5, 1.38),
};

/** Phantom body mass (kg), scaled with d = 3. */
export const PHANTOM_MASS = { p: 64.58, s: 8.6, d: 3 } as const;
/** Phantom stature (cm): reported unscaled, (h − 170.18) / 6.29, since scaling makes its z ≡ 0. */
export const PHANTOM_STATURE = { p: 170.18, s: 6.29 } as const;
