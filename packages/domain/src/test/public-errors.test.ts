// formulas.md §15: errors found in public implementations. Each test fails if that error is reintroduced.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate.ts';
import { bmrHarrisBenedict1919 } from '../equations/energy.ts';
import { residualMassWurch } from '../equations/fractionation.ts';
import { vo2maxRockport, walkMinutes } from '../equations/rockport.ts';
import { siri } from '../equations/density.ts';
import {
  bfJacksonPollock4,
  bfSlaughter,
  densityDurninWomersley,
  densityNagamineSuzuki,
  densityWilmoreBehnkeMen,
} from '../equations/skinfolds.ts';
import { subjectA } from './factories.ts';

const log40 = Math.log10(40);

describe('§15.1 CRAN bodycomp', () => {
  it('men 50-72 use 1.1715 / 0.0779, not the 20-29 coefficients', () => {
    expect(densityDurninWomersley('M', 55, 40)).toBeCloseTo(1.1715 - 0.0779 * log40, 12);
    expect(densityDurninWomersley('M', 72, 40)).not.toBeCloseTo(1.1631 - 0.0632 * log40, 4);
  });
  it('women 30-39 use slope 0.0632 and 40-49 use 0.0612', () => {
    expect(densityDurninWomersley('F', 35, 40)).toBeCloseTo(1.1423 - 0.0632 * log40, 12);
    expect(densityDurninWomersley('F', 45, 40)).toBeCloseTo(1.1333 - 0.0612 * log40, 12);
    expect(siri(densityDurninWomersley('F', 40, 40))).toBeCloseTo(28.14, 2); // NASM worked example
  });
  it('YMCA/Jackson-Pollock women: +1.4072 and slope 0.29669', () => {
    expect(bfJacksonPollock4('F', 70, 28)).toBeCloseTo(0.29669 * 70 - 0.00043 * 4900 + 0.02963 * 28 + 1.4072, 10);
    expect(bfJacksonPollock4('F', 70, 28)).toBeCloseTo(20.9, 2);
  });
  it('Slaughter girls keep the square term', () => {
    expect(bfSlaughter('F', 14, 12)).toBeCloseTo(1.33 * 26 - 0.013 * 26 * 26 - 2.5, 10);
    expect(bfSlaughter('F', 14, 12)).not.toBeCloseTo(1.33 * 26 - 2.5, 1);
  });
});

describe('§15.2 percent_gordura_calc', () => {
  it('Slaughter girls use 0.013 Σ² and -2.5 (not 0.13 and -2)', () => {
    expect(bfSlaughter('F', 10, 10)).toBeCloseTo(1.33 * 20 - 0.013 * 400 - 2.5, 10);
  });
  it('Nagamine men intercept is 1.0913 (not 1.9013)', () => {
    expect(densityNagamineSuzuki('M', 12, 15)).toBeCloseTo(1.0913 - 0.00116 * 27, 12);
    expect(siri(densityNagamineSuzuki('M', 12, 15))).toBeCloseTo(16.99, 2);
  });
  it('Wilmore-Behnke men thigh coefficient is 0.00040 (not 0.00004)', () => {
    expect(densityWilmoreBehnkeMen(22, 14)).toBeCloseTo(1.08543 - 0.000886 * 22 - 0.0004 * 14, 12);
  });
});

describe('§15.4 Rocha bone mass uses the wrist breadth', () => {
  it('bone mass changes with diametro_muneca and matches vector A', () => {
    const a = evaluate(subjectA({ diametro_muneca: 5.8, diametro_femur: 9.8 }));
    const b = evaluate(subjectA({ diametro_muneca: 6.8, diametro_femur: 9.8 }));
    if (!a.ok || !b.ok) throw new Error('expected valid');
    expect(a.result.bone_mass!.kg).toBeCloseTo(12.32, 2);
    expect(b.result.bone_mass!.kg).toBeGreaterThan(a.result.bone_mass!.kg);
  });
});

describe('§15.5 Rockport heart rate is in beats per minute', () => {
  it('a 10-second count (23 beats) is rejected as a field error', () => {
    const out = evaluate(subjectA({ rockport: { minutes: 14, seconds: 30, bpm: 23 } }));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.errors['rockport.bpm']).toEqual(['evaluation.errors.range']);
  });
  it('seconds become decimal minutes (15:12 is 15.2, not 15.12)', () => {
    expect(walkMinutes(15, 12)).toBeCloseTo(15.2, 12);
    expect(vo2maxRockport('F', 30, 150 / 2.20462, walkMinutes(15, 12), 128)).toBeCloseTo(40.03, 2);
  });
});

describe('§15.6 Harris-Benedict original constants', () => {
  it('uses 66.4730 / 13.7516 / 5.0033 / 6.7550 and 655.0955 / 9.5634 / 1.8496 / 4.6756 exactly', () => {
    expect(bmrHarrisBenedict1919('M', 35, 80, 178)).toBeCloseTo(66.473 + 13.7516 * 80 + 5.0033 * 178 - 6.755 * 35, 9);
    expect(bmrHarrisBenedict1919('F', 28, 62, 165)).toBeCloseTo(655.0955 + 9.5634 * 62 + 1.8496 * 165 - 4.6756 * 28, 9);
    // 66.479 or 13.75116 would move the result by more than this.
    expect(bmrHarrisBenedict1919('M', 35, 80, 178)).toBeCloseTo(1820.7634, 4);
  });
});

describe('§15.7 Würch factors are not rounded', () => {
  it('0.241 for men and 0.209 for women', () => {
    expect(residualMassWurch('M', 100)).toBeCloseTo(24.1, 12);
    expect(residualMassWurch('F', 100)).toBeCloseTo(20.9, 12);
  });
});
