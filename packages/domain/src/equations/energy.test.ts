// Resting-energy equations added by issue 31 (decision 192): one hand-worked subject per sex for each, and the age
// bands of the weight tables at their edges. Arithmetic in the comments; Schofield publishes MJ/day (÷ 4.184 kJ/kcal).
import { describe, expect, it } from 'vitest';
import {
  BMR_CATALOGUE,
  BMR_EQUATION_IDS,
  bmrDeLorenzo1999,
  bmrFaoWhoUnu1985,
  bmrHenry2005,
  bmrOwen,
  bmrSchofield1985,
  bmrTenHaafFfm,
  bmrTenHaafWeight,
} from './energy.ts';

const MJ = 1000 / 4.184;

describe('hand-worked subjects', () => {
  // Man: 25 y, 70 kg, 175 cm, fat-free mass 60 kg.
  it('a man of 25 y, 70 kg, 175 cm, FFM 60 kg', () => {
    // Schofield men 18-30: 0.063 × 70 + 2.896 = 4.41 + 2.896 = 7.306 MJ; 7306 / 4.184 = 1746.18 kcal
    expect(bmrSchofield1985('M', 25, 70)).toBeCloseTo(7306 / 4.184, 9);
    expect(bmrSchofield1985('M', 25, 70)).toBeCloseTo(1746.18, 2);
    // FAO/WHO/UNU men 18-30: 15.3 × 70 + 679 = 1071 + 679 = 1750
    expect(bmrFaoWhoUnu1985('M', 25, 70)).toBeCloseTo(1750, 9);
    // Henry men 18-30: 16.0 × 70 + 545 = 1120 + 545 = 1665
    expect(bmrHenry2005('M', 25, 70)).toBeCloseTo(1665, 9);
    // Owen 1987 men: 879 + 10.2 × 70 = 879 + 714 = 1593
    expect(bmrOwen('M', 70)).toBeCloseTo(1593, 9);
    // De Lorenzo: -857 + 9.0 × 70 + 11.7 × 175 = -857 + 630 + 2047.5 = 1820.5
    expect(bmrDeLorenzo1999(70, 175)).toBeCloseTo(1820.5, 9);
    // Ten Haaf weight: 11.936 × 70 + 587.728 × 1.75 - 8.129 × 25 + 191.027 + 29.279
    //   = 835.52 + 1028.524 - 203.225 + 191.027 + 29.279 = 1881.125
    expect(bmrTenHaafWeight('M', 25, 70, 175)).toBeCloseTo(1881.125, 9);
    // Ten Haaf FFM: 22.771 × 60 + 484.264 = 1366.26 + 484.264 = 1850.524
    expect(bmrTenHaafFfm(60)).toBeCloseTo(1850.524, 9);
  });

  // Woman: 40 y, 60 kg, 165 cm, fat-free mass 42 kg.
  it('a woman of 40 y, 60 kg, 165 cm, FFM 42 kg', () => {
    // Schofield women 30-60: 0.034 × 60 + 3.538 = 2.04 + 3.538 = 5.578 MJ; 5578 / 4.184 = 1333.17 kcal
    expect(bmrSchofield1985('F', 40, 60)).toBeCloseTo(5578 / 4.184, 9);
    expect(bmrSchofield1985('F', 40, 60)).toBeCloseTo(1333.17, 2);
    // FAO/WHO/UNU women 30-60: 8.7 × 60 + 829 = 522 + 829 = 1351
    expect(bmrFaoWhoUnu1985('F', 40, 60)).toBeCloseTo(1351, 9);
    // Henry women 30-60: 9.74 × 60 + 694 = 584.4 + 694 = 1278.4
    expect(bmrHenry2005('F', 40, 60)).toBeCloseTo(1278.4, 9);
    // Owen 1986 women: 795 + 7.18 × 60 = 795 + 430.8 = 1225.8
    expect(bmrOwen('F', 60)).toBeCloseTo(1225.8, 9);
    // De Lorenzo (one equation; its sample is men): -857 + 540 + 11.7 × 165 = -857 + 540 + 1930.5 = 1613.5
    expect(bmrDeLorenzo1999(60, 165)).toBeCloseTo(1613.5, 9);
    // Ten Haaf weight: 11.936 × 60 + 587.728 × 1.65 - 8.129 × 40 + 0 + 29.279
    //   = 716.16 + 969.7512 - 325.16 + 29.279 = 1390.0302
    expect(bmrTenHaafWeight('F', 40, 60, 165)).toBeCloseTo(1390.0302, 9);
    // Ten Haaf FFM: 22.771 × 42 + 484.264 = 956.382 + 484.264 = 1440.646
    expect(bmrTenHaafFfm(42)).toBeCloseTo(1440.646, 9);
  });
});

