import { type EquationRef, type EvaluationResult, numberFormat, shownAt } from '@medida/domain';

/** The four colours of the spec's categories, plus gray for readings that are not a judgement. */
export type LevelColour = 'green' | 'yellow' | 'orange' | 'red' | 'gray';

/** Which scale a category belongs to: the same word can be good on one scale and bad on another. */
export type Scale =
  | 'bmi'
  | 'fat'
  | 'whtr'
  | 'whr'
  | 'waist'
  | 'bp'
  | 'vai'
  | 'fitness'
  | 'nhlbi'
  | 'metabolic_syndrome'
  | 'lifestyle'
  | 'clinical'
  | `exam:${string}`;

const BY_LEVEL: Record<string, LevelColour> = {
  // healthy readings
  normal: 'green',
  healthy: 'green',
  desirable: 'green',
  optimal: 'green',
  sufficiency: 'green',
  not_increased: 'green',
  none: 'green',
  absent: 'green',
  no: 'green',
  good: 'green',
  excellent: 'green',
  superior: 'green',
  // worth watching
  pre_obese: 'yellow',
  overweight: 'yellow',
  mild_thinness: 'yellow',
  thinness: 'yellow',
  under: 'yellow',
  underweight: 'yellow',
  elevated: 'yellow',
  mild: 'yellow',
  fair: 'yellow',
  near_optimal: 'yellow',
  above_desirable: 'yellow',
  borderline_high: 'yellow',
  prediabetes: 'yellow',
  insufficiency: 'yellow',
  average: 'yellow',
  indeterminate: 'yellow',
  review_intake: 'yellow',
  treated: 'yellow',
  // needs attention
  moderate_thinness: 'orange',
  obesity_1: 'orange',
  obesity: 'orange',
  obese: 'orange',
  increased: 'orange',
  stage1: 'orange',
  moderate: 'orange',
  poor: 'orange',
  high: 'orange',
  diabetes_range: 'orange',
  insulin_resistance: 'orange',
  deficiency: 'orange',
  above_range: 'orange',
  yes: 'orange',
  reported: 'orange',
  // act on it
  severe_thinness: 'red',
  obesity_2: 'red',
  obesity_3: 'red',
  substantially_increased: 'red',
  stage2: 'red',
  crisis: 'red',
  severe: 'red',
  very_poor: 'red',
  very_high: 'red',
  extremely_high: 'red',
  repeat_acute: 'red',
  present: 'red',
  fever: 'red',
};

/** Scale-specific readings that differ from the word's usual meaning. */
const OVERRIDES: Partial<Record<string, Record<string, LevelColour>>> = {
  fat: { obese: 'red', overweight: 'orange' },
  whtr: { low: 'yellow', high: 'red' },
  nhlbi: { increased: 'yellow', high: 'orange' },
  'exam:hdl': { high: 'green', low: 'orange' },
  'exam:crp': { low: 'green', high: 'orange' },
  'exam:fasting_insulin': { low: 'yellow', high: 'yellow' },
  'exam:ggt': { low: 'yellow' },
};

export function levelColour(level: string | null | undefined, scale?: Scale): LevelColour {
  if (!level) return 'gray';
  return (scale && OVERRIDES[scale]?.[level]) ?? BY_LEVEL[level] ?? 'gray';
}

/** A number rounded for display only, with the reader's decimal separator (the engine keeps full precision). */
export function formatNumber(value: number | null | undefined, decimals: number, lang: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const f = numberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  // The engine's rounding (half away from zero on the decimal form), so a class agrees with its figure; -0.0 reads
  // as a change in the wrong direction.
  const rounded = shownAt(value, decimals);
  return f.format(rounded === 0 ? 0 : rounded);
}

/** A signed change (+1,2 / −0,8) for history deltas; '±0' when it rounds to nothing. */
/** A duration in minutes as a stopwatch reads it: 14.5 → "14:30" (issue 15: the Rockport walk time). */
export function formatMinutesSeconds(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '—';
  const total = Math.round(minutes * 60);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export function formatDelta(value: number | null | undefined, decimals: number, lang: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = formatNumber(Math.abs(value), decimals, lang);
  if (shownAt(Math.abs(value), decimals) === 0) return `±${text}`;
  return `${value > 0 ? '+' : '−'}${text}`;
}

const isEquationRef = (v: unknown): v is EquationRef =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as EquationRef).id === 'string' &&
  typeof (v as EquationRef).citation === 'string' &&
  typeof (v as EquationRef).name === 'string';

/**
 * Every equation a result cites, in reading order and without repeats: the footnote list of the
 * detail page numbers them 1, 2, 3… in this order.
 */
export function collectEquations(result: EvaluationResult): EquationRef[] {
  const seen = new Map<string, EquationRef>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    if (isEquationRef(node)) {
      if (!seen.has(node.id)) seen.set(node.id, { id: node.id, name: node.name, citation: node.citation });
      return;
    }
    for (const value of Object.values(node)) walk(value);
  };
  // Reading order of the page: the ISAK profile (type 5, on top), composition, energy, food guide, fitness,
  // indices, labs, comparisons.
  const r = result;
  for (const part of [
    // The ISAK card's order: TEM, sums, somatotype, Phantom, Kerr (absent before issue 31 and on other methods).
    r.isak?.tem,
    r.isak?.sums_equation,
    r.isak?.somatotype,
    r.isak?.phantom_equation,
    r.isak?.kerr,
    r.bmi,
    r.ideal_weight,
    r.body_fat,
    r.muscle_mass,
    r.residual_mass,
    r.bone_mass,
    r.visceral_fat,
    r.metabolic_age,
    r.bmr,
    r.energy_equation,
    r.macros,
    r.food_guide,
    r.rockport,
    r.waist_height,
    r.waist_hip,
    r.waist,
    r.blood_pressure,
    r.risks,
    r.exams,
    r.comparisons,
  ]) {
    walk(part);
  }
  return [...seen.values()];
}
