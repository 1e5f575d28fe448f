import { defineEquation } from '../equations/equation.ts';
import { toTenths } from '../decimal.ts';
import type { SomatotypeCategory } from './types.ts';

export const HEATH_CARTER = defineEquation({
  id: 'heath_carter_1990',
  name: 'Heath-Carter anthropometric somatotype (height-corrected endomorphy)',
  citation:
    'Carter JEL, Heath BH. Somatotyping - Development and Applications. Cambridge: Cambridge University Press, 1990; Carter JEL. The Heath-Carter Anthropometric Somatotype - Instruction Manual. San Diego State University, 2002',
  validity:
    'Both sexes from childhood to old age; equations from the data of Heath & Carter (1967), 844 selected male and female subjects. Supraspinale (not iliac crest) feeds endomorphy; endomorphy or mesomorphy below 1.0 calls for a data check. The 13-category rule works on the ratings rounded to 0.1 (precedence not spelled out in the manual)',
  status: 'solid',
});

/** The three components of a rating, in component units. */
export interface SomatotypeRating {
  endomorphy: number;
  mesomorphy: number;
  ectomorphy: number;
}

/** The ten measures (isak.md §b): skinfolds in mm, girths and breadths in cm, stature in cm, mass in kg. */
export interface SomatotypeInputs {
  statureCm: number;
  massKg: number;
  triceps: number;
  subscapular: number;
  supraspinale: number;
  medialCalf: number;
  humerus: number;
  femur: number;
  armFlexed: number;
  calfGirth: number;
}

/** A component whose equation gives zero or less is rated 0.1 (Carter 2002 pp. 7-8). */
const floored = (component: number): number => (component <= 0 ? 0.1 : component);

/** Height-corrected endomorphy from Σ triceps + subscapular + supraspinale scaled to 170.18 cm. */
export function endomorphy(
  tricepsMm: number,
  subscapularMm: number,
  supraspinaleMm: number,
  statureCm: number,
): number {
  const x = ((tricepsMm + subscapularMm + supraspinaleMm) * 170.18) / statureCm;
  return floored(-0.7182 + 0.1451 * x - 0.00068 * x * x + 0.0000014 * x * x * x);
}

/** Mesomorphy: breadths, girths corrected by subtracting the skinfold in cm (no π), stature. */
export function mesomorphy(i: SomatotypeInputs): number {
  const correctedArm = i.armFlexed - i.triceps / 10;
  const correctedCalf = i.calfGirth - i.medialCalf / 10;
  return floored(
    0.858 * i.humerus + 0.601 * i.femur + 0.188 * correctedArm + 0.161 * correctedCalf - 0.131 * i.statureCm + 4.5,
  );
}

/** Height-weight ratio, stature / mass^(1/3). */
export const heightWeightRatio = (statureCm: number, massKg: number): number => statureCm / massKg ** (1 / 3);

/** Ectomorphy from the HWR: three branches that do not join exactly (isak.md §b.3). */
export function ectomorphy(hwr: number): number {
  if (hwr >= 40.75) return floored(0.732 * hwr - 28.58);
  if (hwr > 38.25) return floored(0.463 * hwr - 17.63);
  return 0.1;
}

/** Somatochart coordinates: x = III − I, y = 2·II − (I + III). */
export function somatochartXY(r: SomatotypeRating): { x: number; y: number } {
  return { x: r.ectomorphy - r.endomorphy, y: 2 * r.mesomorphy - (r.endomorphy + r.ectomorphy) };
}

export function somatotypeComponents(i: SomatotypeInputs): SomatotypeRating & { hwr: number } {
  const hwr = heightWeightRatio(i.statureCm, i.massKg);
  return {
    endomorphy: endomorphy(i.triceps, i.subscapular, i.supraspinale, i.statureCm),
    mesomorphy: mesomorphy(i),
    ectomorphy: ectomorphy(hwr),
    hwr,
  };
}

type Component = 'endo' | 'meso' | 'ecto';
/** The "A-B" category of two equal leading components. */
const PAIR: Record<string, SomatotypeCategory> = {
  'endo+meso': 'mesomorph_endomorph',
  'ecto+meso': 'mesomorph_ectomorph',
  'ecto+endo': 'endomorph_ectomorph',
};
const BALANCED: Record<Component, SomatotypeCategory> = {
  endo: 'balanced_endomorph',
  meso: 'balanced_mesomorph',
  ecto: 'balanced_ectomorph',
};
/** Dominant component, then the larger of the other two. */
const LEANING: Record<Component, Partial<Record<Component, SomatotypeCategory>>> = {
  endo: { meso: 'mesomorphic_endomorph', ecto: 'ectomorphic_endomorph' },
  meso: { endo: 'endomorphic_mesomorph', ecto: 'ectomorphic_mesomorph' },
  ecto: { endo: 'endomorphic_ectomorph', meso: 'mesomorphic_ectomorph' },
};

/**
 * The 13 Heath-Carter categories (isak.md §b.7), on the rating rounded to 0.1 and compared in whole
 * tenths ("equal" = no more than 0.5 apart): central first (no two components more than 1 apart), then two
 * equal leaders ("A-B"), else the dominant one, balanced or leaning to the larger of the other two.
 */
export function somatotypeCategory(endo: number, meso: number, ecto: number): SomatotypeCategory {
  const tenths: [Component, number][] = [
    ['endo', toTenths(endo)],
    ['meso', toTenths(meso)],
    ['ecto', toTenths(ecto)],
  ];
  const [e, m, c] = tenths.map(([, v]) => v) as [number, number, number];
  if (Math.abs(e - m) <= 10 && Math.abs(e - c) <= 10 && Math.abs(m - c) <= 10) return 'central';
  const [first, second, third] = [...tenths].sort((a, b) => b[1] - a[1]) as [
    [Component, number],
    [Component, number],
    [Component, number],
  ];
  if (first[1] - second[1] <= 5) return PAIR[[first[0], second[0]].sort().join('+')]!;
  if (second[1] - third[1] <= 5) return BALANCED[first[0]];
  return LEANING[first[0]][second[0]]!;
}

/** Somatotype attitudinal distance (3-D, component units). */
export function sad(a: SomatotypeRating, b: SomatotypeRating): number {
  const d1 = a.endomorphy - b.endomorphy;
  const d2 = a.mesomorphy - b.mesomorphy;
  const d3 = a.ectomorphy - b.ectomorphy;
  return Math.sqrt(d1 * d1 + d2 * d2 + d3 * d3);
}

/** Somatotype dispersion distance on the somatochart (Y units): sqrt(3·ΔX² + ΔY²). */
export function sdd(a: SomatotypeRating, b: SomatotypeRating): number {
  const pa = somatochartXY(a);
  const pb = somatochartXY(b);
  const dx = pa.x - pb.x;
  const dy = pa.y - pb.y;
  return Math.sqrt(3 * dx * dx + dy * dy);
}

/** Somatotype attitudinal mean: the mean SAD of each rating from the group's mean somatotype. */
export function sam(ratings: readonly SomatotypeRating[]): number {
  if (ratings.length === 0) throw new RangeError('SAM needs at least one somatotype');
  const n = ratings.length;
  const mean: SomatotypeRating = {
    endomorphy: ratings.reduce((s, r) => s + r.endomorphy, 0) / n,
    mesomorphy: ratings.reduce((s, r) => s + r.mesomorphy, 0) / n,
    ectomorphy: ratings.reduce((s, r) => s + r.ectomorphy, 0) / n,
  };
  return ratings.reduce((s, r) => s + sad(r, mean), 0) / n;
}
