import { localeCountry } from './country.ts';
import { defineEquation } from './equation.ts';

export type FoodGuideSystem = 'uk_fsa_traffic_light' | 'chile_ley_20606' | 'brazil_rdc_429' | 'us_fda_daily_value';
export type TrafficColour = 'green' | 'amber' | 'red';
type FoodNutrient = 'energy_kcal' | 'fat_g' | 'saturates_g' | 'sugars_g' | 'added_sugars_g' | 'salt_g' | 'sodium_mg';
type FoodForm = 'solid' | 'liquid';

export const UK_FSA = defineEquation({
  id: 'uk_fsa_traffic_light_2016',
  name: 'UK front-of-pack traffic light (per 100 g / 100 mL)',
  citation:
    'Department of Health / Food Standards Agency. Guide to creating a front of pack nutrition label, 2013 (updated 2016)',
  validity: 'Drinks use half the food thresholds (CHECK against the 2016 document)',
  status: 'solid',
});

export const CHILE_ALTO_EN = defineEquation({
  id: 'chile_ley_20606_2019',
  name: 'Chile "ALTO EN" warning limits, final phase (Ley 20.606, DS 13/2015)',
  citation: 'Ministerio de Salud de Chile. Ley 20.606; Decreto Supremo 13/2015, final phase since 27 June 2019',
  validity:
    'Red = above the limit ("ALTO EN", only when the nutrient was added); green = at or below half the limit (product convention)',
  status: 'solid',
});

/**
 * Brazil (decision 187): the front-of-pack magnifier "ALTO EM" when added sugars, saturated fat or sodium reach
 * the limit (IN 75/2020 Anexo XV: solids per 100 g, liquids per 100 mL; "≥", unlike Chile's "above").
 */
export const BRAZIL_ALTO_EM = defineEquation({
  id: 'brazil_rdc_429_2020',
  name: 'Brazil front-of-pack "ALTO EM" magnifier (ANVISA RDC 429/2020, IN 75/2020)',
  citation:
    'ANVISA. Resolução RDC nº 429 and Instrução Normativa IN nº 75, 8 October 2020 (Anexo XV), in force since 9 October 2022',
  validity:
    'Red = at or above the limit (the "ALTO EM" magnifier); green = at or below half the limit (product convention, as for Chile)',
  status: 'solid',
});

/**
 * United States (decision 187): the Nutrition Facts label gives %Daily Value per serving; FDA's 5/20 rule reads
 * 5 % DV or less as low and 20 % DV or more as high. Limits are those shares of the Daily Values of 21 CFR 101.9(c)
 * (2016 rule): total fat 78 g, saturated fat 20 g, sodium 2,300 mg, added sugars 50 g.
 */
export const US_FDA_DV = defineEquation({
  id: 'us_fda_percent_dv_5_20',
  name: 'US Nutrition Facts %Daily Value, 5/20 rule (per serving)',
  citation:
    'U.S. Food and Drug Administration. How to Understand and Use the Nutrition Facts Label (2022); Daily Values: 21 CFR 101.9(c), 81 FR 33742 (27 May 2016)',
  validity: 'Per labeled serving, not per 100 g; Daily Values for adults and children 4 y and over',
  status: 'solid',
});

interface NutrientThreshold {
  nutrient: FoodNutrient;
  unit: 'kcal' | 'g' | 'mg';
  /** At or below: green. */
  green_max: number;
  /** Above: red. Between green_max and red_above: amber. */
  red_above: number;
  /** Brazil and the US: red already at the limit ("≥"). */
  red_inclusive?: true;
  /** UK only: red when one portion (> 100 g) has more than this. */
  red_per_portion_above?: number;
  /** Chile and Brazil: the warning the package shows when red. */
  label?: string;
}

export interface FoodGuide {
  system: FoodGuideSystem;
  equation: { id: string; name: string; citation: string };
  /** What the limits are per: 100 g / 100 mL, or the labeled serving (the US). */
  basis: { solid: 'per_100g' | 'per_serving'; liquid: 'per_100ml' | 'per_serving' };
  thresholds: Record<FoodForm, NutrientThreshold[]>;
}

