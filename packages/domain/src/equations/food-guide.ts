import { defineEquation } from './equation.ts';

export type FoodGuideSystem = 'uk_fsa_traffic_light' | 'chile_ley_20606';
export type TrafficColour = 'green' | 'amber' | 'red';
type FoodNutrient = 'energy_kcal' | 'fat_g' | 'saturates_g' | 'sugars_g' | 'salt_g' | 'sodium_mg';
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

interface NutrientThreshold {
  nutrient: FoodNutrient;
  unit: 'kcal' | 'g' | 'mg';
  /** At or below: green. */
  green_max: number;
  /** Above: red. Between green_max and red_above: amber. */
  red_above: number;
  /** UK only: red when one portion (> 100 g) has more than this. */
  red_per_portion_above?: number;
  /** Chile only: the octagon label shown when red. */
  label?: string;
}

export interface FoodGuide {
  system: FoodGuideSystem;
  equation: { id: string; name: string; citation: string };
  basis: { solid: 'per_100g'; liquid: 'per_100ml' };
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

/**
 * Chile's system for a client in Chile, whatever the language (the law applies to food sold there); the UK
 * traffic light everywhere else (formulas.md §7). The locale's region is the client's country.
 */
export function foodGuideSystemFor(locale: string): FoodGuideSystem {
  return /^[a-z]{2,3}[-_]CL$/i.test(locale) ? 'chile_ley_20606' : 'uk_fsa_traffic_light';
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
  const per100 = { ...food.per100 };
  if (per100.salt_g === undefined && per100.sodium_mg !== undefined) per100.salt_g = (per100.sodium_mg * 2.5) / 1000;
  if (per100.sodium_mg === undefined && per100.salt_g !== undefined) per100.sodium_mg = (per100.salt_g / 2.5) * 1000;
  const out: FoodClassification[] = [];
  for (const t of guide.thresholds[food.form]) {
    const value = per100[t.nutrient];
    if (value === undefined) continue;
    let colour: TrafficColour = value <= t.green_max ? 'green' : value > t.red_above ? 'red' : 'amber';
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
    out.push(item);
  }
  return out;
}
