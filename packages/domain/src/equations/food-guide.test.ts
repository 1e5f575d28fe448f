import { describe, expect, it } from 'vitest';
import { classifyFood, foodGuide, foodGuideSystemFor } from './food-guide.ts';

describe('food guide (formulas.md §7)', () => {
  it('UK vector: yogurt 3.2 / 2.1 / 12.0 / 0.12 per 100 g → amber, amber, amber, green', () => {
    const out = classifyFood('uk_fsa_traffic_light', {
      form: 'solid',
      per100: { fat_g: 3.2, saturates_g: 2.1, sugars_g: 12, salt_g: 0.12 },
    });
    expect(out.map((c) => [c.nutrient, c.colour])).toEqual([
      ['fat_g', 'amber'],
      ['saturates_g', 'amber'],
      ['sugars_g', 'amber'],
      ['salt_g', 'green'],
    ]);
  });

  it('UK boundaries: ≤ green max is green, > red limit is red', () => {
    const c = (fat: number) =>
      classifyFood('uk_fsa_traffic_light', { form: 'solid', per100: { fat_g: fat } })[0]!.colour;
    expect(c(3)).toBe('green');
    expect(c(17.5)).toBe('amber');
    expect(c(17.6)).toBe('red');
  });

  it('UK per-portion red limit for portions over 100 g', () => {
    const out = classifyFood('uk_fsa_traffic_light', { form: 'solid', per100: { fat_g: 15 }, portion_g: 150 });
    expect(out[0]!.colour).toBe('red'); // 22.5 g per portion > 21 g
  });

  it('Chile vector: juice with added sugar, 42 kcal, sugars 10 g, sodium 10 mg per 100 mL → ALTO EN AZÚCARES only', () => {
    const out = classifyFood('chile_ley_20606', {
      form: 'liquid',
      per100: { energy_kcal: 42, sugars_g: 10, sodium_mg: 10 },
      added: { sugars: true },
    });
    expect(out.filter((c) => c.warning_label).map((c) => c.warning_label)).toEqual(['ALTO EN AZÚCARES']);
    expect(out.find((c) => c.nutrient === 'energy_kcal')!.colour).toBe('amber');
  });

  it('Chile: no octagon when the nutrient was not added', () => {
    const out = classifyFood('chile_ley_20606', { form: 'solid', per100: { sugars_g: 20 } });
    expect(out[0]!.colour).toBe('red');
    expect(out[0]!.warning_label).toBeUndefined();
  });

  it('system by locale and thresholds as data', () => {
    expect(foodGuideSystemFor('es-CL')).toBe('chile_ley_20606');
    expect(foodGuideSystemFor('es_cl')).toBe('chile_ley_20606');
    expect(foodGuideSystemFor('es-AR')).toBe('uk_fsa_traffic_light');
    // The client's country decides, not the language (issue 14).
    expect(foodGuideSystemFor('en-CL')).toBe('chile_ley_20606');
    expect(foodGuideSystemFor('pt-CL')).toBe('chile_ley_20606');
    expect(foodGuideSystemFor('es-BR')).toBe('uk_fsa_traffic_light');
    expect(foodGuideSystemFor('es')).toBe('uk_fsa_traffic_light');
    const cl = foodGuide('es-CL');
    expect(cl.thresholds.solid.find((t) => t.nutrient === 'sodium_mg')).toMatchObject({
      red_above: 400,
      green_max: 200,
    });
    expect(cl.thresholds.liquid.find((t) => t.nutrient === 'energy_kcal')).toMatchObject({ red_above: 70 });
  });
});
