import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate.ts';
import { keyResultScales } from './key-result-scales.ts';
import { subjectA } from './test/factories.ts';

const resultOf = (overrides: Parameters<typeof subjectA>[0] = {}) => {
  const out = evaluate(subjectA(overrides));
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  return out.result;
};

describe('keyResultScales', () => {
  it('cuts each bar at the engine’s own cut-offs, normal in the middle, bands contiguous', () => {
    const r = resultOf();
    const scales = keyResultScales(r, 80);
    expect(scales.map((s) => s.id)).toEqual(['weight', 'bmi', 'body_fat', 'waist_height', 'systolic']);
    const bmi = scales.find((s) => s.id === 'bmi')!;
    expect(bmi.bands.map((b) => [b.from, b.level])).toEqual([
      [15, 'low'],
      [18.5, 'normal'],
      [25, 'raised'],
      [30, 'high'],
    ]);
    const weight = scales[0]!;
    expect(weight.bands[1]).toMatchObject({ from: r.ideal_weight.min_kg, to: r.ideal_weight.max_kg, level: 'normal' });
    for (const s of scales) {
      expect(s.bands[0]!.from).toBe(s.axis.min);
      expect(s.bands.at(-1)!.to).toBe(s.axis.max);
      s.bands.slice(1).forEach((b, i) => expect(b.from).toBe(s.bands[i]!.to));
    }
  });

  it('widens the axis so an extreme value stays on the bar', () => {
    const systolic = keyResultScales(resultOf({ presion_s: 200, presion_d: 95 }), 80).find((s) => s.id === 'systolic')!;
    expect(systolic.axis.max).toBe(200);
    expect(systolic.value).toBe(200);
  });

  it('draws no adult BMI or body-fat bar for a minor (adult cut-offs, decision 037)', () => {
    const ids = keyResultScales(resultOf({ nacimiento: '2010-03-01', fecha: '2025-06-01' }), 80).map((s) => s.id);
    expect(ids).not.toContain('bmi');
    expect(ids).not.toContain('body_fat');
  });
});
