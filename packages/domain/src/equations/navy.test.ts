// The Navy validity text (issue 9 §5) states how far the metric density form strays from the inch
// equations; these figures are what the text claims, from tape sizes typical of each BMI.
import { describe, expect, it } from 'vitest';
import { NAVY_DENSITY, bfNavy, bfNavyDensityMetric } from './navy.ts';
import type { NavyInput } from './navy.ts';

const gap = (i: NavyInput) => bfNavyDensityMetric(i) - bfNavy(i);

describe('US Navy: metric density form against the inch equations', () => {
  it('usual sizes: within 0.1-0.4 points', () => {
    for (const i of [
      { sex: 'M', heightCm: 178, waistCm: 90, neckCm: 39 },
      { sex: 'F', heightCm: 165, waistCm: 72, hipCm: 98, neckCm: 33 },
      { sex: 'F', heightCm: 165, waistCm: 100, hipCm: 120, neckCm: 35 },
    ] as const)
      expect(Math.abs(gap(i))).toBeLessThanOrEqual(0.4);
  });

  it('BMI about 45: about 0.6-0.7 points for men, 1.5-1.7 for women, the metric form higher', () => {
    // 175 cm × 138 kg (BMI 45.1), 180 cm × 146 kg (45.1); 165 cm × 122.5 kg (45.0), 160 cm × 115 kg (44.9).
    for (const i of [
      { sex: 'M', heightCm: 175, waistCm: 135, neckCm: 45 },
      { sex: 'M', heightCm: 180, waistCm: 138, neckCm: 46 },
    ] as const) {
      expect(gap(i)).toBeGreaterThan(0.55);
      expect(gap(i)).toBeLessThan(0.75);
    }
    for (const i of [
      { sex: 'F', heightCm: 165, waistCm: 118, hipCm: 140, neckCm: 38 },
      { sex: 'F', heightCm: 160, waistCm: 110, hipCm: 135, neckCm: 36 },
    ] as const) {
      expect(gap(i)).toBeGreaterThan(1.4);
      expect(gap(i)).toBeLessThan(1.75);
    }
    expect(NAVY_DENSITY.validity).toContain('0.6-0.7 points for men and 1.5-1.7 points for women at BMI 45');
  });
});
