import { HOMA_IR, LDL_SAMPSON, LDL_SAMPSON_MAX_TG, NON_HDL, homaIr, ldlSampson, nonHdl } from './equations/labs.ts';
import { shownAt } from './display.ts';
import { ref } from './equations/equation.ts';
import type { EquationMeta } from './equations/equation.ts';
import type { Sex } from './equations/sex.ts';
import { EXAM_CATALOGUE } from './exams.ts';
import type { ExamId, Lang } from './exams.ts';
import type { WarningItem } from './body-fat.ts';
import { WARNING_KEYS } from './i18n-keys.ts';
import type { ExamResult } from './result.ts';
import type { EvaluationInput } from './schema.ts';

type ExamInput = NonNullable<NonNullable<EvaluationInput['clinical_data']['exams']>>[number];

/** Decimals of a number as typed (99.6 → 1), at most 2: the precision the laboratory reported it with. */
function reportedDecimals(value: number): 0 | 1 | 2 {
  if (Number.isInteger(value)) return 0;
  return Number.isInteger(value * 10) || Math.abs(value * 10 - Math.round(value * 10)) < 1e-9 ? 1 : 2;
}

/**
 * Decimals an exam is classified and printed at (decision 196): the laboratory's own precision when the value
 * was entered in the exam's unit and reported with more decimals than `LAB_DECIMALS` (glucose 99.6 stays 99.6,
 * normal); a converted or derived value is rounded as a laboratory reports the exam's unit.
 */
function classifiedDecimals(id: ExamId, value: number, converted: boolean, derived: boolean): 0 | 1 | 2 {
  const lab = EXAM_CATALOGUE[id].decimals;
  if (converted || derived) return lab;
  return Math.max(lab, reportedDecimals(value)) as 0 | 1 | 2;
}

function item(
  id: ExamId,
  value: number,
  sex: Sex,
  lang: Lang,
  derived: EquationMeta | null,
  entered: ExamResult['entered'],
): ExamResult {
  const def = EXAM_CATALOGUE[id];
  const decimals = classifiedDecimals(id, value, entered !== null, derived !== null);
  return {
    id,
    name: def.name[lang],
    value,
    unit: def.unit,
    limit: def.limit(sex)[lang],
    status: def.status(value, sex, decimals),
    derived: derived !== null,
    equation: derived ? ref(derived) : null,
    source: def.source,
    entered,
    type: derived ? 'calculated' : def.type,
    percentile: null,
    percentile_reference: def.percentile_reference[lang],
    decimals,
  };
}

export interface ExamAnalysis {
  exams: ExamResult[];
  /** Canonical values by id (entered or derived), for VAI, METS-VF and HOMA-IR. */
  values: Partial<Record<ExamId, number>>;
  /** The values as classified (rounded to each exam's `decimals`), for the metabolic-syndrome criteria (decision 196). */
  classified: Partial<Record<ExamId, number>>;
  warnings: WarningItem[];
}

/** Entered exams with status, then HOMA-IR, non-HDL and LDL when their inputs are present and they were not entered. */
export function analyseExams(inputs: readonly ExamInput[], sex: Sex, lang: Lang): ExamAnalysis {
  const exams: ExamResult[] = [];
  const values: Partial<Record<ExamId, number>> = {};
  const warnings: WarningItem[] = [];
  for (const e of inputs) {
    if (e.status === false || e.value === undefined || values[e.name] !== undefined) continue;
    const def = EXAM_CATALOGUE[e.name];
    const unit = e.unit ?? def.unit;
    const toCanonical = def.units[unit];
    if (toCanonical === undefined) continue; // the schema rejects a unit the exam does not know
    const value = toCanonical(e.value);
    values[e.name] = value;
    exams.push(item(e.name, value, sex, lang, null, unit === def.unit ? null : { value: e.value, unit }));
  }
  const {
    fasting_glucose: glucose,
    fasting_insulin: insulin,
    total_cholesterol: tc,
    hdl,
    fasting_triglycerides: tg,
  } = values;
  if (values.homa_ir === undefined && glucose !== undefined && insulin !== undefined) {
    values.homa_ir = homaIr(glucose, insulin);
    exams.push(item('homa_ir', values.homa_ir, sex, lang, HOMA_IR, null));
  }
  if (values.non_hdl === undefined && tc !== undefined && hdl !== undefined) {
    values.non_hdl = nonHdl(tc, hdl);
    exams.push(item('non_hdl', values.non_hdl, sex, lang, NON_HDL, null));
  }
  if (values.ldl === undefined && tc !== undefined && hdl !== undefined && tg !== undefined) {
    const ldl = ldlSampson(tc, hdl, tg);
    // Sampson is valid to TG 800 mg/dL; a non-positive result means the lipid panel does not fit the model.
    if (tg <= LDL_SAMPSON_MAX_TG && ldl >= EXAM_CATALOGUE.ldl.range.min) {
      values.ldl = ldl;
      exams.push(item('ldl', ldl, sex, lang, LDL_SAMPSON, null));
    } else {
      warnings.push({ code: WARNING_KEYS.ldlNotCalculated, equation: LDL_SAMPSON.id });
    }
  }
  const classified: Partial<Record<ExamId, number>> = {};
  for (const e of exams) classified[e.id] = shownAt(e.value, e.decimals!);
  if (exams.some((e) => e.id === 'crp' && e.status === 'repeat_acute')) warnings.push({ code: WARNING_KEYS.crpRepeat });
  return { exams, values, classified, warnings };
}
