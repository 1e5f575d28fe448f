import {
  CUNNINGHAM_1980,
  HARRIS_BENEDICT_1919,
  KATCH_MCARDLE_BMR,
  METABOLIC_AGE,
  MIFFLIN,
  bmrCunningham1980,
  bmrHarrisBenedict1919,
  bmrKatchMcArdle,
  bmrMifflin,
  bmrRozaShizgal,
  energyRequirement,
  metabolicAge,
  ROZA_SHIZGAL,
} from '../equations/energy.ts';
import type { ActivityLevel } from '../equations/energy.ts';
import { ref } from '../equations/equation.ts';
import {
  AMDR,
  ATWATER,
  DEFAULT_FAT_PCT,
  MACROS_PERCENT,
  MACROS_PROTEIN_FIRST,
  PROTEIN_G_PER_KG,
  macrosFromPercent,
  macrosProteinFirst,
} from '../equations/macros.ts';
import { WARNING_KEYS } from '../i18n-keys.ts';
import type { EvaluationResult } from '../result.ts';
import type { EvaluationInput } from '../schema.ts';
import { bmiAtLeast } from './anthropometry.ts';
import type { EvalContext } from './context.ts';
import { checkSample, pushWarning } from './context.ts';

/** BMI at or above which protein is computed on the ideal weight (formulas.md §6). */
const PROTEIN_ON_IDEAL_BMI = 30;

/** Level whose average energy feeds the macros when the professional did not choose one (decision 032). */
export function defaultEnergyLevel(input: Pick<EvaluationInput, 'ejercita' | 'frecentrena'>): ActivityLevel {
  if (input.ejercita !== 'Si' || input.frecentrena === undefined) return 'sedentary';
  if (input.frecentrena <= 2) return 'low';
  if (input.frecentrena <= 4) return 'moderate';
  return 'high';
}

export interface EnergyGroup {
  bmr: EvaluationResult['bmr'];
  energy: EvaluationResult['energy'];
  metabolic_age: EvaluationResult['metabolic_age'];
}

/** BMR (Mifflin-St Jeor and alternatives), energy per activity level and the metabolic-age estimate. */
export function energyGroup(c: EvalContext, ffmKg: number): EnergyGroup {
  const { sex, age, W, H } = c;
  const bmrKcal = bmrMifflin(sex, age, W, H);
  checkSample(c, MIFFLIN);
  const bmr: EvaluationResult['bmr'] = {
    kcal: bmrKcal,
    equation: ref(MIFFLIN),
    alternatives: [
      { kcal: bmrHarrisBenedict1919(sex, age, W, H), equation: ref(HARRIS_BENEDICT_1919) },
      { kcal: bmrRozaShizgal(sex, age, W, H), equation: ref(ROZA_SHIZGAL) },
      { kcal: bmrKatchMcArdle(ffmKg), equation: ref(KATCH_MCARDLE_BMR) },
      { kcal: bmrCunningham1980(ffmKg), equation: ref(CUNNINGHAM_1980) },
    ],
  };
  const energy: EvaluationResult['energy'] = {
    sedentary: energyRequirement(bmrKcal, 'sedentary'),
    low: energyRequirement(bmrKcal, 'low'),
    moderate: energyRequirement(bmrKcal, 'moderate'),
    high: energyRequirement(bmrKcal, 'high'),
  };
  let metabolic_age: EvaluationResult['metabolic_age'] = null;
  // Under 18 no adult BMR curve describes growth: not computed, and said so (decision 038).
  if (c.minor) pushWarning(c, WARNING_KEYS.metabolicAgeAdultsOnly, METABOLIC_AGE.id);
  else {
    const m = metabolicAge(sex, age, W, H, ffmKg);
    metabolic_age = { years: m.years, clamped: m.clamped, estimate: true, equation: ref(METABOLIC_AGE) };
  }
  return { bmr, energy, metabolic_age };
}

function macroPart(g: number, kcalPerG: number, totalKcal: number) {
  return { g, kcal: g * kcalPerG, percent: ((g * kcalPerG) / totalKcal) * 100 };
}

const KIDNEY = /ri[ñn][oó]n|renal|rim|kidney/i;

/** Macronutrients for the chosen (or derived) activity level, protein first unless percentages are given. */
export function macrosGroup(
  c: EvalContext,
  energy: EvaluationResult['energy'],
  idealKg: number,
  conditions: ReadonlyArray<{ name: string }>,
): EvaluationResult['macros'] {
  const { input } = c;
  const level = input.energy_level ?? defaultEnergyLevel(input);
  const kcal = energy[level].avg;
  let macros: EvaluationResult['macros'];
  if (input.macro_percentages) {
    const p = input.macro_percentages;
    const g = macrosFromPercent(kcal, p.protein, p.carbohydrate, p.fat);
    macros = {
      mode: 'percentages',
      energy_level: level,
      kcal,
      protein: macroPart(g.protein_g, ATWATER.protein, kcal),
      carbohydrate: macroPart(g.carb_g, ATWATER.carbohydrate, kcal),
      fat: macroPart(g.fat_g, ATWATER.fat, kcal),
      protein_g_per_kg: null,
      weight_basis_kg: null,
      equation: ref(MACROS_PERCENT),
    };
  } else {
    const perKg =
      input.protein_g_kg ??
      (input.ejercita === 'Si'
        ? PROTEIN_G_PER_KG.active
        : c.age >= 65
          ? PROTEIN_G_PER_KG.olderAdult
          : PROTEIN_G_PER_KG.sedentaryAdult);
    const onIdeal = bmiAtLeast(c.bmi, PROTEIN_ON_IDEAL_BMI);
    if (onIdeal) pushWarning(c, WARNING_KEYS.proteinOnIdealWeight);
    const basis = onIdeal ? idealKg : c.W;
    const g = macrosProteinFirst(kcal, basis, perKg, input.fat_pct ?? DEFAULT_FAT_PCT);
    macros = {
      mode: 'protein_first',
      energy_level: level,
      kcal,
      protein: macroPart(g.protein_g, ATWATER.protein, kcal),
      carbohydrate: macroPart(g.carb_g, ATWATER.carbohydrate, kcal),
      fat: macroPart(g.fat_g, ATWATER.fat, kcal),
      protein_g_per_kg: perKg,
      weight_basis_kg: basis,
      equation: ref(MACROS_PROTEIN_FIRST),
    };
  }
  if (macros.carbohydrate.g < AMDR.carbohydrateRdaG) pushWarning(c, WARNING_KEYS.carbohydrateBelowRda);
  if (macros.carbohydrate.percent < AMDR.carbohydrate.min || macros.carbohydrate.percent > AMDR.carbohydrate.max)
    pushWarning(c, WARNING_KEYS.carbohydrateOutsideAmdr);
  if (macros.protein.percent > AMDR.protein.max) pushWarning(c, WARNING_KEYS.proteinAboveAmdr);
  if (conditions.some((x) => KIDNEY.test(x.name))) pushWarning(c, WARNING_KEYS.kidneyDiseaseProtein);
  return macros;
}
