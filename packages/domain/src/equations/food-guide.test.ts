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
    expect(foodGuideSystemFor('es-BR')).toBe('brazil_rdc_429');
    expect(foodGuideSystemFor('en-US')).toBe('us_fda_daily_value');
    expect(foodGuideSystemFor('en-GB')).toBe('uk_fsa_traffic_light');
    expect(foodGuideSystemFor('es')).toBe('uk_fsa_traffic_light');
    const cl = foodGuide('es-CL');
    expect(cl.thresholds.solid.find((t) => t.nutrient === 'sodium_mg')).toMatchObject({
      red_above: 400,
      green_max: 200,
    });
    expect(cl.thresholds.liquid.find((t) => t.nutrient === 'energy_kcal')).toMatchObject({ red_above: 70 });
  });
});

describe('food guide by country (issue 30 item 12, decision 187)', () => {
  it('Brazil IN 75/2020 Anexo XV: "ALTO EM" at the limit (≥), solids 15 g / 6 g / 600 mg, liquids 7.5 g / 3 g / 300 mg', () => {
    const solid = (per100: Record<string, number>) =>
      classifyFood('brazil_rdc_429', { form: 'solid', per100 }).map((c) => [c.nutrient, c.colour, c.warning_label]);
    // A biscuit at exactly the limits: every magnifier (Brazil's "≥", where Chile's is "above").
    expect(solid({ added_sugars_g: 15, saturates_g: 6, sodium_mg: 600 })).toEqual([
      ['added_sugars_g', 'red', 'ALTO EM AÇÚCAR ADICIONADO'],
      ['saturates_g', 'red', 'ALTO EM GORDURA SATURADA'],
      ['sodium_mg', 'red', 'ALTO EM SÓDIO'],
    ]);
    expect(solid({ added_sugars_g: 14.9, sodium_mg: 300 })).toEqual([
      ['added_sugars_g', 'amber', undefined],
      ['sodium_mg', 'green', undefined],
    ]);
    // A soft drink, 10 g added sugars per 100 mL (≥ 7.5): ALTO EM AÇÚCAR ADICIONADO.
    const drink = classifyFood('brazil_rdc_429', { form: 'liquid', per100: { added_sugars_g: 10, sodium_mg: 10 } });
    expect(drink.map((c) => c.warning_label)).toEqual(['ALTO EM AÇÚCAR ADICIONADO', undefined]);
    expect(foodGuide('pt-BR').thresholds.liquid.map((t) => [t.nutrient, t.red_above])).toEqual([
      ['added_sugars_g', 7.5],
      ['saturates_g', 3],
      ['sodium_mg', 300],
    ]);
  });

  it('US 5/20 rule on the Daily Values (21 CFR 101.9(c)): low ≤ 5 %, high ≥ 20 %, per serving', () => {
    const guide = foodGuide('en-US');
    expect(guide.basis).toEqual({ solid: 'per_serving', liquid: 'per_serving' });
    expect(guide.thresholds.solid.map((t) => [t.nutrient, t.green_max, t.red_above])).toEqual([
      ['fat_g', 3.9, 15.6], // DV 78 g
      ['saturates_g', 1, 4], // DV 20 g
      ['sodium_mg', 115, 460], // DV 2,300 mg
      ['added_sugars_g', 2.5, 10], // DV 50 g
    ]);
    // FDA's label example (macaroni and cheese, one cup): sodium 850 mg (37 % DV) high, saturated fat 3 g (15 %) between.
    const out = classifyFood('us_fda_daily_value', {
      form: 'solid',
      per100: {},
      per_serving: { sodium_mg: 850, saturates_g: 3, added_sugars_g: 0 },
    });
    expect(out.map((c) => [c.nutrient, c.colour])).toEqual([
      ['saturates_g', 'amber'],
      ['sodium_mg', 'red'],
      ['added_sugars_g', 'green'],
    ]);
    // 20 % DV exactly is high.
    expect(
      classifyFood('us_fda_daily_value', { form: 'liquid', per100: {}, per_serving: { sodium_mg: 460 } })[0]!.colour,
    ).toBe('red');
  });
});
