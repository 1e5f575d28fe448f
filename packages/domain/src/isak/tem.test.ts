import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pooledTem, siteTem } from './tem.ts';

/** The textbook form, sqrt((Σx² − (Σx)²/K) / (K − 1)). */
const textbook = (xs: number[]) => {
  const sum = xs.reduce((s, x) => s + x, 0);
  const squares = xs.reduce((s, x) => s + x * x, 0);
  return Math.sqrt((squares - (sum * sum) / xs.length) / (xs.length - 1));
};

const reading = fc.integer({ min: 20, max: 2000 }).map((n) => n / 10);

describe('technical error of measurement (isak.md §a.4)', () => {
  it('of two readings is |m1 − m2| / √2, and its % is of their mean', () => {
    const { tem, temPct } = siteTem([10.1, 10.4]);
    expect(tem).toBeCloseTo(0.3 / Math.SQRT2, 14);
    expect(temPct).toBeCloseTo((100 * (0.3 / Math.SQRT2)) / 10.25, 12);
    expect(siteTem([12, 12])).toEqual({ tem: 0, temPct: 0 });
  });

  it('of three readings is the within-site SD', () => {
    expect(siteTem([10, 11, 12]).tem).toBeCloseTo(1, 14);
    fc.assert(
      fc.property(fc.array(reading, { minLength: 2, maxLength: 3 }), (xs) => {
        expect(siteTem(xs).tem).toBeCloseTo(textbook(xs), 9);
      }),
    );
  });

  it('pooled over pairs is sqrt(Σd² / 2n) (Carter 2002 p. 4), the relative one over the grand mean', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(reading, reading), { minLength: 1, maxLength: 20 }), (pairs) => {
        const pooled = pooledTem(pairs)!;
        const d2 = pairs.reduce((s, [a, b]) => s + (a - b) ** 2, 0);
        const grand = pairs.reduce((s, [a, b]) => s + a + b, 0) / (2 * pairs.length);
        expect(pooled.absolute).toBeCloseTo(Math.sqrt(d2 / (2 * pairs.length)), 9);
        expect(pooled.relative_pct).toBeCloseTo((100 * pooled.absolute) / grand, 9);
      }),
    );
  });

  it('pooled over groups of two and three readings divides by Σ(K − 1)', () => {
    // Squares about the means: [10, 12] → 2; [20, 21, 22] → 2. Σ(K − 1) = 3.
    const pooled = pooledTem([
      [10, 12],
      [20, 21, 22],
    ])!;
    expect(pooled.absolute).toBeCloseTo(Math.sqrt(4 / 3), 14);
    expect(pooled.relative_pct).toBeCloseTo((100 * Math.sqrt(4 / 3)) / (85 / 5), 12);
    expect(pooledTem([])).toBeNull();
    expect(pooledTem([[10]])).toBeNull();
  });

  it('stays exact for large readings that differ little (squares about the mean)', () => {
    const xs = [1e8 + 0.1, 1e8 + 0.2, 1e8 + 0.3];
    expect(siteTem(xs).tem).toBeCloseTo(0.1, 6);
    expect(pooledTem([xs])!.absolute).toBeCloseTo(0.1, 6);
  });

  it('refuses a single reading', () => {
    expect(() => siteTem([10])).toThrow(RangeError);
  });
});
