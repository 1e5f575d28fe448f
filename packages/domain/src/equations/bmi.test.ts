import { describe, expect, it } from 'vitest';
import { WHO_BMI_LMS_FEMALE, WHO_BMI_LMS_MALE, WHO_LMS_FIRST_MONTH } from '../data/who2007-bmi-for-age.ts';
import { bmi, bmiClassWho, bmiForAge, lmsValue } from './bmi.ts';

describe('WHO 2000 adult classes', () => {
  it('lower bounds are inclusive, on the BMI as shown with two decimals (decisions 035, 196)', () => {
    // Decision 196: WHO TRS 894 states 18.50-24.99, so 18.48 is shown 18.48, mild thinness (formulas.md §1.1 again).
    expect(bmiClassWho(bmi(50, 164.5))).toBe('mild_thinness');
    expect(bmiClassWho(18.44)).toBe('mild_thinness');
    expect(bmiClassWho(18.5)).toBe('normal');
    expect(bmiClassWho(24.94)).toBe('normal');
    expect(bmiClassWho(24.99)).toBe('normal'); // was "25.0", pre-obese: the defect of issue 31 D12
    expect(bmiClassWho(24.999)).toBe('pre_obese'); // shown 25.00
    expect(bmiClassWho(bmi(64, 160))).toBe('pre_obese'); // 24.999999999999996
    expect(bmiClassWho(25)).toBe('pre_obese');
    expect(bmiClassWho(15.99)).toBe('severe_thinness');
    expect(bmiClassWho(15.996)).toBe('moderate_thinness'); // shown 16.00
    expect(bmiClassWho(40)).toBe('obesity_3');
  });
});

describe('WHO 2007 BMI-for-age', () => {
  it('embeds rows 155-228 for both sexes, as in the TSV (155 for 13 y 0 d, decision 194)', () => {
    expect(WHO_BMI_LMS_MALE).toHaveLength(74);
    expect(WHO_BMI_LMS_FEMALE).toHaveLength(74);
    expect(WHO_BMI_LMS_MALE[0]).toEqual([-1.7232, 18.171, 0.11869]);
    expect(WHO_BMI_LMS_MALE[156 - WHO_LMS_FIRST_MONTH]).toEqual([-1.7168, 18.233, 0.11898]);
    expect(WHO_BMI_LMS_FEMALE[228 - WHO_LMS_FIRST_MONTH]).toEqual([-0.7496, 21.4269, 0.14441]);
  });

  it('the median BMI is z = 0, percentile 50', () => {
    const r = bmiForAge(18.233, 'M', 156);
    expect(r.z).toBeCloseTo(0, 12);
    expect(r.percentile).toBeCloseTo(50, 10);
    expect(r.category).toBe('normal');
  });

  it('z follows ((BMI/M)^L - 1) / (L S) inside ±3', () => {
    const [l, m, s] = WHO_BMI_LMS_FEMALE[180 - WHO_LMS_FIRST_MONTH]!;
    const value = 24;
    expect(bmiForAge(value, 'F', 180).z).toBeCloseTo((Math.pow(value / m, l) - 1) / (l * s), 12);
  });

  it('cut-offs: overweight > +1, obesity > +2, thinness < -2', () => {
    const at = (z: number) => lmsValue(...bmiForAge(0, 'M', 200).lms, z);
    expect(bmiForAge(at(1.01), 'M', 200).category).toBe('overweight');
    expect(bmiForAge(at(0.99), 'M', 200).category).toBe('normal');
    expect(bmiForAge(at(2.01), 'M', 200).category).toBe('obesity');
    expect(bmiForAge(at(-2.01), 'M', 200).category).toBe('thinness');
    expect(bmiForAge(at(-1.99), 'M', 200).category).toBe('normal');
  });

  it('restricts the tails beyond ±3 SD with the SD2-SD3 distance', () => {
    const lms = bmiForAge(0, 'F', 170).lms;
    const sd3 = lmsValue(...lms, 3);
    const sd2 = lmsValue(...lms, 2);
    const value = sd3 + (sd3 - sd2); // one SD2-SD3 step above SD3
    expect(bmiForAge(value, 'F', 170).z).toBeCloseTo(4, 10);
    const sd3n = lmsValue(...lms, -3);
    const sd2n = lmsValue(...lms, -2);
    expect(bmiForAge(sd3n - (sd2n - sd3n) / 2, 'F', 170).z).toBeCloseTo(-3.5, 10);
    expect(bmiForAge(sd3n - 1, 'F', 170).category).toBe('severe_thinness');
  });

  it('percentile is 100 Φ(z)', () => {
    const r = bmiForAge(lmsValue(...bmiForAge(0, 'M', 190).lms, 1.96), 'M', 190);
    expect(r.percentile).toBeCloseTo(97.5, 2);
  });
});
