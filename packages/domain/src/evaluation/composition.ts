import { analyseBodyFat, bodyFatInputOf } from '../body-fat.ts';
import { ref } from '../equations/equation.ts';
import { GALLAGHER, fatCategory } from '../equations/fat-categories.ts';
import {
  BONE_ROCHA,
  MUSCLE_DE_ROSE,
  MUSCLE_LEE_2,
  RESIDUAL_WURCH,
  boneMassRocha,
  muscleMassDeRose,
  residualMassWurch,
  smmLee2000Model2,
} from '../equations/fractionation.ts';
import { WARNING_KEYS } from '../i18n-keys.ts';
import type { EvaluationResult } from '../result.ts';
import type { EvalContext } from './context.ts';
import { checkSample, percentOf, pushWarning } from './context.ts';

export interface CompositionGroup {
  body_fat: EvaluationResult['body_fat'];
  comparisons: EvaluationResult['comparisons'];
  skinfold_sum: EvaluationResult['skinfold_sum'];
  lean_mass: EvaluationResult['lean_mass'];
  muscle_mass: EvaluationResult['muscle_mass'];
  residual_mass: EvaluationResult['residual_mass'];
  bone_mass: EvaluationResult['bone_mass'];
  ffmKg: number;
}

/** Fat (primary and comparisons), lean, residual, bone and muscle mass. */
export function compositionGroup(c: EvalContext): CompositionGroup {
  const { input, W, H, sex, age } = c;
  const fat = analyseBodyFat(bodyFatInputOf(input, age));
  for (const w of fat.warnings) c.warnings.push(w);
  const fatPct = fat.primary.percent;
  const fatKg = (W * fatPct) / 100;
  const ffmKg = W - fatKg;
  const gallagher = fatCategory(sex, age, fatPct);

  const residualKg = residualMassWurch(sex, W);
  if (c.minor) pushWarning(c, WARNING_KEYS.adultEquationInMinor, RESIDUAL_WURCH.id);

  let bone_mass: EvaluationResult['bone_mass'] = null;
  if (input.diametro_muneca !== undefined && input.diametro_femur !== undefined) {
    const kg = boneMassRocha(H, input.diametro_muneca, input.diametro_femur);
    bone_mass = { kg, percent: percentOf(W, kg), equation: ref(BONE_ROCHA) };
    checkSample(c, BONE_ROCHA);
  }

  let leeKg = smmLee2000Model2(sex, age, W, H);
  if (leeKg < 0) {
    pushWarning(c, WARNING_KEYS.muscleClamped, MUSCLE_LEE_2.id);
    leeKg = 0;
  }
  const lee = {
    kg: leeKg,
    percent: percentOf(W, leeKg),
    equation: ref(MUSCLE_LEE_2),
    kind: 'skeletal_muscle_mass' as const,
  };
  let muscle_mass: EvaluationResult['muscle_mass'];
  const deRoseKg = bone_mass ? muscleMassDeRose(W, fatKg, bone_mass.kg, residualKg) : null;
  if (deRoseKg !== null && deRoseKg > 0) {
    muscle_mass = {
      kg: deRoseKg,
      percent: percentOf(W, deRoseKg),
      equation: ref(MUSCLE_DE_ROSE),
      kind: 'muscle_mass',
      alternatives: [lee],
    };
  } else {
    // Never report W - fat - residual as muscle: that figure includes bone (formulas.md §3.3).
    pushWarning(
      c,
      deRoseKg === null ? WARNING_KEYS.skeletalMuscleOnly : WARNING_KEYS.muscleModelFallback,
      MUSCLE_LEE_2.id,
    );
    muscle_mass = { kg: lee.kg, percent: lee.percent, equation: lee.equation, kind: lee.kind, alternatives: [] };
    checkSample(c, MUSCLE_LEE_2);
  }

  const primary = fat.primary;
  const comparisons = fat.comparisons.map((e, i) => ({
    equation: ref(e.meta),
    percent: e.percent,
    kg: (W * e.percent) / 100,
    primary: i === 0,
    estimate: e.estimate,
    within_validity: e.outside === null,
    fields: e.fields,
  }));
  return {
    body_fat: {
      percent: fatPct,
      kg: fatKg,
      equation: ref(primary.meta),
      estimate: primary.estimate,
      within_validity: primary.outside === null,
      chosen: input.body_fat_equation !== undefined && input.body_fat_equation === primary.meta.id,
      category: gallagher ? { value: gallagher, equation: ref(GALLAGHER) } : null,
    },
    comparisons,
    skinfold_sum: fat.sumSites
      ? { sites: fat.sumSites, mm: fat.sumSites.reduce((acc, s) => acc + (input[s] ?? 0), 0) }
      : null,
    lean_mass: { kg: ffmKg, percent: percentOf(W, ffmKg) },
    muscle_mass,
    residual_mass: { kg: residualKg, percent: percentOf(W, residualKg), equation: ref(RESIDUAL_WURCH) },
    bone_mass,
    ffmKg,
  };
}
