import { ageAt } from './age.ts';
import { analyseBodyFat, bodyFatInputOf } from './body-fat.ts';
import type { WarningItem } from './body-fat.ts';
import { ADULT_AGE_YEARS, ENGINE_VERSION, EVALUATION_TYPES } from './constants.ts';
import {
  BMI_FOR_AGE_WHO2007,
  BMI_MINSAL_OLDER,
  BMI_QUETELET,
  bmi as bmiOf,
  bmiClassMinsalOlder,
  bmiClassWho,
  bmiForAge,
  lmsValue,
} from './equations/bmi.ts';
import { BP_ACC_AHA, METABOLIC_SYNDROME, bpCategoryAccAha, isFever, metabolicSyndrome } from './equations/clinical.ts';
import {
  CUNNINGHAM_1980,
  HARRIS_BENEDICT_1919,
  KATCH_MCARDLE_BMR,
  METABOLIC_AGE,
  MIFFLIN,
  PAL_IOM,
  ROZA_SHIZGAL,
  bmrCunningham1980,
  bmrHarrisBenedict1919,
  bmrKatchMcArdle,
  bmrMifflin,
  bmrRozaShizgal,
  energyRequirement,
  metabolicAge,
} from './equations/energy.ts';
import type { ActivityLevel } from './equations/energy.ts';
import { ref } from './equations/equation.ts';
import { GALLAGHER, fatCategory } from './equations/fat-categories.ts';
import { foodGuide } from './equations/food-guide.ts';
import {
  BONE_ROCHA,
  MUSCLE_DE_ROSE,
  MUSCLE_LEE_2,
  RESIDUAL_WURCH,
  boneMassRocha,
  muscleMassDeRose,
  residualMassWurch,
  smmLee2000Model2,
} from './equations/fractionation.ts';
import {
  DEFAULT_TARGET_BMI,
  HEALTHY_BMI_MAX,
  HEALTHY_BMI_MIN,
  IBW_BMI,
  IBW_INCH_FORMULAS,
  IBW_WHO2007_MEDIAN,
  INCH_FORMULA_MIN_HEIGHT_CM,
  weightAtBmi,
} from './equations/ideal-weight.ts';
import {
  AMDR,
  ATWATER,
  DEFAULT_FAT_PCT,
  MACROS_PERCENT,
  MACROS_PROTEIN_FIRST,
  PROTEIN_G_PER_KG,
  macrosFromPercent,
  macrosProteinFirst,
} from './equations/macros.ts';
import { COOPER_NORMS, ROCKPORT, vo2Category, vo2maxRockport, walkMinutes } from './equations/rockport.ts';
import { toSex } from './equations/sex.ts';
import type { Sex } from './equations/sex.ts';
import { trainingLevel } from './equations/training.ts';
import {
  LAP,
  METS_VF,
  METS_VF_CUTOFF,
  VAI,
  WHTR_VISCERAL_PROXY,
  lapKahn,
  metsVf,
  vaiAmato,
  vaiCategory,
} from './equations/visceral.ts';
import {
  NHLBI_BMI_WAIST,
  WAIST_WHO,
  WHR,
  WHTR,
  nhlbiRisk,
  waistFlags,
  whr,
  whrFlag,
  whrRisk,
  whtr,
  whtrRisk,
} from './equations/waist.ts';
import { analyseExams } from './exam-results.ts';
import { langOf } from './exams.ts';
import { ERROR_KEYS, WARNING_KEYS } from './i18n-keys.ts';
import { fastParse } from './fast-parse.ts';
import type { EvaluateOutcome, EvaluationResult, RiskItem } from './result.ts';
import { evaluationInputSchema, toFieldErrors } from './schema.ts';
import type { EvaluationInput } from './schema.ts';

/** Level whose average energy feeds the macros when the professional did not choose one (decision 032). */
export function defaultEnergyLevel(input: Pick<EvaluationInput, 'ejercita' | 'frecentrena'>): ActivityLevel {
  if (input.ejercita !== 'Si' || input.frecentrena === undefined) return 'sedentary';
  if (input.frecentrena <= 2) return 'low';
  if (input.frecentrena <= 4) return 'moderate';
  return 'high';
}

/** Exam statuses that need no attention (HDL 'high' and CRP 'low' are good news too). */
const NORMAL_STATUS = new Set(['normal', 'desirable', 'optimal', 'sufficiency']);
const KIDNEY = /ri[ñn][oó]n|renal|rim|kidney/i;
const HYPERTENSION = /hipertensi|hypertens/i;
const DIABETES = /diabet/i;

