import { bmiClassWho } from '../equations/bmi.ts';
import {
  METABOLIC_SYNDROME,
  METABOLIC_SYNDROME_IDF_16_17,
  METABOLIC_SYNDROME_IDF_ADOLESCENTS,
  metabolicSyndrome,
  metabolicSyndromeAdolescent,
  metabolicSyndromeIdfAdult,
} from '../equations/clinical.ts';
import { ref } from '../equations/equation.ts';
import { NHLBI_BMI_WAIST, WAIST_WHO, WHR, WHTR, nhlbiRisk, whrFlag } from '../equations/waist.ts';
import { WARNING_KEYS } from '../i18n-keys.ts';
import type { EvaluationResult, RiskItem } from '../result.ts';
import { IDF_ADULT_CRITERIA_FROM_AGE } from './anthropometry.ts';
import type { EvalContext } from './context.ts';
import { pushWarning } from './context.ts';
import type { LabValues } from './visceral.ts';

/** Exam statuses that need no attention (HDL 'high' and CRP 'low' are good news too). */
const NORMAL_STATUS = new Set(['normal', 'desirable', 'optimal', 'sufficiency']);
const HYPERTENSION = /hipertensi|hypertens/i;
const DIABETES = /diabet/i;

type Condition = { name: string; value?: boolean; tratamiento?: boolean };

function treatedFor(conditions: readonly Condition[], re: RegExp): boolean {
  return conditions.some((c) => re.test(c.name) && c.tratamiento === true);
}

export interface RiskSources {
  waist: EvaluationResult['waist'];
  waistHeight: EvaluationResult['waist_height'];
  waistHip: EvaluationResult['waist_hip'];
  bloodPressure: EvaluationResult['blood_pressure'];
  visceral: EvaluationResult['visceral_fat'];
  exams: EvaluationResult['exams'];
  fitness: EvaluationResult['fitness'];
  fever: boolean;
  labs: LabValues;
  conditions: readonly Condition[];
}

/** Anthropometric risk items: adult cut-offs only from 18 y (decision 037). */
function anthropometricRisks(c: EvalContext, s: RiskSources, risks: RiskItem[]): void {
  const nhlbi = c.minor ? null : nhlbiRisk(c.sex, bmiClassWho(c.bmi), c.input.pcintura);
  if (nhlbi)
    risks.push({
      id: 'bmi_waist',
      dimension: 'anthropometric',
      level: nhlbi,
      flagged: true,
      equation: ref(NHLBI_BMI_WAIST),
    });
  const whtrRisk = s.waistHeight.risk;
  risks.push({
    id: 'waist_height',
    dimension: 'anthropometric',
    level: whtrRisk,
    flagged: whtrRisk === 'increased' || whtrRisk === 'high',
    value: s.waistHeight.value,
    equation: ref(WHTR),
  });
  if (s.waistHip.risk !== null)
    risks.push({
      id: 'waist_hip',
      dimension: 'anthropometric',
      level: s.waistHip.risk,
      flagged: whrFlag(c.sex, s.waistHip.value),
      value: s.waistHip.value,
      equation: ref(WHR),
    });
  if (s.waist.who !== null)
    risks.push({
      id: 'waist_circumference',
      dimension: 'anthropometric',
      level: s.waist.who,
      flagged: s.waist.who !== 'not_increased' || s.waist.population?.flagged === true,
      value: s.waist.cm,
      equation: ref(WAIST_WHO),
    });
}

/**
 * Metabolic syndrome: IDF 2007 adolescent criteria at 13-15 y; IDF 2007 sends 16 y and over to the IDF adult
 * definition (waist required), used at 16-17 y; the harmonized 3 of 5 (Alberti 2009) from 18 y (decision 194).
 */
function metabolicSyndromeRisk(c: EvalContext, s: RiskSources): RiskItem {
  const msInput = {
    sex: c.sex,
    waistCm: c.input.pcintura,
    waistCutoffCm: s.waist.population?.cutoff_cm,
    sys: c.input.presion_s,
    dia: c.input.presion_d,
    tg: s.labs.tg,
    hdl: s.labs.hdl,
    glucose: s.labs.glucose,
    onBpTreatment: treatedFor(s.conditions, HYPERTENSION),
    onGlucoseTreatment: treatedFor(s.conditions, DIABETES),
  };
  const adolescent = c.age < IDF_ADULT_CRITERIA_FROM_AGE;
  if (adolescent) pushWarning(c, WARNING_KEYS.adolescentMetabolicSyndrome, METABOLIC_SYNDROME_IDF_ADOLESCENTS.id);
  const meta = adolescent
    ? METABOLIC_SYNDROME_IDF_ADOLESCENTS
    : c.minor
      ? METABOLIC_SYNDROME_IDF_16_17
      : METABOLIC_SYNDROME;
  const mets =
    meta === METABOLIC_SYNDROME_IDF_ADOLESCENTS
      ? metabolicSyndromeAdolescent(msInput)
      : meta === METABOLIC_SYNDROME_IDF_16_17
        ? metabolicSyndromeIdfAdult(msInput)
        : metabolicSyndrome(msInput);
  return {
    id: 'metabolic_syndrome',
    dimension: 'cardiometabolic',
    level: mets.status,
    flagged: mets.status === 'present',
    value: mets.count,
    equation: ref(meta),
  };
}

/** Every risk by dimension, never combined into one score (formulas.md §14). */
export function risksGroup(c: EvalContext, s: RiskSources): RiskItem[] {
  const { input } = c;
  const risks: RiskItem[] = [];
  anthropometricRisks(c, s, risks);
  risks.push(metabolicSyndromeRisk(c, s));
  const bp = s.bloodPressure;
  risks.push({
    id: 'blood_pressure',
    dimension: 'cardiometabolic',
    level: bp.category,
    flagged: bp.category !== 'normal',
    equation: bp.equation,
  });
  if (s.visceral.indicator === 'vai') {
    risks.push({
      id: 'visceral_adiposity',
      dimension: 'cardiometabolic',
      level: s.visceral.category,
      flagged: s.visceral.category !== 'none',
      value: s.visceral.value,
      equation: s.visceral.equation,
    });
  }
  for (const e of s.exams) {
    const ok =
      NORMAL_STATUS.has(e.status) || (e.id === 'hdl' && e.status === 'high') || (e.id === 'crp' && e.status === 'low');
    if (!ok)
      risks.push({ id: `exam:${e.id}`, dimension: 'cardiometabolic', level: e.status, flagged: true, value: e.value });
  }
  if (s.fitness) {
    risks.push({
      id: 'cardiorespiratory_fitness',
      dimension: 'fitness',
      level: s.fitness.category ?? 'not_classified',
      flagged: s.fitness.category === 'very_poor' || s.fitness.category === 'poor',
      value: s.fitness.vo2max,
      equation: s.fitness.category_equation,
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
  if (s.fever)
    risks.push({
      id: 'fever',
      dimension: 'clinical',
      level: 'fever',
      flagged: true,
      value: input.clinical_data.temperatura,
    });
  if (input.clinical_data.dif_respirar)
    risks.push({ id: 'breathing_difficulty', dimension: 'clinical', level: 'reported', flagged: true });
  for (const cond of s.conditions) {
    risks.push({
      id: `condition:${cond.name}`,
      dimension: 'clinical',
      level: cond.tratamiento ? 'treated' : 'reported',
      flagged: true,
    });
  }
  return risks;
}
