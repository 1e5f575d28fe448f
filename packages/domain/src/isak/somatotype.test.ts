import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SOMATOTYPE_CATEGORIES } from './types.ts';
import {
  ectomorphy,
  endomorphy,
  heightWeightRatio,
  mesomorphy,
  sad,
  sam,
  sdd,
  somatochartXY,
  somatotypeCategory,
  somatotypeComponents,
} from './somatotype.ts';
import type { SomatotypeInputs, SomatotypeRating } from './somatotype.ts';

/** Carter 2002, Figures 1 and 2 (isak.md §b.8). */
const SUBJECT_573: SomatotypeInputs = {
  statureCm: 178.3,
  massKg: 69.2,
  triceps: 6.4,
  subscapular: 7.1,
  supraspinale: 4.6,
  medialCalf: 5.2,
  humerus: 7.2,
  femur: 9.75,
  armFlexed: 33.9,
  calfGirth: 37.6,
};
const SUBJECT_B188: SomatotypeInputs = {
  statureCm: 170.7,
  massKg: 52.6,
  triceps: 15.0,
  subscapular: 8.8,
  supraspinale: 6.0,
  medialCalf: 12.4,
  humerus: 6.1,
  femur: 8.6,
  armFlexed: 24.9,
  calfGirth: 33.1,
};

const rating = (endo: number, meso: number, ecto: number): SomatotypeRating => ({
  endomorphy: endo,
  mesomorphy: meso,
  ectomorphy: ecto,
});

describe('Heath-Carter somatotype (isak.md §b)', () => {
  it("rates Carter's sprinter 573 as 1.6-5.4-3.2, ectomorphic mesomorph", () => {
    const c = somatotypeComponents(SUBJECT_573);
    expect(c.endomorphy).toBeCloseTo(1.5928, 4);
    expect(c.mesomorphy).toBeCloseTo(5.4028, 4);
    expect(c.ectomorphy).toBeCloseTo(3.2102, 4);
    expect(c.hwr).toBeCloseTo(43.43, 2);
    expect(somatotypeCategory(c.endomorphy, c.mesomorphy, c.ectomorphy)).toBe('ectomorphic_mesomorph');
    const { x, y } = somatochartXY(c);
    expect(x).toBeCloseTo(c.ectomorphy - c.endomorphy, 14);
    expect(x).toBeCloseTo(1.6174, 3);
    expect(y).toBeCloseTo(6.0026, 3);
  });

  it("rates Carter's student B-188 as 3.0-2.1-4.8, endomorphic ectomorph", () => {
    const c = somatotypeComponents(SUBJECT_B188);
    expect(c.endomorphy).toBeCloseTo(3.0291, 4);
    expect(c.mesomorphy).toBeCloseTo(2.0694, 4);
    expect(c.ectomorphy).toBeCloseTo(4.769, 4);
    expect(c.hwr).toBeCloseTo(45.56, 2);
    expect(somatotypeCategory(c.endomorphy, c.mesomorphy, c.ectomorphy)).toBe('endomorphic_ectomorph');
  });

  it('scales endomorphy to 170.18 cm and subtracts skinfolds in cm (no π) in mesomorphy', () => {
    // Same Σ3 scaled: 20 mm at 170.18 cm equals 40 mm at 340.36 cm.
    expect(endomorphy(5, 5, 10, 170.18)).toBeCloseTo(endomorphy(10, 10, 20, 340.36), 12);
    const base = mesomorphy(SUBJECT_573);
    expect(mesomorphy({ ...SUBJECT_573, triceps: SUBJECT_573.triceps + 10 })).toBeCloseTo(base - 0.188, 12);
    expect(mesomorphy({ ...SUBJECT_573, medialCalf: SUBJECT_573.medialCalf + 10 })).toBeCloseTo(base - 0.161, 12);
  });

  it('gives ectomorphy by three HWR branches that do not join exactly', () => {
    expect(ectomorphy(40.75)).toBeCloseTo(1.249, 12); // upper branch from 40.75 on
    expect(ectomorphy(40.75 - 1e-9)).toBeCloseTo(1.23725, 6); // the middle one just below
    expect(ectomorphy(38.25)).toBe(0.1);
    expect(ectomorphy(38.25 + 1e-9)).toBeCloseTo(0.07975, 6); // below the 0.1 given at 38.25
    expect(ectomorphy(35)).toBe(0.1);
    expect(ectomorphy(45)).toBeCloseTo(0.732 * 45 - 28.58, 12);
    expect(heightWeightRatio(170, 64)).toBeCloseTo(170 / 4, 12);
  });

  it('rates 0.1 any component whose equation gives zero or less', () => {
    expect(endomorphy(1, 1, 1, 170.18)).toBe(0.1); // X = 3 mm
    expect(endomorphy(2, 2, 1, 170.18)).toBe(0.1); // X = 5 mm: the cubic is just below 0
    expect(endomorphy(2, 2, 1.2, 170.18)).toBeGreaterThan(0);
    expect(endomorphy(2, 2, 1.2, 170.18)).toBeLessThan(0.1); // positive values below 0.1 stay as they are
    const tiny = { ...SUBJECT_573, statureCm: 220, humerus: 4, femur: 6, armFlexed: 15, calfGirth: 18 };
    expect(mesomorphy(tiny)).toBe(0.1);
    expect(somatotypeComponents({ ...tiny, massKg: 150 }).ectomorphy).toBeCloseTo(
      0.732 * (220 / 150 ** (1 / 3)) - 28.58,
      12,
    );
  });

  it('gives x, y of the somatochart from the unrounded components', () => {
    expect(somatochartXY(rating(1.55, 5.44, 3.21))).toEqual({ x: 3.21 - 1.55, y: 2 * 5.44 - (1.55 + 3.21) });
  });
});

