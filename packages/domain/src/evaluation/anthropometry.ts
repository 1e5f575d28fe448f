import { shown } from '../display.ts';
import {
  BMI_FOR_AGE_WHO2007,
  BMI_MINSAL_OLDER,
  BMI_QUETELET,
  bmiClassMinsalOlder,
  bmiClassWho,
  bmiForAge,
  lmsValue,
} from '../equations/bmi.ts';
import type { BmiForAge } from '../equations/bmi.ts';
import { ref } from '../equations/equation.ts';
import {
  DEFAULT_TARGET_BMI,
  HEALTHY_BMI_MAX,
  HEALTHY_BMI_MIN,
  IBW_BMI,
  IBW_INCH_FORMULAS,
  IBW_WHO2007_MEDIAN,
  INCH_FORMULA_MIN_HEIGHT_CM,
  weightAtBmi,
} from '../equations/ideal-weight.ts';
import {
  abdominalObesity,
  WAIST_CUTOFFS,
  WAIST_POPULATION_EQUATIONS,
  WAIST_WHO,
  waistFlags,
  waistPopulationFor,
  WHR,
  WHTR,
  whr,
  whrRisk,
  whtr,
  whtrRisk,
} from '../equations/waist.ts';
import { WARNING_KEYS } from '../i18n-keys.ts';
import type { EvaluationResult } from '../result.ts';
import type { EvalContext } from './context.ts';
import { pushWarning } from './context.ts';

/** IDF 2007: from 16 y adolescents are judged with the adult criteria (waist, metabolic syndrome). */
export const IDF_ADULT_CRITERIA_FROM_AGE = 16;

export interface BmiGroup {
  bmi: EvaluationResult['bmi'];
  ideal_weight: EvaluationResult['ideal_weight'];
  forAge: BmiForAge | null;
}

/** BMI with its class (WHO 2000 adults, WHO 2007 BMI-for-age under 18, MINSAL 65+) and the ideal weight. */
export function bmiGroup(c: EvalContext): BmiGroup {
  const forAge = c.minor ? bmiForAge(c.bmi, c.sex, c.exactMonths) : null;
  const bmi: EvaluationResult['bmi'] = {
    value: c.bmi,
    category: forAge ? forAge.category : bmiClassWho(c.bmi),
    reference: forAge ? 'who2007_bmi_for_age' : 'who2000_adult',
    z_score: forAge ? forAge.z : null,
    percentile: forAge ? forAge.percentile : null,
    equation: ref(forAge ? BMI_FOR_AGE_WHO2007 : BMI_QUETELET),
    older_adult: c.age >= 65 ? { category: bmiClassMinsalOlder(c.bmi), equation: ref(BMI_MINSAL_OLDER) } : null,
  };
  let ideal_weight: EvaluationResult['ideal_weight'];
  if (forAge) {
    // 13-17 y: the ideal BMI is the WHO 2007 median BMI-for-age at the exact age (decision 038).
    const [l, m, s] = forAge.lms;
    ideal_weight = {
      kg: weightAtBmi(m, c.H),
      min_kg: weightAtBmi(lmsValue(l, m, s, -2), c.H),
      max_kg: weightAtBmi(lmsValue(l, m, s, 1), c.H),
      target_bmi: m,
      equation: ref(IBW_WHO2007_MEDIAN),
      alternatives: [],
    };
  } else {
    ideal_weight = {
      kg: weightAtBmi(DEFAULT_TARGET_BMI, c.H),
      min_kg: weightAtBmi(HEALTHY_BMI_MIN, c.H),
      max_kg: weightAtBmi(HEALTHY_BMI_MAX, c.H),
      target_bmi: DEFAULT_TARGET_BMI,
      equation: ref(IBW_BMI),
      alternatives:
        c.H >= INCH_FORMULA_MIN_HEIGHT_CM
          ? IBW_INCH_FORMULAS.map((f) => ({ kg: f.fn(c.sex, c.H), equation: ref(f.meta) }))
          : [],
    };
    if (c.H < INCH_FORMULA_MIN_HEIGHT_CM) pushWarning(c, WARNING_KEYS.idealWeightInchFormulasSkipped);
  }
  return { bmi, ideal_weight, forAge };
}

export interface WaistGroup {
  waist_height: EvaluationResult['waist_height'];
  waist_hip: EvaluationResult['waist_hip'];
  waist: EvaluationResult['waist'];
}

/**
 * Waist indices. The WHO waist bands and waist-to-hip cut-offs are adult cut-offs: not applied under
 * 18 (decision 037). The IDF/LatAm waist criterion applies from 16 y (IDF 2007). WHtR has no age limit
 * from 5 y.
 */
export function waistGroup(c: EvalContext): WaistGroup {
  const { pcintura, pcadera } = c.input;
  const whtrValue = whtr(pcintura, c.H);
  const whrValue = whr(pcintura, pcadera);
  const flags = waistFlags(c.sex, pcintura);
  const population = waistPopulationFor(c.input.locale ?? 'es');
  const adultCriterion = c.age >= IDF_ADULT_CRITERIA_FROM_AGE;
  const abdominal = adultCriterion ? abdominalObesity(c.sex, pcintura, population) : null;
  if (c.minor) pushWarning(c, WARNING_KEYS.adolescentWaistCutoffs, WAIST_WHO.id);
  return {
    waist_height: { value: whtrValue, risk: whtrRisk(whtrValue), equation: ref(WHTR) },
    waist_hip: { value: whrValue, risk: c.minor ? null : whrRisk(c.sex, whrValue), equation: ref(WHR) },
    waist: {
      cm: pcintura,
      who: c.minor ? null : flags.who,
      idf_latam: population === 'south_central_american' && adultCriterion ? flags.idf_latam : null,
      population: {
        id: population,
        cutoff_cm: WAIST_CUTOFFS[population][c.sex],
        flagged: abdominal,
        equation: ref(WAIST_POPULATION_EQUATIONS[population]),
      },
      equation: ref(WAIST_WHO),
    },
  };
}

/** The BMI as shown crosses `cutoff` (one rule for every BMI threshold: Evans, VAI, Lee, protein basis). */
export const bmiAtLeast = (bmiValue: number, cutoff: number): boolean => shown(bmiValue, 'bmi') >= cutoff;
