import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KERR_SITES, kerrFractionation } from './kerr.ts';
import type { KerrSites } from './kerr.ts';
import { phantomStatureZ, phantomZ } from './phantom.ts';
import { ISAK_SITE_INFO, PHANTOM_MASS, PHANTOM_STATURE } from './sites.ts';
import { ISAK_SITES } from './types.ts';

const phantomSites = (): KerrSites =>
  Object.fromEntries(KERR_SITES.map((site) => [site, ISAK_SITE_INFO[site].phantom!.p])) as KerrSites;
const PHANTOM_SUBJECT = { sex: 'M' as const, age: 30, massKg: PHANTOM_MASS.p, statureCm: PHANTOM_STATURE.p };

describe('the Phantom (Ross & Wilson 1974, isak.md §c)', () => {
  it("gives z = 0 for the Phantom's own values at 170.18 cm, for every site and for mass", () => {
    for (const site of ISAK_SITES) {
      const { p, s } = ISAK_SITE_INFO[site].phantom!;
      expect(phantomZ(p, p, s, 1, 170.18), site).toBe(0);
    }
    expect(phantomZ(64.58, PHANTOM_MASS.p, PHANTOM_MASS.s, PHANTOM_MASS.d, 170.18)).toBe(0);
    expect(phantomStatureZ(170.18)).toBe(0);
  });

  it('scales a length with d = 1 and a mass with d = 3, stature unscaled', () => {
    // Twice the Phantom's size: lengths proportional (z = 0), mass 8× for the same shape.
    expect(phantomZ(2 * 26.89, 26.89, 2.33, 1, 2 * 170.18)).toBeCloseTo(0, 12);
    expect(phantomZ(8 * 64.58, 64.58, 8.6, 3, 2 * 170.18)).toBeCloseTo(0, 12);
    expect(phantomZ(70, 64.58, 8.6, 3, 180)).toBeCloseTo((70 * (170.18 / 180) ** 3 - 64.58) / 8.6, 12);
    expect(phantomStatureZ(178.3)).toBeCloseTo((178.3 - 170.18) / 6.29, 12);
  });

  it("adds up, on the Phantom's table, to Kerr's sums (isak.md §c.3)", () => {
    const p = (site: keyof typeof ISAK_SITE_INFO) => ISAK_SITE_INFO[site].phantom!.p;
    const sum6 =
      p('triceps') + p('subscapular') + p('supraspinale') + p('abdominal') + p('front_thigh') + p('medial_calf');
    expect(sum6).toBeCloseTo(116.4, 9);
    expect(p('biacromial') + p('biiliocristal') + 2 * p('humerus') + 2 * p('femur')).toBeCloseTo(98.88, 9);
  });
});

