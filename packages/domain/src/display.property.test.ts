import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shown } from './display.ts';
import { bmi, bmiClassMinsalOlder, bmiClassWho } from './equations/bmi.ts';
import type { WhoAdultBmiClass } from './equations/bmi.ts';
import { waistFlags, whrFlag, whtrRisk } from './equations/waist.ts';
import { computeEvaluation } from './evaluate.ts';
import { evaluationInputSchema } from './schema.ts';
import { subjectA } from './test/factories.ts';

// Decisions 035 and 196: every category is decided on the value as the detail and the report print it, which is
// how Intl.NumberFormat rounds (half away from zero on the decimal form: 98.55 → 98.6, not toFixed's 98.5).
const printed = (v: number, d: number) =>
  Number(
    new Intl.NumberFormat('en', { minimumFractionDigits: d, maximumFractionDigits: d, useGrouping: false }).format(v),
  );

/** WHO 2000: each cut-off with the class just below it and the class from it. */
const WHO_CUTOFFS: ReadonlyArray<[number, WhoAdultBmiClass, WhoAdultBmiClass]> = [
  [16, 'severe_thinness', 'moderate_thinness'],
  [17, 'moderate_thinness', 'mild_thinness'],
  [18.5, 'mild_thinness', 'normal'],
  [25, 'normal', 'pre_obese'],
  [30, 'pre_obese', 'obesity_1'],
  [35, 'obesity_1', 'obesity_2'],
  [40, 'obesity_2', 'obesity_3'],
];

describe('shown', () => {
  it('equals the printed value for any number and precision', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.constantFrom(1, 2),
        (v, d) => shown(v, d === 1 ? 'fatPercent' : 'bmi') === printed(v, d),
      ),
      { numRuns: 20000 },
    );
  });

  it('rounds as a person reads the number, not as toFixed rounds the binary value', () => {
    expect(shown(98.55, 'fatPercent')).toBe(98.6);
    expect(shown(0.15, 'fatPercent')).toBe(0.2);
    expect(shown(-0.15, 'fatPercent')).toBe(-0.2);
    expect(shown(1.005, 'bmi')).toBe(1.01);
    expect(shown(24.994999, 'bmi')).toBe(24.99);
    expect(shown(24.995, 'bmi')).toBe(25);
  });

  it('the issue examples: 64 / 1.6² and 89.1 / 99', () => {
    expect(bmi(64, 160)).toBeLessThan(25);
    expect(bmiClassWho(bmi(64, 160))).toBe('pre_obese');
    expect(89.1 / 99).toBeLessThan(0.9);
    expect(whrFlag('M', 89.1 / 99)).toBe(true);
  });
});

describe('classes agree with the printed value at every cut-off', () => {
  // BMI prints with 2 decimals since decision 196 (WHO TRS 894 states its classes to 2 decimals).
  it('WHO BMI: heights 140-210 cm, every 0.1 kg weight printed on or just below a cut-off', () => {
    let onCutoff = 0;
    const mismatches: string[] = [];
    for (let h = 140; h <= 210; h++) {
      const h2 = (h / 100) ** 2;
      for (const [cut, below, from] of WHO_CUTOFFS) {
        const lo = Math.floor((cut - 0.25) * h2 * 10);
        const hi = Math.ceil((cut + 0.15) * h2 * 10);
        for (let w10 = lo; w10 <= hi; w10++) {
          const value = bmi(w10 / 10, h);
          const p = printed(value, 2);
          if (p === cut) {
            onCutoff++;
            if (bmiClassWho(value) !== from) mismatches.push(`${w10 / 10} kg ${h} cm`);
          } else if (p < cut && p >= cut - 0.1 && bmiClassWho(value) !== below) {
            mismatches.push(`${w10 / 10} kg ${h} cm`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(onCutoff).toBeGreaterThan(40);
  });

  it('MINSAL older adults (23, 28, 32) and the whole evaluation (BMI class and NHLBI risk)', () => {
    for (let h = 140; h <= 210; h++) {
      const w = Math.round(25 * (h / 100) ** 2 * 10) / 10;
      const value = bmi(w, h);
      if (printed(value, 2) !== 25) continue;
      const r = computeEvaluation(
        evaluationInputSchema.parse(subjectA({ evaluation_type: 1, peso: w, estatura: h, pcintura: 80 })),
      );
      expect(r.bmi.category).toBe('pre_obese');
      expect(r.risks.find((x) => x.id === 'bmi_waist')?.level).toBe('increased');
    }
    expect(bmiClassMinsalOlder(22.996)).toBe('normal');
    expect(bmiClassMinsalOlder(22.99)).toBe('underweight');
    expect(bmiClassMinsalOlder(27.996)).toBe('overweight');
    expect(bmiClassMinsalOlder(31.996)).toBe('obese');
  });

  it('waist-to-hip (0.90 men, 0.85 women) and waist-to-height (0.40, 0.50, 0.60) on 0.1 cm tapes', () => {
    // Plain comparisons in the loops, one assertion at the end: fast enough on a loaded machine.
    const mismatches: string[] = [];
    for (let hip10 = 700; hip10 <= 1500; hip10 += 7) {
      const hip = hip10 / 10;
      for (let waist10 = Math.floor(hip10 * 0.8); waist10 <= Math.ceil(hip10 * 0.95); waist10++) {
        const ratio = waist10 / 10 / hip;
        const p = printed(ratio, 2);
        if (whrFlag('M', ratio) !== p >= 0.9 || whrFlag('F', ratio) !== p >= 0.85)
          mismatches.push(`${waist10}/${hip10}`);
      }
    }
    for (let h = 140; h <= 210; h++) {
      for (let waist10 = Math.floor(h * 3.5); waist10 <= Math.ceil(h * 6.5); waist10++) {
        const ratio = waist10 / 10 / h;
        const p = printed(ratio, 2);
        const expected = p < 0.4 ? 'low' : p < 0.5 ? 'healthy' : p < 0.6 ? 'increased' : 'high';
        if (whtrRisk(ratio) !== expected) mismatches.push(`${waist10}/${h}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('waist circumference bands read the printed centimetre', () => {
    expect(waistFlags('M', 94.04).who).toBe('not_increased');
    expect(waistFlags('M', 94.06).who).toBe('increased');
    expect(waistFlags('F', 79.96).idf_latam).toBe(true);
  });
});
