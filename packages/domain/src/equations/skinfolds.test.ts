import { describe, expect, it } from 'vitest';
import {
  JP4_MEN_VERTEX_MM,
  bfJacksonPollock4,
  bfJacksonPollock4Raw,
  bfSlaughter,
  bfSlaughterRaw,
} from './skinfolds.ts';
import type { Maturity } from './skinfolds.ts';

describe('monotone joins (decision 031)', () => {
  it.each(['prepubertal', 'pubertal', 'postpubertal'] as Maturity[])(
    'Slaughter boys (%s) never drop past Σ 35 mm',
    (maturity) => {
      let previous = -Infinity;
      for (let s = 30; s <= 45; s += 0.05) {
        const v = bfSlaughter('M', s / 2, s / 2, maturity);
        expect(v).toBeGreaterThanOrEqual(previous - 1e-12);
        previous = v;
      }
    },
  );

  it('keeps the published values on each side where they already rise', () => {
    expect(bfSlaughter('M', 10, 8, 'pubertal')).toBe(bfSlaughterRaw('M', 10, 8, 'pubertal'));
    expect(bfSlaughter('M', 20, 20, 'pubertal')).toBe(bfSlaughterRaw('M', 20, 20, 'pubertal'));
    expect(bfSlaughter('F', 20, 20)).toBeCloseTo(31.54, 2);
    expect(bfSlaughter('M', 20, 20)).toBeCloseTo(32.92, 2);
  });

  it('the published boys pieces do fall at 35 mm (why the join exists)', () => {
    expect(bfSlaughterRaw('M', 17.6, 17.6, 'prepubertal')).toBeLessThan(bfSlaughterRaw('M', 17.5, 17.5, 'prepubertal'));
  });

  it('Jackson-Pollock men hold their value past the quadratic vertex', () => {
    expect(JP4_MEN_VERTEX_MM).toBeCloseTo(292.88, 10);
    expect(bfJacksonPollock4Raw('M', 320, 40)).toBeLessThan(bfJacksonPollock4Raw('M', 292.88, 40));
    expect(bfJacksonPollock4('M', 320, 40)).toBeCloseTo(bfJacksonPollock4Raw('M', 292.88, 40), 10);
    expect(bfJacksonPollock4('M', 60, 35)).toBeCloseTo(15.55, 2);
  });
});
