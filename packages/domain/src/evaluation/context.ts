import { ageAt, ageInDays, DAYS_PER_MONTH, parseIsoDate } from '../age.ts';
import type { WarningItem } from '../body-fat.ts';
import { ADULT_AGE_YEARS } from '../constants.ts';
import { bmi as bmiOf } from '../equations/bmi.ts';
import type { EquationMeta } from '../equations/equation.ts';
import { outsideSample } from '../equations/equation.ts';
import { toSex } from '../equations/sex.ts';
import type { Sex } from '../equations/sex.ts';
import { langOf } from '../exams.ts';
import type { Lang } from '../exams.ts';
import type { EvaluationInput } from '../schema.ts';
import { sampleWarning } from '../body-fat.ts';

/** What every result group reads: the input, the person's sex, age and BMI, and the shared warning list. */
export interface EvalContext {
  input: EvaluationInput;
  sex: Sex;
  /** Completed years and months. */
  age: number;
  months: number;
  /** Exact age in months (days / 30.4375), for the WHO LMS interpolation. */
  exactMonths: number;
  minor: boolean;
  W: number;
  H: number;
  bmi: number;
  lang: Lang;
  warnings: WarningItem[];
}

export function contextOf(input: EvaluationInput): EvalContext {
  // Validated dates: parsed once here for the three age figures.
  const birth = parseIsoDate(input.nacimiento)!;
  const at = parseIsoDate(input.fecha)!;
  const { years, months } = ageAt(birth, at);
  return {
    input,
    sex: toSex(input.sexo),
    age: years,
    months,
    exactMonths: ageInDays(birth, at) / DAYS_PER_MONTH,
    minor: years < ADULT_AGE_YEARS,
    W: input.peso,
    H: input.estatura,
    bmi: bmiOf(input.peso, input.estatura),
    lang: langOf(input.locale ?? 'es'),
    warnings: [],
  };
}

// Module-level helpers (not closures) keep the per-evaluation allocation low.
export function pushWarning(c: EvalContext, code: WarningItem['code'], equation?: string): void {
  c.warnings.push(equation ? { code, equation } : { code });
}

/** Adds the sample warning when the person is outside the equation's derivation sample; true when inside. */
export function checkSample(c: EvalContext, meta: EquationMeta): boolean {
  const outside = outsideSample(meta, c.sex, c.age, c.bmi);
  if (outside) c.warnings.push(sampleWarning(meta, c.sex, outside));
  return outside === null;
}

export const percentOf = (weightKg: number, kg: number): number => (kg / weightKg) * 100;
