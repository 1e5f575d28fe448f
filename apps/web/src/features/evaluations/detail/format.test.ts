import { describe, expect, it } from 'vitest';
import { evaluate } from '@medida/domain';
import { subjectA } from '@medida/domain/test';
import { collectEquations, formatDelta, formatMinutesSeconds, formatNumber, levelColour } from './format.ts';

describe('levelColour', () => {
  it('maps categories to green, yellow, orange and red', () => {
    expect(levelColour('normal', 'bmi')).toBe('green');
    expect(levelColour('pre_obese', 'bmi')).toBe('yellow');
    expect(levelColour('obesity_1', 'bmi')).toBe('orange');
    expect(levelColour('obesity_3', 'bmi')).toBe('red');
    expect(levelColour('stage2', 'bp')).toBe('red');
    expect(levelColour(undefined)).toBe('gray');
  });

  it('reads a word by its scale: high HDL is good, low CRP is good', () => {
    expect(levelColour('high', 'exam:hdl')).toBe('green');
    expect(levelColour('high', 'exam:fasting_triglycerides')).toBe('orange');
    expect(levelColour('low', 'exam:crp')).toBe('green');
    expect(levelColour('obese', 'fat')).toBe('red');
  });
});

describe('number display', () => {
  it('rounds for display only, with the language decimal separator', () => {
    expect(formatNumber(25.24933, 1, 'en')).toBe('25.2');
    expect(formatNumber(25.24933, 1, 'es')).toBe('25,2');
    expect(formatNumber(1742.5, 0, 'pt')).toBe('1.743');
    expect(formatNumber(-0.01, 1, 'en')).toBe('0.0');
    expect(formatNumber(null, 1, 'en')).toBe('—');
  });

  it('signs deltas', () => {
    expect(formatDelta(1.24, 1, 'en')).toBe('+1.2');
    expect(formatDelta(-0.8, 1, 'es')).toBe('−0,8');
    expect(formatDelta(0.01, 1, 'en')).toBe('±0.0');
  });
});

describe('collectEquations', () => {
  it('lists every cited equation once, starting with BMI', () => {
    // Reference subject A (formulas.md): four skinfolds, not exercising, with a Rockport test.
    const out = evaluate(
      subjectA({
        ejercita: 'No',
        hace: undefined,
        frecentrena: undefined,
        rockport: { minutes: 14, seconds: 30, bpm: 140 },
      }),
    );
    if (!out.ok) throw new Error(JSON.stringify(out.errors));
    const list = collectEquations(out.result);
    expect(list[0]!.id).toBe('bmi_quetelet');
    expect(new Set(list.map((e) => e.id)).size).toBe(list.length);
    expect(list.map((e) => e.id)).toEqual(
      expect.arrayContaining(['rockport_kline_1987', 'bmr_mifflin_st_jeor_1990', 'evans_2005']),
    );
    expect(list.every((e) => e.citation.length > 0)).toBe(true);
  });
});

describe('formatMinutesSeconds', () => {
  it('reads minutes as mm:ss, rounding to the second', () => {
    expect(formatMinutesSeconds(14.5)).toBe('14:30');
    expect(formatMinutesSeconds(15 + 7 / 60)).toBe('15:07');
    expect(formatMinutesSeconds(9.999)).toBe('10:00');
    expect(formatMinutesSeconds(null)).toBe('—');
  });
});
