import { describe, expect, it } from 'vitest';
import { computeIsak } from './isak.ts';
import { KERR_SITES, kerrFractionation } from './kerr.ts';
import type { KerrSites } from './kerr.ts';
import { ISAK_SITE_INFO } from './sites.ts';
import { somatotypeCategory } from './somatotype.ts';
import { ISAK_SITES } from './types.ts';
import type { IsakInput, IsakSite } from './types.ts';

const twice = (v: number): number[] => [v, v];

/** Carter's sprinter 573 (isak.md §b.8), each somatotype site read twice alike. */
const SPRINTER: IsakInput = {
  sites: {
    triceps: twice(6.4),
    subscapular: twice(7.1),
    supraspinale: twice(4.6),
    medial_calf: twice(5.2),
    humerus: twice(7.2),
    femur: twice(9.75),
    arm_flexed: twice(33.9),
    calf_girth: twice(37.6),
  },
};
const SPRINTER_SUBJECT = { sex: 'M' as const, age: 20.4, massKg: 69.2, statureCm: 178.3 };

/** Every site at the Phantom's value, read twice. */
const phantomProfile = (): IsakInput => ({
  sites: Object.fromEntries(ISAK_SITES.map((site) => [site, twice(ISAK_SITE_INFO[site].phantom!.p)])),
});
const PHANTOM_SUBJECT = { sex: 'F' as const, age: 30, massKg: 64.58, statureCm: 170.18 };