const UK_SOLID: NutrientThreshold[] = [
  { nutrient: 'fat_g', unit: 'g', green_max: 3, red_above: 17.5, red_per_portion_above: 21 },
  { nutrient: 'saturates_g', unit: 'g', green_max: 1.5, red_above: 5, red_per_portion_above: 6 },
  { nutrient: 'sugars_g', unit: 'g', green_max: 5, red_above: 22.5, red_per_portion_above: 27 },
  { nutrient: 'salt_g', unit: 'g', green_max: 0.3, red_above: 1.5, red_per_portion_above: 1.8 },
];
const UK_LIQUID: NutrientThreshold[] = [
  { nutrient: 'fat_g', unit: 'g', green_max: 1.5, red_above: 8.75 },
  { nutrient: 'saturates_g', unit: 'g', green_max: 0.75, red_above: 2.5 },
  { nutrient: 'sugars_g', unit: 'g', green_max: 2.5, red_above: 11.25 },
  { nutrient: 'salt_g', unit: 'g', green_max: 0.3, red_above: 0.75 },
];

const chile = (
  nutrient: FoodNutrient,
  unit: NutrientThreshold['unit'],
  limit: number,
  label: string,
): NutrientThreshold => ({
  nutrient,
  unit,
  green_max: limit / 2,
  red_above: limit,
  label,
});
const CL_SOLID: NutrientThreshold[] = [
  chile('energy_kcal', 'kcal', 275, 'ALTO EN CALORÍAS'),
  chile('sodium_mg', 'mg', 400, 'ALTO EN SODIO'),
  chile('sugars_g', 'g', 10, 'ALTO EN AZÚCARES'),
  chile('saturates_g', 'g', 4, 'ALTO EN GRASAS SATURADAS'),
];
const CL_LIQUID: NutrientThreshold[] = [
  chile('energy_kcal', 'kcal', 70, 'ALTO EN CALORÍAS'),
  chile('sodium_mg', 'mg', 100, 'ALTO EN SODIO'),
  chile('sugars_g', 'g', 5, 'ALTO EN AZÚCARES'),
  chile('saturates_g', 'g', 3, 'ALTO EN GRASAS SATURADAS'),
];

const brazil = (
  nutrient: FoodNutrient,
  unit: NutrientThreshold['unit'],
  limit: number,
  label: string,
): NutrientThreshold => ({ nutrient, unit, green_max: limit / 2, red_above: limit, red_inclusive: true, label });
const BR_SOLID: NutrientThreshold[] = [
  brazil('added_sugars_g', 'g', 15, 'ALTO EM AÇÚCAR ADICIONADO'),
  brazil('saturates_g', 'g', 6, 'ALTO EM GORDURA SATURADA'),
  brazil('sodium_mg', 'mg', 600, 'ALTO EM SÓDIO'),
];
const BR_LIQUID: NutrientThreshold[] = [
  brazil('added_sugars_g', 'g', 7.5, 'ALTO EM AÇÚCAR ADICIONADO'),
  brazil('saturates_g', 'g', 3, 'ALTO EM GORDURA SATURADA'),
  brazil('sodium_mg', 'mg', 300, 'ALTO EM SÓDIO'),
];

/** 5 % and 20 % of a Daily Value (21 CFR 101.9(c)): low at or below, high at or above. */
const us = (nutrient: FoodNutrient, unit: NutrientThreshold['unit'], dailyValue: number): NutrientThreshold => ({
  nutrient,
  unit,
  green_max: Math.round(dailyValue * 0.05 * 10) / 10,
  red_above: Math.round(dailyValue * 0.2 * 10) / 10,
  red_inclusive: true,
});
const US_SERVING: NutrientThreshold[] = [
  us('fat_g', 'g', 78),
  us('saturates_g', 'g', 20),
  us('sodium_mg', 'mg', 2300),
  us('added_sugars_g', 'g', 50),
];

/** ISO 3166 alpha-2 → the guide of the labels the client reads in that country's shops (decision 187). */
const SYSTEM_BY_COUNTRY: Readonly<Record<string, FoodGuideSystem>> = {
  CL: 'chile_ley_20606',
  BR: 'brazil_rdc_429',
  US: 'us_fda_daily_value',
  GB: 'uk_fsa_traffic_light',
};

/**
 * The guide of the client's country, whatever the language (labelling law applies to food sold there): Chile's
 * "ALTO EN", Brazil's "ALTO EM", the US %DV, the UK traffic light; the UK's per-100 g traffic light, a reference
 * with no country's label behind it here, elsewhere (formulas.md §7, decision 187).
 */