describe('the 13 somatotype categories (isak.md §b.7)', () => {
  it.each([
    [3.0, 4.0, 3.0, 'central'],
    [3.0, 4.1, 3.0, 'balanced_mesomorph'],
    [3.0, 4.05, 3.0, 'balanced_mesomorph'], // 4.05 rounds to 4.1 on its decimal
    [3.0, 4.04, 3.0, 'central'],
    [6.3, 6.3, 0.1, 'mesomorph_endomorph'],
    [5.0, 5.5, 1.0, 'mesomorph_endomorph'],
    [6.0, 2.0, 2.2, 'balanced_endomorph'],
    [6.0, 3.5, 1.0, 'mesomorphic_endomorph'],
    [3.5, 6.0, 1.0, 'endomorphic_mesomorph'],
    [1.6, 5.4, 3.2, 'ectomorphic_mesomorph'],
    [1.0, 4.0, 4.5, 'mesomorph_ectomorph'],
    [1.0, 4.0, 4.6, 'mesomorphic_ectomorph'],
    [1.0, 3.0, 5.0, 'mesomorphic_ectomorph'],
    [2.0, 2.5, 5.0, 'balanced_ectomorph'],
    [2.0, 2.6, 5.0, 'mesomorphic_ectomorph'],
    [3.0, 2.1, 4.8, 'endomorphic_ectomorph'],
    [4.0, 1.0, 4.5, 'endomorph_ectomorph'],
    [4.0, 1.0, 4.6, 'endomorphic_ectomorph'],
    [6.0, 1.0, 3.5, 'ectomorphic_endomorph'],
    [2.0, 3.0, 3.0, 'central'],
    [1.0, 2.0, 3.0, 'mesomorphic_ectomorph'],
  ] as const)('%s-%s-%s is %s', (endo, meso, ecto, expected) => {
    expect(somatotypeCategory(endo, meso, ecto)).toBe(expected);
  });

  it('reaches all 13 categories over a grid of ratings, central exactly when no two are more than 1 apart', () => {
    const seen = new Set<string>();
    for (let e = 1; e <= 90; e += 3)
      for (let m = 1; m <= 90; m += 3)
        for (let c = 1; c <= 90; c += 3) {
          const category = somatotypeCategory(e / 10, m / 10, c / 10);
          seen.add(category);
          const central = Math.max(e, m, c) - Math.min(e, m, c) <= 10;
          expect(category === 'central', `${e}-${m}-${c}`).toBe(central);
        }
    expect([...seen].sort()).toEqual([...SOMATOTYPE_CATEGORIES].sort());
  });

  it('mirrors endomorphy and ectomorphy: swapping them swaps the names', () => {
    const mirror = (category: string) => category.replace(/endo/g, '§').replace(/ecto/g, 'endo').replace(/§/g, 'ecto');
    const component = fc.integer({ min: 1, max: 90 }).map((t) => t / 10);
    fc.assert(
      fc.property(component, component, component, (e, m, c) => {
        const swapped = somatotypeCategory(c, m, e);
        expect(SOMATOTYPE_CATEGORIES).toContain(swapped);
        const expected = mirror(somatotypeCategory(e, m, c));
        // "endomorph-ectomorph" is its own mirror; the mirrored text reads "ectomorph-endomorph".
        expect(swapped).toBe(expected === 'ectomorph_endomorph' ? 'endomorph_ectomorph' : expected);
      }),
    );
  });
});

describe('distances between somatotypes (isak.md §b.6)', () => {
  const a = rating(1.6, 5.4, 3.2);
  const b = rating(3.0, 2.1, 4.8);

  it('SAD is the 3-D distance, SDD the somatochart one, SAM of a pair half the SAD', () => {
    expect(sad(a, b)).toBeCloseTo(Math.sqrt(1.4 ** 2 + 3.3 ** 2 + 1.6 ** 2), 12);
    // x: 1.6 vs 1.8; y: 6.0 vs −3.6.
    expect(sdd(a, b)).toBeCloseTo(Math.sqrt(3 * 0.2 ** 2 + 9.6 ** 2), 12);
    expect(sam([a, b])).toBeCloseTo(sad(a, b) / 2, 12);
    expect(sam([a])).toBe(0);
    expect(sam([a, a, a])).toBeCloseTo(0, 14);
    expect(() => sam([])).toThrow(RangeError);
  });

  it('SAM is the mean SAD from the mean somatotype', () => {
    const c = rating(4, 4, 1);
    const mean = rating((1.6 + 3 + 4) / 3, (5.4 + 2.1 + 4) / 3, (3.2 + 4.8 + 1) / 3);
    expect(sam([a, b, c])).toBeCloseTo((sad(a, mean) + sad(b, mean) + sad(c, mean)) / 3, 12);
  });

  it('SDD is √6 × the distance between the points projected on the plane of the somatochart', () => {
    const component = fc.double({ min: 0.1, max: 12, noNaN: true });
    const r = fc.tuple(component, component, component).map(([e, m, c]) => rating(e, m, c));
    fc.assert(
      fc.property(r, r, (p, q) => {
        const d = [p.endomorphy - q.endomorphy, p.mesomorphy - q.mesomorphy, p.ectomorphy - q.ectomorphy];
        const along = (d[0]! + d[1]! + d[2]!) / 3;
        const projected = Math.sqrt(d.reduce((s, x) => s + (x - along) ** 2, 0));
        expect(sdd(p, q)).toBeCloseTo(Math.sqrt(6) * projected, 9);
        expect(sad(p, q)).toBeCloseTo(sad(q, p), 12);
        expect(sad(p, q)).toBeGreaterThanOrEqual(projected - 1e-9);
      }),
    );
  });
});
