import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPEAT_TOLERANCE_PCT, finalValue, repeatCheck } from './repeat.ts';

describe('the ISAK repeat rule (isak.md §a.3)', () => {
  it('asks for a third skinfold reading beyond 5 % of the mean of the first two, not at exactly 5 %', () => {
    expect(REPEAT_TOLERANCE_PCT).toEqual({ skinfold: 5, other: 1 });
    // [19.9, 20.9]: 1.0 / 20.4 = 4.90 % of the mean (no third), 5.03 % of m1 (a first-reading basis would ask).
    const edge = repeatCheck('triceps', 19.9, 20.9);
    expect(edge.thirdRequired).toBe(false);
    expect(edge.differencePct).toBeCloseTo((100 * 1.0) / 20.4, 12);
    // Exactly 5 %: |10.25 − 9.75| / 10 = 5 %.
    expect(repeatCheck('triceps', 9.75, 10.25)).toEqual({ differencePct: 5, thirdRequired: false });
    expect(repeatCheck('subscapular', 9.75, 10.26).thirdRequired).toBe(true);
    expect(repeatCheck('subscapular', 9.74, 10.25).thirdRequired).toBe(true);
    // 10.0 vs 10.5: 0.5 / 10.25 = 4.878 %.
    expect(repeatCheck('medial_calf', 10.0, 10.5).thirdRequired).toBe(false);
    expect(repeatCheck('medial_calf', 10.5, 10.0).differencePct).toBeCloseTo(4.878048780487805, 13);
    // 10 vs 10.6: 5.825 %.
    expect(repeatCheck('medial_calf', 10, 10.6).thirdRequired).toBe(true);
  });

  it('asks for a third reading of every other site beyond 1 %, not at exactly 1 %', () => {
    // [99.9, 100.9]: 1.0 / 100.4 = 0.996 % of the mean (no third), 1.001 % of m1.
    expect(repeatCheck('waist', 99.9, 100.9).thirdRequired).toBe(false);
    // Exactly 1 %: |100.5 − 99.5| / 100.
    expect(repeatCheck('gluteal', 99.5, 100.5)).toEqual({ differencePct: 1, thirdRequired: false });
    expect(repeatCheck('gluteal', 99.5, 100.51).thirdRequired).toBe(true);
    expect(repeatCheck('humerus', 6.97, 7.04).thirdRequired).toBe(false); // 0.07 / 7.005 = 0.9993 %
    expect(repeatCheck('humerus', 6.95, 7.05).thirdRequired).toBe(true); // 1.42 %
    // A skinfold's 4 % is within its tolerance; the same 4 % at a girth is not.
    expect(repeatCheck('triceps', 24, 25).thirdRequired).toBe(false);
    expect(repeatCheck('arm_relaxed', 24, 25).thirdRequired).toBe(true);
  });

  it('decides exactly 5 % and 1 % the same way at every scale, whatever binary rounding does', () => {
    // m1 = x·(1 − t/200), m2 = x·(1 + t/200) differ by exactly t % of their mean.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20000 }), (units) => {
        // Readings in hundredths of a mm: 0.975·x and 1.025·x are exact decimals with at most 5 decimals.
        const lo = Number(((units * 975) / 100000).toFixed(5));
        const hi = Number(((units * 1025) / 100000).toFixed(5));
        expect(repeatCheck('triceps', lo, hi).thirdRequired).toBe(false);
        const loG = Number(((units * 995) / 100000).toFixed(5));
        const hiG = Number(((units * 1005) / 100000).toFixed(5));
        expect(repeatCheck('waist', loG, hiG).thirdRequired).toBe(false);
      }),
    );
  });

  it('is symmetric and agrees with the exact ratio away from the tolerance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 8000 }), fc.integer({ min: 20, max: 8000 }), (a, b) => {
        const m1 = a / 100;
        const m2 = b / 100;
        const one = repeatCheck('abdominal', m1, m2);
        expect(repeatCheck('abdominal', m2, m1)).toEqual(one);
        expect(one.thirdRequired).toBe(200 * Math.abs(a - b) > 5 * (a + b));
        expect(one.differencePct).toBeCloseTo((100 * Math.abs(m1 - m2)) / ((m1 + m2) / 2), 9);
      }),
    );
  });
});

describe('the final value of a site', () => {
  it('is the unrounded mean of two readings', () => {
    expect(finalValue([10.1, 10.4])).toBe((10.1 + 10.4) / 2);
    expect(finalValue([10.1, 10.4])).toBeCloseTo(10.25, 14);
  });

  it('is the median of three, also when the third lies outside the first two', () => {
    expect(finalValue([10.0, 11.0, 10.6])).toBe(10.6);
    expect(finalValue([10.0, 11.0, 12.4])).toBe(11.0);
    expect(finalValue([10.0, 11.0, 8.2])).toBe(10.0);
    expect(finalValue([11.0, 10.0, 11.0])).toBe(11.0);
  });

  it('refuses a site with one or four readings', () => {
    expect(() => finalValue([10])).toThrow(RangeError);
    expect(() => finalValue([10, 11, 12, 13])).toThrow(RangeError);
  });
});
