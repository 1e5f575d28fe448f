import { describe, expect, it } from 'vitest';
import { bodyFatSeries, comparisonMismatch } from './comparison.ts';

// Decision 188: the one rule every comparison uses (history, dashboard, charts, report).
describe('comparisons within one method and equation', () => {
  const twoSkinfold = { evaluation_type: 2, fatEquation: 'durnin_womersley_1974', muscleEquation: 'lee_2000' };
  const fourSkinfold = { evaluation_type: 4, fatEquation: 'durnin_womersley_1974', muscleEquation: 'lee_2000' };
  const fourOther = { ...fourSkinfold, fatEquation: 'jackson_pollock_1985_4site' };

  it('fat % only within one method and one equation', () => {
    expect(comparisonMismatch(twoSkinfold, fourSkinfold, 'fat')).toBe('method');
    expect(comparisonMismatch(fourSkinfold, fourOther, 'fat')).toBe('equation');
    expect(comparisonMismatch(fourSkinfold, { ...fourSkinfold }, 'fat')).toBeNull();
  });

  it('weight, waist and VO2max across methods; muscle mass within one equation', () => {
    for (const measure of ['peso', 'waist', 'vo2max'] as const)
      expect(comparisonMismatch(twoSkinfold, fourOther, measure)).toBeNull();
    expect(comparisonMismatch(fourSkinfold, { ...fourSkinfold, muscleEquation: 'de_rose_1980' }, 'muscle')).toBe(
      'equation',
    );
  });

  it('the stored series is equal exactly when the fat % compares', () => {
    expect(bodyFatSeries(4, 'durnin_womersley_1974')).toBe('4:durnin_womersley_1974');
    expect(bodyFatSeries(2, 'durnin_womersley_1974')).not.toBe(bodyFatSeries(4, 'durnin_womersley_1974'));
  });
});