export function foodGuideSystemFor(locale: string): FoodGuideSystem {
  return SYSTEM_BY_COUNTRY[localeCountry(locale) ?? ''] ?? 'uk_fsa_traffic_light';
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

const GUIDES: Readonly<Record<FoodGuideSystem, FoodGuide>> = {
  chile_ley_20606: deepFreeze({
    system: 'chile_ley_20606',
    equation: { id: CHILE_ALTO_EN.id, name: CHILE_ALTO_EN.name, citation: CHILE_ALTO_EN.citation },
    basis: { solid: 'per_100g', liquid: 'per_100ml' },
    thresholds: { solid: CL_SOLID, liquid: CL_LIQUID },
  }),
  brazil_rdc_429: deepFreeze({
    system: 'brazil_rdc_429',
    equation: { id: BRAZIL_ALTO_EM.id, name: BRAZIL_ALTO_EM.name, citation: BRAZIL_ALTO_EM.citation },
    basis: { solid: 'per_100g', liquid: 'per_100ml' },
    thresholds: { solid: BR_SOLID, liquid: BR_LIQUID },
  }),
  us_fda_daily_value: deepFreeze({
    system: 'us_fda_daily_value',
    equation: { id: US_FDA_DV.id, name: US_FDA_DV.name, citation: US_FDA_DV.citation },
    // Per serving: one table serves foods and drinks.
    basis: { solid: 'per_serving', liquid: 'per_serving' },
    thresholds: { solid: US_SERVING, liquid: US_SERVING },
  }),
  uk_fsa_traffic_light: deepFreeze({
    system: 'uk_fsa_traffic_light',
    equation: { id: UK_FSA.id, name: UK_FSA.name, citation: UK_FSA.citation },
    basis: { solid: 'per_100g', liquid: 'per_100ml' },
    thresholds: { solid: UK_SOLID, liquid: UK_LIQUID },
  }),
};

/** The locale's system with its thresholds, as frozen data the UI can colour with. */
export function foodGuide(locale: string): FoodGuide {
  return GUIDES[foodGuideSystemFor(locale)];
}

export interface FoodItem {
  form: FoodForm;
  /** Per 100 g or 100 mL. Missing nutrients are not classified. */
  per100: Partial<Record<FoodNutrient, number>>;
  /** Per labeled serving: what the US guide reads (per100 is not used there). */
  per_serving?: Partial<Record<FoodNutrient, number>>;
  /** UK: portion size in g, checked against the per-portion red limits when > 100 g. */
  portion_g?: number;
  /** Chile: which critical nutrients were added (sugars, sodium, saturated fat). Energy counts if any was. */
  added?: { sugars?: boolean; sodium?: boolean; saturates?: boolean };
}

export interface FoodClassification {
  nutrient: FoodNutrient;
  value: number;
  colour: TrafficColour;
  /** Chile: the octagon text when it applies. */
  warning_label?: string;
}

const ADDED_KEY: Partial<Record<FoodNutrient, 'sugars' | 'sodium' | 'saturates'>> = {
  sugars_g: 'sugars',
  sodium_mg: 'sodium',
  saturates_g: 'saturates',
};

/** Colours one food with a system; salt and sodium convert (salt = sodium × 2.5). */
export function classifyFood(system: FoodGuideSystem, food: FoodItem): FoodClassification[] {
  const guide = GUIDES[system];
  const per100 = { ...(guide.basis.solid === 'per_serving' ? (food.per_serving ?? {}) : food.per100) };
  if (per100.salt_g === undefined && per100.sodium_mg !== undefined) per100.salt_g = (per100.sodium_mg * 2.5) / 1000;
  if (per100.sodium_mg === undefined && per100.salt_g !== undefined) per100.sodium_mg = (per100.salt_g / 2.5) * 1000;
  const out: FoodClassification[] = [];
  for (const t of guide.thresholds[food.form]) {
    const value = per100[t.nutrient];
    if (value === undefined) continue;
    const red = t.red_inclusive ? value >= t.red_above : value > t.red_above;
    let colour: TrafficColour = value <= t.green_max ? 'green' : red ? 'red' : 'amber';
    if (
      t.red_per_portion_above !== undefined &&
      food.portion_g !== undefined &&
      food.portion_g > 100 &&
      (value * food.portion_g) / 100 > t.red_per_portion_above
    ) {
      colour = 'red';
    }
    const item: FoodClassification = { nutrient: t.nutrient, value, colour };
    if (system === 'chile_ley_20606' && colour === 'red') {
      const key = ADDED_KEY[t.nutrient];
      const added = food.added ?? {};
      const applies = key ? added[key] === true : Boolean(added.sugars || added.sodium || added.saturates);
      if (applies && t.label) item.warning_label = t.label;
    }
    // Brazil: the magnifier whenever the limit is reached (its nutrients are added sugars, saturated fat, sodium).
    if (system === 'brazil_rdc_429' && colour === 'red' && t.label) item.warning_label = t.label;
    out.push(item);
  }
  return out;
}