describe('computeIsak (issue 31 A)', () => {
  it("rates Carter's sprinter from his ten measures and nothing more", () => {
    const r = computeIsak(SPRINTER, SPRINTER_SUBJECT);
    const s = r.somatotype!;
    expect(s.endomorphy).toBeCloseTo(1.5928, 4);
    expect(s.mesomorphy).toBeCloseTo(5.4028, 4);
    expect(s.ectomorphy).toBeCloseTo(3.2102, 4);
    expect(s.x).toBe(s.ectomorphy - s.endomorphy);
    expect(s.y).toBe(2 * s.mesomorphy - (s.endomorphy + s.ectomorphy));
    expect(s.category).toBe('ectomorphic_mesomorph');
    expect(s.hwr).toBeCloseTo(43.43, 2);
    expect(s.equation.id).toBe('heath_carter_1990');
    expect(r.sum6_mm).toBeNull();
    expect(r.sum8_mm).toBeNull();
    expect(r.kerr).toBeNull();
    expect(Object.keys(r.sites).sort()).toEqual(Object.keys(SPRINTER.sites).sort());
    expect(r.phantom_z.stature).toBeCloseTo((178.3 - 170.18) / 6.29, 12);
    expect(r.phantom_z.mass).toBeCloseTo((69.2 * (170.18 / 178.3) ** 3 - 64.58) / 8.6, 12);
    expect(r.phantom_z.triceps).toBeCloseTo((6.4 * (170.18 / 178.3) - 15.4) / 4.47, 12);
    expect(r.phantom_z.waist).toBeUndefined();
  });

  it('keeps every reading, the final value unrounded, the repeat decision and the TEM of each site', () => {
    const r = computeIsak(
      { sites: { triceps: [10.1, 10.4], subscapular: [10.0, 11.0, 12.4], waist: [99.9, 100.9] } },
      SPRINTER_SUBJECT,
    );
    const tri = r.sites.triceps!;
    expect(tri).toMatchObject({ kind: 'skinfold', unit: 'mm', measurements: [10.1, 10.4], third_required: false });
    expect(tri.final).toBe((10.1 + 10.4) / 2);
    expect(tri.difference_pct).toBeCloseTo((100 * 0.3) / 10.25, 12);
    expect(tri.tem).toBeCloseTo(0.3 / Math.SQRT2, 12);
    expect(tri.tem_pct).toBeCloseTo((100 * 0.3) / Math.SQRT2 / 10.25, 10);
    const sub = r.sites.subscapular!;
    expect(sub.final).toBe(11.0); // median, the third outside the first two
    expect(sub.third_required).toBe(true); // 1.0 / 10.5 = 9.5 %
    const m = 33.4 / 3;
    expect(sub.tem).toBeCloseTo(Math.sqrt(((10 - m) ** 2 + (11 - m) ** 2 + (12.4 - m) ** 2) / 2), 12);
    expect(r.sites.waist).toMatchObject({ kind: 'girth', unit: 'cm', third_required: false });
    // Pooled: skinfold groups [10.1, 10.4] and [10, 11, 12.4]; the waist alone for the other sites.
    const squares = 0.3 ** 2 / 2 + (10 - 33.4 / 3) ** 2 + (11 - 33.4 / 3) ** 2 + (12.4 - 33.4 / 3) ** 2;
    expect(r.tem.skinfolds!.absolute).toBeCloseTo(Math.sqrt(squares / 3), 12);
    expect(r.tem.skinfolds!.relative_pct).toBeCloseTo((100 * Math.sqrt(squares / 3)) / (53.9 / 5), 10);
    expect(r.tem.others!.absolute).toBeCloseTo(1 / Math.SQRT2, 12);
    expect(r.tem.limits).toEqual({ level1: { skinfolds: 7.5, others: 1.5 }, level2: { skinfolds: 5, others: 1 } });
    expect(r.tem.equation.id).toBe('isak_repeat_tem');
    expect(r.somatotype).toBeNull();
  });

  it('gives no pooled TEM for a group without sites', () => {
    const r = computeIsak({ sites: { waist: [80, 80.4] } }, SPRINTER_SUBJECT);
    expect(r.tem.skinfolds).toBeNull();
    expect(r.tem.others).not.toBeNull();
    expect(r.sum6_mm).toBeNull();
  });

  it("on the Phantom's full profile: z = 0 everywhere, Σ6 116.4 and Σ8 146.8 mm, Kerr's Phantom masses", () => {
    const r = computeIsak(phantomProfile(), PHANTOM_SUBJECT);
    for (const site of ISAK_SITES) expect(r.phantom_z[site], site).toBe(0);
    expect(r.phantom_z.mass).toBe(0);
    expect(r.phantom_z.stature).toBe(0);
    expect(r.sum6_mm).toBeCloseTo(116.4, 9);
    expect(r.sum8_mm).toBeCloseTo(146.8, 9);
    expect(r.sums_equation.id).toBe('isak_skinfold_sums');
    expect(r.phantom_equation.id).toBe('phantom_ross_wilson_1974');
    const k = r.kerr!;
    expect(k.equation.id).toBe('kerr_1988');
    expect(k.adipose_kg).toBeCloseTo(25.6, 2);
    expect(k.muscle_kg).toBeCloseTo(24.5, 2);
    expect(k.bone_kg).toBeCloseTo(7.9, 12);
    expect(k.residual_kg).toBeCloseTo(6.1, 3);
    const sites = Object.fromEntries(KERR_SITES.map((s) => [s, ISAK_SITE_INFO[s].phantom!.p])) as KerrSites;
    const { equation: _equation, ...masses } = k;
    expect(masses).toEqual(kerrFractionation(PHANTOM_SUBJECT, sites));
    expect(r.tem.skinfolds).toEqual({ absolute: 0, relative_pct: 0 });
    const s = r.somatotype!;
    expect(s.category).toBe(somatotypeCategory(s.endomorphy, s.mesomorphy, s.ectomorphy));
  });

  it('leaves Kerr out while any of its sites is missing', () => {
    const profile = phantomProfile();
    for (const site of KERR_SITES) {
      const sites: Partial<Record<IsakSite, number[]>> = { ...profile.sites };
      delete sites[site];
      expect(computeIsak({ sites }, PHANTOM_SUBJECT).kerr, site).toBeNull();
    }
  });

  it('refuses a site with one reading', () => {
    expect(() => computeIsak({ sites: { triceps: [10] } }, SPRINTER_SUBJECT)).toThrow(RangeError);
  });
});
