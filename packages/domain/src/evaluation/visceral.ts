import { outsideSample, ref } from '../equations/equation.ts';
import {
  LAP,
  METS_VF,
  VAI,
  WHTR_VISCERAL_PROXY,
  lapKahn,
  metsVf,
  metsVfIncreased,
  vaiAmato,
  vaiCategory,
} from '../equations/visceral.ts';
import { WARNING_KEYS } from '../i18n-keys.ts';
import type { EvaluationResult } from '../result.ts';
import type { EvalContext } from './context.ts';
import { pushWarning } from './context.ts';

/** VAI's triglyceride limit (Amato 2010), mg/dL. */
const VAI_TG_BELOW = 1000;

export interface LabValues {
  tg?: number;
  hdl?: number;
  glucose?: number;
}

/** VAI when its sample (16 y+, BMI < 40) and TG allow, else WHtR; METS-VF and LAP as adult alternatives. */
export function visceralGroup(
  c: EvalContext,
  waistHeight: EvaluationResult['waist_height'],
  { tg, hdl, glucose }: LabValues,
): EvaluationResult['visceral_fat'] {
  const { sex, age, H, input } = c;
  const alternatives: EvaluationResult['visceral_fat']['alternatives'] = [];
  let visceral_fat: EvaluationResult['visceral_fat'];
  const hasLipids = tg !== undefined && hdl !== undefined;
  const vaiApplies = hasLipids && outsideSample(VAI, sex, age, c.bmi) === null && tg < VAI_TG_BELOW;
  if (hasLipids && !vaiApplies) pushWarning(c, WARNING_KEYS.vaiNotApplicable, VAI.id);
  if (vaiApplies) {
    const value = vaiAmato(sex, input.pcintura, c.bmi, tg, hdl);
    visceral_fat = { indicator: 'vai', value, category: vaiCategory(age, value), equation: ref(VAI), alternatives };
    alternatives.push({ value: waistHeight.value, category: waistHeight.risk, equation: ref(WHTR_VISCERAL_PROXY) });
  } else {
    visceral_fat = {
      indicator: 'whtr',
      value: waistHeight.value,
      category: waistHeight.risk,
      equation: ref(WHTR_VISCERAL_PROXY),
      alternatives,
    };
  }
  if (!c.minor && tg !== undefined && hdl !== undefined && glucose !== undefined) {
    const value = metsVf(sex, age, input.pcintura, H, c.bmi, glucose, tg, hdl);
    alternatives.push({
      value,
      category: metsVfIncreased(value) ? 'increased' : 'not_increased',
      equation: ref(METS_VF),
    });
  }
  if (!c.minor && tg !== undefined)
    alternatives.push({ value: lapKahn(sex, input.pcintura, tg), category: null, equation: ref(LAP) });
  return visceral_fat;
}
