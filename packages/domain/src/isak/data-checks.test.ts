import { describe, expect, it } from 'vitest';
import { kerrNeedsCheck, somatotypeNeedsCheck } from './data-checks.ts';

describe('the data checks of an ISAK profile (decision 198)', () => {
  it("flags Kerr's five masses strictly beyond ±5 % of the measured mass, on either side", () => {
    expect([-5.01, -5, 0, 4.99, 5, 5.01].map((difference_pct) => kerrNeedsCheck({ difference_pct }))).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('flags endomorphy or mesomorphy below 1.0 (Carter 2002 p. 8), not ectomorphy', () => {
    expect(somatotypeNeedsCheck({ endomorphy: 1, mesomorphy: 1 })).toBe(false);
    expect(somatotypeNeedsCheck({ endomorphy: 0.99, mesomorphy: 4 })).toBe(true);
    expect(somatotypeNeedsCheck({ endomorphy: 3, mesomorphy: 0.1 })).toBe(true);
  });
});
