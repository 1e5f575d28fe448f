import { describe, expect, it } from 'vitest';
import { JP4_MEN_VERTEX_MM, bfJacksonPollock4, bfJacksonPollock4Raw, bfSlaughter } from './skinfolds.ts';

describe('monotone joins (decision 031; Slaughter as published since decision 194)', () => {
  it('Slaughter keeps the published values on each side of Σ 35 mm', () => {
    expect(bfSlaughter('M', 10, 8, 'pubertal')).toBeCloseTo(1.21 * 18 - 0.008 * 18 * 18 - 3.4, 12);
    expect(bfSlaughter('F', 20, 20)).toBeCloseTo(31.54, 2);
    expect(bfSlaughter('M', 20, 20)).toBeCloseTo(32.92, 2);
  });

  it('the published boys pieces fall at 35 mm: the paper is applied as published (decision 194 drops the hold)', () => {
    // The hold of decision 031 used the quadratic's 35 mm value past 35 mm: the wrong branch (issue 31 D10).
    expect(bfSlaughter('M', 17.6, 17.6, 'prepubertal')).toBeLessThan(bfSlaughter('M', 17.5, 17.5, 'prepubertal'));
    expect(bfSlaughter('M', 17.6, 17.6, 'prepubertal')).toBeCloseTo(0.783 * 35.2 + 1.6, 12);
  });

  it('Jackson-Pollock men hold their value past the quadratic vertex', () => {
    expect(JP4_MEN_VERTEX_MM).toBeCloseTo(292.88, 10);
    expect(bfJacksonPollock4Raw('M', 320, 40)).toBeLessThan(bfJacksonPollock4Raw('M', 292.88, 40));
    expect(bfJacksonPollock4('M', 320, 40)).toBeCloseTo(bfJacksonPollock4Raw('M', 292.88, 40), 10);
    expect(bfJacksonPollock4('M', 60, 35)).toBeCloseTo(15.55, 2);
  });
});