describe('age bands: the band is chosen by completed years, each band starting at its lower edge', () => {
  it('Schofield men: 17 | 18, 29 | 30, 59 | 60', () => {
    expect(bmrSchofield1985('M', 17, 70)).toBeCloseTo((0.074 * 70 + 2.754) * MJ, 9); // 10-18
    expect(bmrSchofield1985('M', 18, 70)).toBeCloseTo((0.063 * 70 + 2.896) * MJ, 9); // 18-30
    expect(bmrSchofield1985('M', 29, 70)).toBeCloseTo((0.063 * 70 + 2.896) * MJ, 9);
    expect(bmrSchofield1985('M', 30, 70)).toBeCloseTo((0.048 * 70 + 3.653) * MJ, 9); // 30-60
    expect(bmrSchofield1985('M', 59, 70)).toBeCloseTo((0.048 * 70 + 3.653) * MJ, 9);
    expect(bmrSchofield1985('M', 60, 70)).toBeCloseTo((0.049 * 70 + 2.459) * MJ, 9); // 60+
  });

  it('Schofield women: 13 (10-18) and 100 (60+)', () => {
    expect(bmrSchofield1985('F', 13, 50)).toBeCloseTo((0.056 * 50 + 2.898) * MJ, 9);
    expect(bmrSchofield1985('F', 100, 50)).toBeCloseTo((0.038 * 50 + 2.755) * MJ, 9);
  });

  it('FAO/WHO/UNU women: 17 | 18, 29 | 30, 59 | 60', () => {
    expect(bmrFaoWhoUnu1985('F', 17, 60)).toBeCloseTo(12.2 * 60 + 746, 9);
    expect(bmrFaoWhoUnu1985('F', 18, 60)).toBeCloseTo(14.7 * 60 + 496, 9);
    expect(bmrFaoWhoUnu1985('F', 29, 60)).toBeCloseTo(14.7 * 60 + 496, 9);
    expect(bmrFaoWhoUnu1985('F', 30, 60)).toBeCloseTo(8.7 * 60 + 829, 9);
    expect(bmrFaoWhoUnu1985('F', 59, 60)).toBeCloseTo(8.7 * 60 + 829, 9);
    expect(bmrFaoWhoUnu1985('F', 60, 60)).toBeCloseTo(10.5 * 60 + 596, 9);
  });

  it('Henry men and women: 59 | 60 | 69 | 70 (the 60-70 and 70+ bands)', () => {
    expect(bmrHenry2005('M', 59, 70)).toBeCloseTo(14.2 * 70 + 593, 9);
    expect(bmrHenry2005('M', 60, 70)).toBeCloseTo(13.0 * 70 + 567, 9);
    expect(bmrHenry2005('M', 69, 70)).toBeCloseTo(13.0 * 70 + 567, 9);
    expect(bmrHenry2005('M', 70, 70)).toBeCloseTo(13.7 * 70 + 481, 9);
    expect(bmrHenry2005('F', 17, 60)).toBeCloseTo(11.1 * 60 + 761, 9);
    expect(bmrHenry2005('F', 18, 60)).toBeCloseTo(13.1 * 60 + 558, 9);
    expect(bmrHenry2005('F', 70, 60)).toBeCloseTo(10.0 * 60 + 577, 9);
  });
});

describe('the catalogue', () => {
  it('offers twelve equations, each with a derivation sample, in the order of the schema enum', () => {
    expect(BMR_CATALOGUE.length).toBe(12);
    expect(BMR_CATALOGUE.map((e) => e.meta.id)).toEqual([...BMR_EQUATION_IDS]);
    for (const e of BMR_CATALOGUE) expect(e.meta.sample, e.meta.id).toBeDefined();
  });
});
