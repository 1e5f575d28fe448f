import { defineEquation } from './equation.ts';

export const ATWATER = { protein: 4, carbohydrate: 4, fat: 9 } as const;

export const MACROS_PROTEIN_FIRST = defineEquation({
  id: 'macros_protein_first',
  name: 'Protein from g/kg, fat share of energy, carbohydrate the remainder (Atwater 4/4/9)',
  citation:
    'Product convention (formulas.md §6) on IOM 2005 AMDR, Thomas DT et al. Med Sci Sports Exerc 2016;48:543, Bauer J et al. JAMDA 2013;14:542',
  validity: 'Adults; protein on ideal weight when BMI >= 30',
  status: 'convention',
});

export const MACROS_PERCENT = defineEquation({
  id: 'macros_percent',
  name: 'Fixed percentage split of energy (Atwater 4/4/9)',
  citation: 'Atwater general factors; IOM 2005 acceptable macronutrient distribution ranges',
  validity: 'Any; percentages chosen by the professional',
  status: 'solid',
});

export interface MacroGrams {
  protein_g: number;
  carb_g: number;
  fat_g: number;
}

/** grams = kcal × % / kcal per g. */
export function macrosFromPercent(kcal: number, proteinPct: number, carbPct: number, fatPct: number): MacroGrams {
  return {
    protein_g: (kcal * proteinPct) / 100 / ATWATER.protein,
    carb_g: (kcal * carbPct) / 100 / ATWATER.carbohydrate,
    fat_g: (kcal * fatPct) / 100 / ATWATER.fat,
  };
}

/**
 * Protein first (g/kg × weight basis), fat as a share of energy, carbohydrate the remainder.
 * The remainder is floored at 0 so an extreme protein target never yields negative grams
 * (callers warn when that happens).
 */
export function macrosProteinFirst(
  kcal: number,
  weightBasisKg: number,
  proteinGPerKg: number,
  fatPct: number,
): MacroGrams {
  const proteinG = weightBasisKg * proteinGPerKg;
  const fatKcal = (kcal * fatPct) / 100;
  const carbKcal = Math.max(0, kcal - proteinG * ATWATER.protein - fatKcal);
  return { protein_g: proteinG, fat_g: fatKcal / ATWATER.fat, carb_g: carbKcal / ATWATER.carbohydrate };
}

/** AMDR (IOM 2005) and the carbohydrate RDA, used for warnings. */
export const AMDR = {
  protein: { min: 10, max: 35 },
  carbohydrate: { min: 45, max: 65 },
  fat: { min: 20, max: 35 },
  carbohydrateRdaG: 130,
} as const;

export const DEFAULT_FAT_PCT = 25;
/** g/kg/day defaults by situation (formulas.md §6 table). */
export const PROTEIN_G_PER_KG = {
  sedentaryAdult: 0.8,
  olderAdult: 1.0,
  active: 1.6,
} as const;
