import { bmiForAge } from '../equations/bmi.ts';
import { BMR_CATALOGUE, METABOLIC_AGE, energyRequirement, metabolicAge } from '../equations/energy.ts';
import type { ActivityLevel, BmrEquation, BmrSubject } from '../equations/energy.ts';
import { outsideSample, outsideSampleGroup, ref } from '../equations/equation.ts';
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

/** Trains at least this many times a week: read as an athlete for the athletes' equations (decision 192). */
const ATHLETE_SESSIONS_PER_WEEK = 3;

/** The client trains regularly enough to be compared with the athletes the athletes' equations were derived in. */
function isAthlete(input: Pick<EvaluationInput, 'ejercita' | 'frecentrena'>): boolean {
  return input.ejercita === 'Si' && (input.frecentrena ?? 0) >= ATHLETE_SESSIONS_PER_WEEK;
}

/** Whether the client is inside the equation's sample; outside it, the warning that says why. */
function bmrValidity(c: EvalContext, eq: BmrEquation, athlete: boolean): boolean {
  if (!checkSample(c, eq.meta)) return false;
  const outside = outsideSampleGroup(eq.meta, c.sex, athlete);
  if (outside === 'sex') pushWarning(c, WARNING_KEYS.outsideSampleSex, eq.meta.id);
  else if (outside === 'athletes') pushWarning(c, WARNING_KEYS.outsideSampleAthletes, eq.meta.id);
  return outside === null;
}

/**
 * Every resting-energy equation, the professional's chosen one (`bmr_equation`, Mifflin-St Jeor by default) as the
 * primary and the others as alternatives, each flagged outside its derivation sample.
 */
function bmrGroup(c: EvalContext, ffmKg: number): EvaluationResult['bmr'] {
  const subject: BmrSubject = { sex: c.sex, age: c.age, weightKg: c.W, heightCm: c.H, ffmKg };
  const athlete = isAthlete(c.input);
  const chosenId = c.input.bmr_equation;
  const primary = BMR_CATALOGUE.find((eq) => eq.meta.id === chosenId) ?? BMR_CATALOGUE[0]!;
  // The primary's warning comes first, as it is the one the energy need is computed from.
  const within_validity = bmrValidity(c, primary, athlete);
  // The alternatives are flagged on the card, without a warning each: eleven comparisons would bury the warnings
  // that matter (every woman is outside De Lorenzo's men, most clients outside the athletes' equations).
  const alternatives = BMR_CATALOGUE.filter((eq) => eq !== primary).map((eq) => ({
    kcal: eq.kcal(subject),
    equation: ref(eq.meta),
    within_validity:
      outsideSample(eq.meta, c.sex, c.age, c.bmi) === null && outsideSampleGroup(eq.meta, c.sex, athlete) === null,
  }));
  return {
    kcal: primary.kcal(subject),
    equation: ref(primary.meta),
    within_validity,
    chosen: chosenId !== undefined && chosenId === primary.meta.id,
    alternatives,
  };
}

/** BMR (the chosen equation and the alternatives), energy per activity level and the metabolic-age estimate. */
export function energyGroup(c: EvalContext, ffmKg: number): EnergyGroup {
  const { sex, age, W, H } = c;
  const bmr = bmrGroup(c, ffmKg);
  const bmrKcal = bmr.kcal;
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
    // Under 18 obesity is WHO 2007 BMI-for-age > +2 SD, not the adult BMI 30 (decision 194).
    const onIdeal = c.minor
      ? bmiForAge(c.bmi, c.sex, c.exactMonths).category === 'obesity'
      : bmiAtLeast(c.bmi, PROTEIN_ON_IDEAL_BMI);
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