describe("Kerr's five-way fractionation (1988, isak.md §d)", () => {
  it("returns the Phantom's tissue masses for the Phantom's own values: 25.6 / 24.5 / 7.9 / 6.1 kg", () => {
    const k = kerrFractionation(PHANTOM_SUBJECT, phantomSites());
    // Σ6 of the table is 116.40 against Kerr's 116.41, the corrected girths 207.20 against 207.21.
    expect(k.adipose_kg).toBeCloseTo(25.6, 2);
    expect(k.muscle_kg).toBeCloseTo(24.5, 2);
    expect(k.bone_kg).toBeCloseTo(7.9, 12); // head bone 1.20 + body 6.70
    expect(k.residual_kg).toBeCloseTo(6.1, 3);
    expect(k.sum_five_kg).toBeCloseTo(k.skin_kg + k.adipose_kg + k.muscle_kg + k.bone_kg + k.residual_kg, 12);
    expect(k.difference_kg).toBeCloseTo(k.sum_five_kg - 64.58, 12);
    expect(k.difference_pct).toBeCloseTo((100 * k.difference_kg) / 64.58, 12);
    expect(k.percent.muscle).toBeCloseTo((100 * k.muscle_kg) / 64.58, 12);
  });

  it("gives skin from Kerr's BSA constants and thickness: men 68.308 and 2.07 mm, women 73.074 and 1.96 mm, 70.691 up to 12 y", () => {
    const sites = phantomSites();
    const bsa = (c: number) => (c * 64.58 ** 0.425 * 170.18 ** 0.725) / 10000;
    expect(kerrFractionation(PHANTOM_SUBJECT, sites).skin_kg).toBeCloseTo(bsa(68.308) * 2.07 * 1.05, 12);
    const woman = { ...PHANTOM_SUBJECT, sex: 'F' as const };
    expect(kerrFractionation(woman, sites).skin_kg).toBeCloseTo(bsa(73.074) * 1.96 * 1.05, 12);
    expect(kerrFractionation({ ...woman, age: 12 }, sites).skin_kg).toBeCloseTo(bsa(70.691) * 1.96 * 1.05, 12);
    expect(kerrFractionation({ ...woman, age: 12.01 }, sites).skin_kg).toBeCloseTo(bsa(73.074) * 1.96 * 1.05, 12);
    expect(kerrFractionation({ ...PHANTOM_SUBJECT, age: 11 }, sites).skin_kg).toBeCloseTo(
      bsa(70.691) * 2.07 * 1.05,
      12,
    );
  });

  it('corrects girths by π × skinfold and scales residual mass by sitting height', () => {
    const base = kerrFractionation(PHANTOM_SUBJECT, phantomSites());
    // 1 mm more triceps: adipose up by 5.85/34.79 kg, muscle down by π/10 × 5.4/13.74 kg (at k = 1).
    const thicker = kerrFractionation(PHANTOM_SUBJECT, { ...phantomSites(), triceps: 16.4 });
    expect(thicker.adipose_kg - base.adipose_kg).toBeCloseTo(5.85 / 34.79, 12);
    expect(thicker.muscle_kg - base.muscle_kg).toBeCloseTo((-Math.PI / 10) * (5.4 / 13.74), 12);
    // 1 cm more head girth: 0.18/1.44 kg more bone, whatever the stature.
    const bigHead = kerrFractionation({ ...PHANTOM_SUBJECT, statureCm: 190 }, { ...phantomSites(), head: 57 });
    const tall = kerrFractionation({ ...PHANTOM_SUBJECT, statureCm: 190 }, phantomSites());
    expect(bigHead.bone_kg - tall.bone_kg).toBeCloseTo(0.125, 12);
    // Stature does not enter residual mass; sitting height does.
    expect(tall.residual_kg).toBeCloseTo(base.residual_kg, 12);
    const k = 89.92 / 95;
    const longTrunk = kerrFractionation(PHANTOM_SUBJECT, { ...phantomSites(), sitting_height: 95 });
    // The Phantom's residual breadths and corrected waist add up to 109.35 (isak.md §c.3).
    expect(longTrunk.residual_kg).toBeCloseTo((((109.35 * k - 109.35) / 7.08) * 1.24 + 6.1) / k ** 3, 3);
  });

  it('scales the tissue masses with size cubed for a subject of the same shape', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.6, max: 1.3, noNaN: true }), (f) => {
        const scaled = Object.fromEntries(
          KERR_SITES.map((site) => [site, site === 'head' ? 56 : ISAK_SITE_INFO[site].phantom!.p * f]),
        ) as KerrSites;
        const k = kerrFractionation({ ...PHANTOM_SUBJECT, statureCm: 170.18 * f, massKg: 64.58 * f ** 3 }, scaled);
        const base = kerrFractionation(PHANTOM_SUBJECT, phantomSites());
        expect(k.adipose_kg).toBeCloseTo(base.adipose_kg * f ** 3, 9);
        expect(k.muscle_kg).toBeCloseTo(base.muscle_kg * f ** 3, 9);
        expect(k.bone_kg - 1.2).toBeCloseTo((base.bone_kg - 1.2) * f ** 3, 9);
        expect(k.residual_kg).toBeCloseTo(base.residual_kg * f ** 3, 9);
      }),
    );
  });
});
