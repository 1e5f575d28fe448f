import { defineEquation, ref } from '../equations/equation.ts';
import type { Sex } from '../equations/sex.ts';
import { KERR, KERR_SITES, kerrFractionation } from './kerr.ts';
import type { KerrSites } from './kerr.ts';
import { PHANTOM, phantomStatureZ, phantomZ } from './phantom.ts';
import { ISAK_REPEAT_TEM, finalValue, repeatCheck } from './repeat.ts';
import { ISAK_SITE_INFO, PHANTOM_MASS } from './sites.ts';
import { HEATH_CARTER, somatochartXY, somatotypeCategory, somatotypeComponents } from './somatotype.ts';
import { pooledTem, siteTem } from './tem.ts';
import { ISAK_SITES } from './types.ts';
import type { IsakInput, IsakResult, IsakSite, IsakSiteResult, IsakTem, Somatotype } from './types.ts';

export const ISAK_SKINFOLD_SUMS = defineEquation({
  id: 'isak_skinfold_sums',
  name: 'Sums of six and eight skinfolds (ISAK)',
  citation:
    'Stewart A, Marfell-Jones M, Olds T, de Ridder H. International Standards for Anthropometric Assessment. ISAK, 2011; Kerr DA. MSc thesis, Simon Fraser University, 1988',
  validity:
    'Six: triceps, subscapular, supraspinale, abdominal, front thigh, medial calf; eight adds biceps and iliac crest. Caliper- and technician-dependent: compare only like with like, and a change against the measurement error',
  status: 'solid',
});

/** ISAK intra-evaluator TEM targets, % (isak.md §a.4; unconfirmed in the handbook, hence configurable here). */
export const ISAK_TEM_LIMITS: IsakTem['limits'] = {
  level1: { skinfolds: 7.5, others: 1.5 },
  level2: { skinfolds: 5, others: 1 },
};

const SUM6 = ['triceps', 'subscapular', 'supraspinale', 'abdominal', 'front_thigh', 'medial_calf'] as const;
const SUM8 = [...SUM6, 'biceps', 'iliac_crest'] as const;

export interface IsakSubject {
  sex: Sex;
  age: number;
  massKg: number;
  statureCm: number;
}

type Finals = Partial<Record<IsakSite, number>>;

function siteResult(site: IsakSite, measurements: number[]): IsakSiteResult {
  const { kind, unit } = ISAK_SITE_INFO[site];
  const final = finalValue(measurements); // throws unless two or three readings
  const { differencePct, thirdRequired } = repeatCheck(site, measurements[0]!, measurements[1]!);
  const { tem, temPct } = siteTem(measurements);
  return {
    kind,
    unit,
    measurements: [...measurements],
    final,
    difference_pct: differencePct,
    third_required: thirdRequired,
    tem,
    tem_pct: temPct,
  };
}

/** The sum of these sites' final values; null unless every one is present. */
function sumOf(finals: Finals, sites: readonly IsakSite[]): number | null {
  let sum = 0;
  for (const site of sites) {
    const v = finals[site];
    if (v === undefined) return null;
    sum += v;
  }
  return sum;
}

function somatotypeOf(finals: Finals, subject: IsakSubject): Somatotype | null {
  const { triceps, subscapular, supraspinale, medial_calf, humerus, femur, arm_flexed, calf_girth } = finals;
  if (
    triceps === undefined ||
    subscapular === undefined ||
    supraspinale === undefined ||
    medial_calf === undefined ||
    humerus === undefined ||
    femur === undefined ||
    arm_flexed === undefined ||
    calf_girth === undefined
  )
    return null;
  const c = somatotypeComponents({
    statureCm: subject.statureCm,
    massKg: subject.massKg,
    triceps,
    subscapular,
    supraspinale,
    medialCalf: medial_calf,
    humerus,
    femur,
    armFlexed: arm_flexed,
    calfGirth: calf_girth,
  });
  return {
    endomorphy: c.endomorphy,
    mesomorphy: c.mesomorphy,
    ectomorphy: c.ectomorphy,
    ...somatochartXY(c),
    category: somatotypeCategory(c.endomorphy, c.mesomorphy, c.ectomorphy),
    hwr: c.hwr,
    equation: ref(HEATH_CARTER),
  };
}

function kerrSitesOf(finals: Finals): KerrSites | null {
  const out: Partial<KerrSites> = {};
  for (const site of KERR_SITES) {
    const v = finals[site];
    if (v === undefined) return null;
    out[site] = v;
  }
  return out as KerrSites;
}

/**
 * The ISAK profile (issue 31 A): per site the readings, final value, repeat decision and TEM; TEM pooled for
 * skinfolds and for the other sites; Σ6 / Σ8; Heath-Carter somatotype; Phantom z; Kerr's fractionation.
 * Each result only when its inputs are present; every number unrounded. Each site needs two or three readings.
 */
export function computeIsak(input: IsakInput, subject: IsakSubject): IsakResult {
  const sites: Partial<Record<IsakSite, IsakSiteResult>> = {};
  const finals: Finals = {};
  const skinfoldReadings: number[][] = [];
  const otherReadings: number[][] = [];
  const phantom_z: IsakResult['phantom_z'] = {};
  for (const site of ISAK_SITES) {
    const readings = input.sites[site];
    if (!readings) continue;
    const result = siteResult(site, readings);
    sites[site] = result;
    finals[site] = result.final;
    (result.kind === 'skinfold' ? skinfoldReadings : otherReadings).push(result.measurements);
    const phantom = ISAK_SITE_INFO[site].phantom;
    if (phantom) phantom_z[site] = phantomZ(result.final, phantom.p, phantom.s, 1, subject.statureCm);
  }
  phantom_z.mass = phantomZ(subject.massKg, PHANTOM_MASS.p, PHANTOM_MASS.s, PHANTOM_MASS.d, subject.statureCm);
  phantom_z.stature = phantomStatureZ(subject.statureCm);

  const kerrSites = kerrSitesOf(finals);
  return {
    sites,
    tem: {
      skinfolds: pooledTem(skinfoldReadings),
      others: pooledTem(otherReadings),
      limits: ISAK_TEM_LIMITS,
      equation: ref(ISAK_REPEAT_TEM),
    },
    sum6_mm: sumOf(finals, SUM6),
    sum8_mm: sumOf(finals, SUM8),
    sums_equation: ref(ISAK_SKINFOLD_SUMS),
    somatotype: somatotypeOf(finals, subject),
    phantom_z,
    phantom_equation: ref(PHANTOM),
    kerr: kerrSites ? { ...kerrFractionation(subject, kerrSites), equation: ref(KERR) } : null,
  };
}