// Module-level helpers (not closures) keep the per-evaluation allocation low.
function pushWarning(warnings: WarningItem[], code: WarningItem['code'], equation?: string): void {
  warnings.push(equation ? { code, equation } : { code });
}
function percentOf(weightKg: number, kg: number): number {
  return (kg / weightKg) * 100;
}
function macroPart(g: number, kcalPerG: number, totalKcal: number) {
  return { g, kcal: g * kcalPerG, percent: ((g * kcalPerG) / totalKcal) * 100 };
}
function treatedFor(conditions: ReadonlyArray<{ name: string; tratamiento?: boolean }>, re: RegExp): boolean {
  return conditions.some((c) => re.test(c.name) && c.tratamiento === true);
}

/**
 * Computes every result of an evaluation from validated inputs. Pure and total: for any input that
 * passed `evaluationInputSchema` it returns finite numbers.
 */
export function computeEvaluation(input: EvaluationInput): EvaluationResult {
  const warnings: WarningItem[] = [];

  const sex: Sex = toSex(input.sexo);
  const { years: age, months } = ageAt(input.nacimiento, input.fecha);
  const minor = age < ADULT_AGE_YEARS;
  const W = input.peso;
  const H = input.estatura;
  const lang = langOf(input.locale ?? 'es');

  // ---------------------------------------------------------------- BMI and ideal weight
  const bmiValue = bmiOf(W, H);
  const forAge = minor ? bmiForAge(bmiValue, sex, months) : null;
  const bmi: EvaluationResult['bmi'] = {
    value: bmiValue,
    category: forAge ? forAge.category : bmiClassWho(bmiValue),
    reference: forAge ? 'who2007_bmi_for_age' : 'who2000_adult',
    z_score: forAge ? forAge.z : null,
    percentile: forAge ? forAge.percentile : null,
    equation: ref(forAge ? BMI_FOR_AGE_WHO2007 : BMI_QUETELET),
    older_adult: age >= 65 ? { category: bmiClassMinsalOlder(bmiValue), equation: ref(BMI_MINSAL_OLDER) } : null,
  };

  const ideal_weight: EvaluationResult['ideal_weight'] = forAge
    ? {
        kg: weightAtBmi(forAge.lms[1], H),
        min_kg: weightAtBmi(lmsValue(...forAge.lms, -2), H),
        max_kg: weightAtBmi(lmsValue(...forAge.lms, 1), H),
        target_bmi: null,
        equation: ref(IBW_WHO2007_MEDIAN),
        alternatives: [],
      }
    : {
        kg: weightAtBmi(DEFAULT_TARGET_BMI, H),
        min_kg: weightAtBmi(HEALTHY_BMI_MIN, H),
        max_kg: weightAtBmi(HEALTHY_BMI_MAX, H),
        target_bmi: DEFAULT_TARGET_BMI,
        equation: ref(IBW_BMI),
        alternatives:
          H >= INCH_FORMULA_MIN_HEIGHT_CM
            ? IBW_INCH_FORMULAS.map((f) => ({ kg: f.fn(sex, H), equation: ref(f.meta) }))
            : [],
      };
  if (!minor && H < INCH_FORMULA_MIN_HEIGHT_CM) pushWarning(warnings, WARNING_KEYS.idealWeightInchFormulasSkipped);

  // ---------------------------------------------------------------- body fat and fractionation
  const fat = analyseBodyFat(bodyFatInputOf(input, age));
  warnings.push(...fat.warnings);
  const fatPct = fat.primary.percent;
  const fatKg = (W * fatPct) / 100;
  const ffmKg = W - fatKg;
  const gallagher = fatCategory(sex, age, fatPct);

  const residualKg = residualMassWurch(sex, W);
  if (minor) pushWarning(warnings, WARNING_KEYS.adultEquationInMinor, RESIDUAL_WURCH.id);

  let bone_mass: EvaluationResult['bone_mass'] = null;
  if (input.diametro_muneca !== undefined && input.diametro_femur !== undefined) {
    const kg = boneMassRocha(H, input.diametro_muneca, input.diametro_femur);
    bone_mass = { kg, percent: percentOf(W, kg), equation: ref(BONE_ROCHA) };
    if (minor) pushWarning(warnings, WARNING_KEYS.adultEquationInMinor, BONE_ROCHA.id);
  }

  let leeKg = smmLee2000Model2(sex, age, W, H);
  if (leeKg < 0) {
    pushWarning(warnings, WARNING_KEYS.muscleClamped, MUSCLE_LEE_2.id);
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
      warnings,
      deRoseKg === null ? WARNING_KEYS.skeletalMuscleOnly : WARNING_KEYS.muscleModelFallback,
      MUSCLE_LEE_2.id,
    );
    muscle_mass = { kg: lee.kg, percent: lee.percent, equation: lee.equation, kind: lee.kind, alternatives: [] };
    if (minor) pushWarning(warnings, WARNING_KEYS.adultEquationInMinor, MUSCLE_LEE_2.id);
    else if (age < 20) pushWarning(warnings, WARNING_KEYS.outsideValidatedAge, MUSCLE_LEE_2.id);
    if (bmiValue >= 30) pushWarning(warnings, WARNING_KEYS.outsideValidatedBmi, MUSCLE_LEE_2.id);
  }

  // ---------------------------------------------------------------- waist indices and blood pressure
  const whtrValue = whtr(input.pcintura, H);
  const whrValue = whr(input.pcintura, input.pcadera);
  const waistF = waistFlags(sex, input.pcintura);
  const bpCategory = bpCategoryAccAha(input.presion_s, input.presion_d);
  if (bpCategory === 'crisis') pushWarning(warnings, WARNING_KEYS.hypertensiveCrisis, BP_ACC_AHA.id);
  const fever = isFever(input.clinical_data.temperatura);
  if (fever) pushWarning(warnings, WARNING_KEYS.fever);

  // ---------------------------------------------------------------- exams and visceral fat
  const examsIn = input.clinical_data.exams ?? [];
  const labs = analyseExams(examsIn, sex, lang);
  warnings.push(...labs.warnings);
  if (minor && labs.exams.length > 0) pushWarning(warnings, WARNING_KEYS.adultLabLimits);
  const { fasting_triglycerides: tg, hdl, fasting_glucose: glucose } = labs.values;

  const whtrRiskValue = whtrRisk(whtrValue);
  const alternatives: EvaluationResult['visceral_fat']['alternatives'] = [];
  let visceral_fat: EvaluationResult['visceral_fat'];
  const vaiApplies = tg !== undefined && hdl !== undefined && age >= 16 && bmiValue < 40 && tg < 1000;
  if (tg !== undefined && hdl !== undefined && !vaiApplies)
    pushWarning(warnings, WARNING_KEYS.vaiNotApplicable, VAI.id);
  if (vaiApplies) {
    const value = vaiAmato(sex, input.pcintura, bmiValue, tg, hdl);
    visceral_fat = { indicator: 'vai', value, category: vaiCategory(age, value), equation: ref(VAI), alternatives };
    alternatives.push({ value: whtrValue, category: whtrRiskValue, equation: ref(WHTR_VISCERAL_PROXY) });
  } else {
    visceral_fat = {
      indicator: 'whtr',
      value: whtrValue,
      category: whtrRiskValue,
      equation: ref(WHTR_VISCERAL_PROXY),
      alternatives,
    };
  }
  if (!minor && tg !== undefined && hdl !== undefined && glucose !== undefined) {
    const value = metsVf(sex, age, input.pcintura, H, bmiValue, glucose, tg, hdl);
    alternatives.push({
      value,
      category: value > METS_VF_CUTOFF ? 'increased' : 'not_increased',
      equation: ref(METS_VF),
    });
  }
  if (!minor && tg !== undefined)
    alternatives.push({ value: lapKahn(sex, input.pcintura, tg), category: null, equation: ref(LAP) });

  // ---------------------------------------------------------------- energy
  const bmrKcal = bmrMifflin(sex, age, W, H);
  if (minor) pushWarning(warnings, WARNING_KEYS.adultEquationInMinor, MIFFLIN.id);
  else if (age < 19 || age > 78) pushWarning(warnings, WARNING_KEYS.outsideValidatedAge, MIFFLIN.id);
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
  if (minor) pushWarning(warnings, WARNING_KEYS.metabolicAgeAdultsOnly, METABOLIC_AGE.id);
  else {
    const m = metabolicAge(sex, age, W, H, ffmKg);
    metabolic_age = { years: m.years, clamped: m.clamped, equation: ref(METABOLIC_AGE) };
  }

  // ---------------------------------------------------------------- macros
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
        : age >= 65
          ? PROTEIN_G_PER_KG.olderAdult
          : PROTEIN_G_PER_KG.sedentaryAdult);
    const onIdeal = bmiValue >= 30;
    if (onIdeal) pushWarning(warnings, WARNING_KEYS.proteinOnIdealWeight);
    const basis = onIdeal ? ideal_weight.kg : W;
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
  if (macros.carbohydrate.g < AMDR.carbohydrateRdaG) pushWarning(warnings, WARNING_KEYS.carbohydrateBelowRda);
  if (macros.carbohydrate.percent < AMDR.carbohydrate.min || macros.carbohydrate.percent > AMDR.carbohydrate.max) {
    pushWarning(warnings, WARNING_KEYS.carbohydrateOutsideAmdr);
  }
  if (macros.protein.percent > AMDR.protein.max) pushWarning(warnings, WARNING_KEYS.proteinAboveAmdr);
  const conditions = [...(input.clinical_data.ecnt ?? []), ...(input.clinical_data.autoinmune ?? [])].filter(
    (c) => c.value === true,
  );
  if (conditions.some((c) => KIDNEY.test(c.name))) pushWarning(warnings, WARNING_KEYS.kidneyDiseaseProtein);

  // ---------------------------------------------------------------- Rockport
  let rockport: EvaluationResult['rockport'] = null;
  const r = input.rockport;
  if (r && r.minutes !== undefined && r.seconds !== undefined && r.bpm !== undefined) {
    const t = walkMinutes(r.minutes, r.seconds);
    const vo2max = vo2maxRockport(sex, age, W, t, r.bpm);
    rockport = {
      vo2max,
      category: vo2Category(sex, age, vo2max),
      time_min: t,
      bpm: r.bpm,
      equation: ref(ROCKPORT),
      category_equation: ref(COOPER_NORMS),
    };
    if (minor) pushWarning(warnings, WARNING_KEYS.adultEquationInMinor, ROCKPORT.id);
    else if (age < 30 || age > 69) pushWarning(warnings, WARNING_KEYS.outsideValidatedAge, ROCKPORT.id);
  }

  // ---------------------------------------------------------------- training and risks
  const training_level =
    input.ejercita === 'Si' && input.hace !== undefined && input.frecentrena !== undefined
      ? trainingLevel(input.hace, input.frecentrena)
      : null;

  const risks: RiskItem[] = [];
  const adultClass = bmiClassWho(bmiValue);
  const nhlbi = minor ? null : nhlbiRisk(sex, adultClass, input.pcintura);
  if (nhlbi)
    risks.push({
      id: 'bmi_waist',
      dimension: 'anthropometric',
      level: nhlbi,
      flagged: true,
      equation: ref(NHLBI_BMI_WAIST),
    });
  risks.push({
    id: 'waist_height',
    dimension: 'anthropometric',
    level: whtrRiskValue,
    flagged: whtrRiskValue === 'increased' || whtrRiskValue === 'high',
    value: whtrValue,
    equation: ref(WHTR),
  });
  risks.push({
    id: 'waist_hip',
    dimension: 'anthropometric',
    level: whrRisk(sex, whrValue),
    flagged: whrFlag(sex, whrValue),
    value: whrValue,
    equation: ref(WHR),
  });
  risks.push({
    id: 'waist_circumference',
    dimension: 'anthropometric',
    level: waistF.who,
    flagged: waistF.who !== 'not_increased' || waistF.idf_latam,
    value: input.pcintura,
    equation: ref(WAIST_WHO),
  });
  const mets = metabolicSyndrome({
    sex,
    waistCm: input.pcintura,
    sys: input.presion_s,
    dia: input.presion_d,
    tg,
    hdl,
    glucose,
    onBpTreatment: treatedFor(conditions, HYPERTENSION),
    onGlucoseTreatment: treatedFor(conditions, DIABETES),
  });
  risks.push({
    id: 'metabolic_syndrome',
    dimension: 'cardiometabolic',
    level: mets.status,
    flagged: mets.status === 'present',
    value: mets.count,
    equation: ref(METABOLIC_SYNDROME),
  });
  risks.push({
    id: 'blood_pressure',
    dimension: 'cardiometabolic',
    level: bpCategory,
    flagged: bpCategory !== 'normal',
    equation: ref(BP_ACC_AHA),
  });
  if (visceral_fat.indicator === 'vai') {
    risks.push({
      id: 'visceral_adiposity',
      dimension: 'cardiometabolic',
      level: visceral_fat.category,
      flagged: visceral_fat.category !== 'none',
      value: visceral_fat.value,
      equation: visceral_fat.equation,
    });
  }
  for (const e of labs.exams) {
    const ok =
      NORMAL_STATUS.has(e.status) || (e.id === 'hdl' && e.status === 'high') || (e.id === 'crp' && e.status === 'low');
    if (!ok)
      risks.push({ id: `exam:${e.id}`, dimension: 'cardiometabolic', level: e.status, flagged: true, value: e.value });
  }
  if (rockport) {
    risks.push({
      id: 'cardiorespiratory_fitness',
      dimension: 'fitness',
      level: rockport.category,
      flagged: rockport.category === 'very_poor' || rockport.category === 'poor',
      value: rockport.vo2max,
      equation: rockport.category_equation,
    });
  }
  risks.push({
    id: 'smoking',
    dimension: 'lifestyle',
    level: input.fuma === 'Si' ? 'yes' : 'no',
    flagged: input.fuma === 'Si',
  });
  risks.push({
    id: 'alcohol',
    dimension: 'lifestyle',
    level: input.alcohol === 'Si' ? 'review_intake' : 'no',
    flagged: input.alcohol === 'Si',
  });
  risks.push({
    id: 'physical_inactivity',
    dimension: 'lifestyle',
    level: input.ejercita === 'Si' ? 'no' : 'yes',
    flagged: input.ejercita !== 'Si',
  });
  if (fever)
    risks.push({
      id: 'fever',
      dimension: 'clinical',
      level: 'fever',
      flagged: true,
      value: input.clinical_data.temperatura,
    });
  if (input.clinical_data.dif_respirar)
    risks.push({ id: 'breathing_difficulty', dimension: 'clinical', level: 'reported', flagged: true });
  for (const c of conditions) {
    risks.push({
      id: `condition:${c.name}`,
      dimension: 'clinical',
      level: c.tratamiento ? 'treated' : 'reported',
      flagged: true,
    });
  }

  // ---------------------------------------------------------------- assemble
  const comparisons = fat.comparisons.map((c, i) => ({
    equation: ref(c.meta),
    percent: c.percent,
    kg: (W * c.percent) / 100,
    primary: i === 0,
    estimate: c.estimate,
    within_validity: c.withinValidity,
    fields: c.fields,
  }));
  const skinfold_sum = fat.sumSites
    ? { sites: fat.sumSites, mm: fat.sumSites.reduce((acc, s) => acc + (input[s] ?? 0), 0) }
    : null;

  return {
    engine_version: ENGINE_VERSION,
    method: EVALUATION_TYPES[input.evaluation_type],
    evaluation_type: input.evaluation_type,
    sex,
    age: { years: age, months, minor },
    bmi,
    ideal_weight,
    body_fat: {
      percent: fatPct,
      kg: fatKg,
      equation: ref(fat.primary.meta),
      estimate: fat.primary.estimate,
      category: gallagher ? { value: gallagher, equation: ref(GALLAGHER) } : null,
    },
    skinfold_sum,
    lean_mass: { kg: ffmKg, percent: percentOf(W, ffmKg) },
    muscle_mass,
    residual_mass: { kg: residualKg, percent: percentOf(W, residualKg), equation: ref(RESIDUAL_WURCH) },
    bone_mass,
    visceral_fat,
    metabolic_age,
    bmr,
    energy,
    energy_equation: ref(PAL_IOM),
    macros,
    food_guide: foodGuide(input.locale ?? 'es'),
    rockport,
    waist_height: { value: whtrValue, risk: whtrRiskValue, equation: ref(WHTR) },
    waist_hip: { value: whrValue, risk: whrRisk(sex, whrValue), equation: ref(WHR) },
    waist: { cm: input.pcintura, who: waistF.who, idf_latam: waistF.idf_latam, equation: ref(WAIST_WHO) },
    blood_pressure: {
      systolic: input.presion_s,
      diastolic: input.presion_d,
      category: bpCategory,
      equation: ref(BP_ACC_AHA),
    },
    fever,
    exams: labs.exams,
    training_level,
    risks,
    comparisons,
    warnings: dedupe(warnings),
  };
}

/** Drops repeated (code, equation) pairs; lists are short, so a linear scan beats a Set of strings. */
function dedupe(items: WarningItem[]): WarningItem[] {
  const out: WarningItem[] = [];
  for (const w of items) {
    let seen = false;
    for (const o of out) if (o.code === w.code && o.equation === w.equation) seen = true;
    if (!seen) out.push(w);
  }
  return out;
}

/**
 * Validates the input and computes the results. Never throws for any input:
 * invalid inputs give `{ ok: false, errors }` with translation keys per field.
 */
export function evaluate(input: unknown): EvaluateOutcome {
  const fast = fastParse(input);
  if (fast) return { ok: true, result: computeEvaluation(fast) };
  let parsed: ReturnType<typeof evaluationInputSchema.safeParse>;
  try {
    parsed = evaluationInputSchema.safeParse(input);
  } catch {
    // Only reachable with hostile objects (throwing getters, proxies); never with JSON.
    return { ok: false, errors: { _root: [ERROR_KEYS.invalid] } };
  }
  if (!parsed.success) return { ok: false, errors: toFieldErrors(parsed.error.issues) };
  return { ok: true, result: computeEvaluation(parsed.data) };
}
