import { z } from 'zod';
import { ageAt, isBefore, parseIsoDate } from './age.ts';
import { bodyFatInputOf, choosableSkinfoldEquations, isPlausibleFat, primaryBodyFat } from './body-fat.ts';
import type { BodyFatSource } from './body-fat.ts';
import {
  BMI_PLAUSIBLE,
  EVALUATION_TYPES,
  CONDITION_NAME_MAX,
  CONDITIONS_MAX,
  FIELD_RANGES,
  LOCALE_LENGTH,
  MACRO_PCT_RANGES,
  MAX_AGE_YEARS,
  MIN_AGE_YEARS,
  SEXO_OPTIONS,
  YES_NO,
} from './constants.ts';
import type { RangedField } from './constants.ts';
import { ACTIVITY_LEVELS, BMR_EQUATION_IDS } from './equations/energy.ts';
import { navyCircumferenceCm } from './equations/navy.ts';
import { SKINFOLD_EQUATION_IDS } from './equations/skinfolds.ts';
import { FRECUENCIA, HACE_OPTIONS } from './equations/training.ts';
import { EXAM_CATALOGUE, EXAM_IDS } from './exams.ts';
import type { ExamId } from './exams.ts';
import { ERROR_KEYS } from './i18n-keys.ts';
import { IGNORED_BY_ISAK, errorsAtIsakSites, isakInputSchema, isakRules, normaliseIsak } from './isak/isak-input.ts';
import { toFieldErrors } from './field-errors.ts';
import type { FieldErrors } from './field-errors.ts';

/** Maps every zod issue to one of our translation keys, so schema messages are keys wherever it is used. */
function issueKey(iss: { code?: string; input?: unknown; expected?: unknown }): string {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined || iss.input === null) return ERROR_KEYS.required;
      return iss.expected === 'int' ? ERROR_KEYS.integer : ERROR_KEYS.type;
    case 'too_small':
    case 'too_big':
      return ERROR_KEYS.range;
    case 'invalid_value':
    case 'invalid_union':
      return iss.input === undefined ? ERROR_KEYS.required : ERROR_KEYS.option;
    case 'invalid_format':
      return ERROR_KEYS.date;
    default:
      return ERROR_KEYS.invalid;
  }
}
const E = { error: issueKey };

const ranged = (field: RangedField) => z.number(E).min(FIELD_RANGES[field].min, E).max(FIELD_RANGES[field].max, E);
const opt = (field: RangedField) => ranged(field).optional();
const yesNo = z.enum(YES_NO, E);
const isoDate = z.string(E).refine((s) => parseIsoDate(s) !== null, { error: ERROR_KEYS.date });
const identifier = z.union([z.number(E).int(E).positive(E), z.string(E).min(1, E)], E).optional();

const conditionItem = z.object(
  {
    name: z.string(E).min(1, E).max(CONDITION_NAME_MAX, E),
    value: z.boolean(E).optional(),
    tratamiento: z.boolean(E).optional(),
  },
  E,
);

const examItem = z.object(
  {
    name: z.enum(EXAM_IDS, E),
    value: z.number(E).optional(),
    unit: z.string(E).optional(),
    /** Spec's "checked" flag: an unticked exam is ignored. */
    status: z.boolean(E).optional(),
  },
  E,
);

const rockport = z
  .object(
    {
      minutes: ranged('rockport.minutes').int(E).optional(),
      // Seconds may carry decimals from a stopwatch; they are converted to decimal minutes, never appended.
      seconds: opt('rockport.seconds'),
      bpm: opt('rockport.bpm'),
    },
    E,
  )
  .optional();

const device = z
  .object(
    {
      muscle_kg: opt('device.muscle_kg'),
      visceral_level: opt('device.visceral_level'),
      water_pct: opt('device.water_pct'),
      phase_angle: opt('device.phase_angle'),
      bmr_kcal: opt('device.bmr_kcal'),
    },
    E,
  )
  .optional();

const clinicalData = z.object(
  {
    temperatura: ranged('clinical_data.temperatura'),
    dif_respirar: z.boolean(E).optional(),
    ecnt: z.array(conditionItem, E).max(CONDITIONS_MAX, E).optional(),
    autoinmune: z.array(conditionItem, E).max(CONDITIONS_MAX, E).optional(),
    // Each exam at most once (examRules), so the catalogue bounds the list.
    exams: z.array(examItem, E).max(EXAM_IDS.length, E).optional(),
  },
  E,
);

/** The method (spec §5): 1 bioimpedance … 4 four skinfolds, 5 ISAK profile; it decides which fields are required or ignored. */
export const evaluationTypeSchema = z.union(
  (Object.keys(EVALUATION_TYPES).map(Number) as [1, 2, 3, 4, 5]).map((n) => z.literal(n, E)) as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
    z.ZodLiteral<5>,
  ],
  E,
);

/** The evaluation form as an object (after the normalisation done by `evaluationInputSchema`). */
export const evaluationObjectSchema = z.object(
  {
    id_evaluado: identifier,
    id_evaluador: identifier,
    evaluation_type: evaluationTypeSchema,
    sexo: z.enum(SEXO_OPTIONS, E),
    /** Birth date, YYYY-MM-DD; age is computed at `fecha`, never typed. */
    nacimiento: isoDate,
    /** Evaluation date, YYYY-MM-DD. */
    fecha: isoDate,
    peso: ranged('peso'),
    estatura: ranged('estatura'),
    presion_s: ranged('presion_s'),
    presion_d: ranged('presion_d'),
    pcintura: ranged('pcintura'),
    pcadera: ranged('pcadera'),
    // Required by types 1-4; an ISAK profile takes them from its sites when measured (REQUIRED_BY_TYPE).
    pbrazo: opt('pbrazo'),
    ppierna: opt('ppierna'),
    cuello: opt('cuello'),
    pgrasa: opt('pgrasa'),
    triceps: opt('triceps'),
    subescapular: opt('subescapular'),
    abdominal: opt('abdominal'),
    cuadriceps: opt('cuadriceps'),
    suprailiaco: opt('suprailiaco'),
    biceps: opt('biceps'),
    diametro_muneca: opt('diametro_muneca'),
    diametro_femur: opt('diametro_femur'),
    /** ISAK profile (type 5): two or three measurements per site (decision 199). */
    isak: isakInputSchema.optional(),
    /** Skinfold methods: the primary equation chosen by the professional (decision 036); default when absent. */
    body_fat_equation: z.enum(SKINFOLD_EQUATION_IDS, E).optional(),
    /** Bioimpedance method: the device's other readings, shown with "device" as their source. */
    device,
    /** Measured VO2max (ml/kg/min): replaces the Rockport estimate in the fitness category. */
    vo2max_measured: opt('vo2max_measured'),
    /** Training volume, in % or in minutes per week (one of them). */
    training_volume_pct: opt('training_volume_pct'),
    training_volume_min: opt('training_volume_min'),
    /** Slaughter boys' maturity stage; 'puberal' when absent. */
    maduracion: z.enum(['prepuberal', 'puberal', 'postpuberal'], E).optional(),
    fuma: yesNo,
    alcohol: yesNo,
    ejercita: yesNo,
    hace: z
      .literal(
        HACE_OPTIONS.map((o) => o.value),
        E,
      )
      .optional(),
    frecentrena: z.number(E).int(E).min(FRECUENCIA.min, E).max(FRECUENCIA.max, E).optional(),
    rockport,
    clinical_data: clinicalData,
    /** BCP 47 tag: selects the food-guide system (es-CL: Chile) and the language of exam limits. */
    locale: z.string(E).min(LOCALE_LENGTH.min, E).max(LOCALE_LENGTH.max, E).optional(),
    /** Activity level whose average energy feeds the macros; derived from the exercise answers when absent. */
    energy_level: z.enum(ACTIVITY_LEVELS as ['sedentary', 'low', 'moderate', 'high'], E).optional(),
    /** The resting-energy equation the energy need is computed from (decision 192); Mifflin-St Jeor when absent. */
    bmr_equation: z.enum(BMR_EQUATION_IDS, E).optional(),
    protein_g_kg: opt('protein_g_kg'),
    fat_pct: opt('fat_pct'),
    /** Fixed split mode, in % of energy; must add up to 100. */
    macro_percentages: z
      .object(
        {
          protein: z.number(E).min(MACRO_PCT_RANGES.protein.min, E).max(MACRO_PCT_RANGES.protein.max, E),
          carbohydrate: z.number(E).min(MACRO_PCT_RANGES.carbohydrate.min, E).max(MACRO_PCT_RANGES.carbohydrate.max, E),
          fat: z.number(E).min(MACRO_PCT_RANGES.fat.min, E).max(MACRO_PCT_RANGES.fat.max, E),
        },
        E,
      )
      .optional(),
  },
  E,
);

export type EvaluationInput = z.output<typeof evaluationObjectSchema>;
export type EvaluationFormValues = z.input<typeof evaluationObjectSchema>;

/** Fields each method ignores (spec §5; type 2 per decision 030). They are dropped before validation. */
export const IGNORED_BY_TYPE: Readonly<Record<Method, readonly string[]>> = {
  1: ['triceps', 'subescapular', 'abdominal', 'cuadriceps', 'cuello', 'body_fat_equation', 'isak'],
  2: ['pgrasa', 'cuello', 'device', 'isak'],
  3: ['pgrasa', 'triceps', 'subescapular', 'abdominal', 'cuadriceps', 'body_fat_equation', 'device', 'isak'],
  4: ['pgrasa', 'cuello', 'device', 'isak'],
  // Derived from the sites (isak-input.ts), never taken from the form.
  5: IGNORED_BY_ISAK,
};

/** Fields each method needs on top of the always-required ones. */
export const REQUIRED_BY_TYPE: Readonly<Record<Method, readonly RangedField[]>> = {
  1: ['pbrazo', 'ppierna', 'pgrasa'],
  2: ['pbrazo', 'ppierna', 'triceps', 'subescapular'],
  3: ['pbrazo', 'ppierna', 'cuello'],
  4: ['pbrazo', 'ppierna', 'triceps', 'subescapular', 'abdominal', 'cuadriceps'],
  // What every evaluation's results need: a fat % (the two-site equations) and the waist and hip results,
  // which are required of every method. The rest of the profile is optional: each result when its sites are there.
  5: ['triceps', 'subescapular'],
};

/** An evaluation method code (EVALUATION_TYPES). */
type Method = 1 | 2 | 3 | 4 | 5;

const NUMERIC_FIELDS = [
  'evaluation_type',
  'peso',
  'estatura',
  'presion_s',
  'presion_d',
  'pcintura',
  'pcadera',
  'pbrazo',
  'ppierna',
  'cuello',
  'pgrasa',
  'triceps',
  'subescapular',
  'abdominal',
  'cuadriceps',
  'suprailiaco',
  'biceps',
  'diametro_muneca',
  'diametro_femur',
  'hace',
  'frecentrena',
  'protein_g_kg',
  'fat_pct',
  'vo2max_measured',
  'training_volume_pct',
  'training_volume_min',
] as const;
const DEVICE_FIELDS = ['muscle_kg', 'visceral_level', 'water_pct', 'phase_angle', 'bmr_kcal'] as const;

/** Form values arrive as '' or '72,5' as often as numbers: '' and null mean absent, numeric text is a number. */
function toNumber(v: unknown): unknown {
  if (v === null || v === '') return undefined;
  if (typeof v === 'string') {
    const t = v.trim().replace(',', '.');
    if (t === '') return undefined;
    const n = Number(t);
    return Number.isFinite(n) ? n : v;
  }
  return v;
}

/** The method code if it is one; never indexes tables with arbitrary (possibly hostile) values. */
export const methodOf = (v: unknown): Method | undefined =>
  v === 1 || v === 2 || v === 3 || v === 4 || v === 5 ? v : undefined;

function normalise(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const v: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const key of NUMERIC_FIELDS) if (key in v) v[key] = toNumber(v[key]);
  const method = methodOf(v.evaluation_type);
  // Set to undefined rather than deleted: keeps one object shape (delete makes V8 objects slow).
  if (method) for (const key of IGNORED_BY_TYPE[method]) if (key in v) v[key] = undefined;
  if (method === 5) normaliseIsak(v);
  if (v.ejercita === 'No') {
    // Hidden in the wizard when the client does not exercise (spec §4).
    v.hace = undefined;
    v.frecentrena = undefined;
  }
  if (v.body_fat_equation === null || v.body_fat_equation === '') v.body_fat_equation = undefined;
  if (v.bmr_equation === null || v.bmr_equation === '') v.bmr_equation = undefined;
  if (v.device === null) v.device = undefined;
  else if (v.device && typeof v.device === 'object' && !Array.isArray(v.device)) {
    const d = { ...(v.device as Record<string, unknown>) };
    for (const k of DEVICE_FIELDS) if (k in d) d[k] = toNumber(d[k]);
    v.device = DEVICE_FIELDS.every((k) => d[k] === undefined) ? undefined : d;
  }
  if (v.rockport === null) v.rockport = undefined;
  else if (v.rockport && typeof v.rockport === 'object') {
    const r = { ...(v.rockport as Record<string, unknown>) };
    for (const k of ['minutes', 'seconds', 'bpm']) if (k in r) r[k] = toNumber(r[k]);
    v.rockport = r.minutes === undefined && r.seconds === undefined && r.bpm === undefined ? undefined : r;
  }
  if (v.clinical_data && typeof v.clinical_data === 'object' && !Array.isArray(v.clinical_data)) {
    const c = { ...(v.clinical_data as Record<string, unknown>) };
    if ('temperatura' in c) c.temperatura = toNumber(c.temperatura);
    if (Array.isArray(c.exams)) {
      c.exams = c.exams.map((e: unknown) =>
        e && typeof e === 'object' && 'value' in e
          ? { ...(e as object), value: toNumber((e as { value: unknown }).value) }
          : e,
      );
    }
    v.clinical_data = c;
  }
  return v;
}

const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const inRange = (x: unknown, field: RangedField): x is number =>
  isNum(x) && x >= FIELD_RANGES[field].min && x <= FIELD_RANGES[field].max;

const ROCKPORT_KEYS = ['minutes', 'seconds', 'bpm'] as const;

/** Receives each cross-field problem; zod turns them into issues, the fast path just notes failure. */
export type Report = (path: (string | number)[], message: string) => void;
type Ctx = Report;
const add = (report: Report, path: (string | number)[], message: string) => report(path, message);

/** Cross-field rules. Runs even when some fields failed, so every problem is reported at once. */
export function crossFieldRules(value: unknown, ctx: Report): void {
  if (value === null || typeof value !== 'object') return;
  const v = value as Record<string, unknown>;
  const type = methodOf(v.evaluation_type);

  const required = type ? REQUIRED_BY_TYPE[type] : [];
  for (const field of required) if (v[field] === undefined) add(ctx, [field], ERROR_KEYS.required);
  if (v.ejercita === 'Si') {
    if (v.hace === undefined) add(ctx, ['hace'], ERROR_KEYS.required);
    if (v.frecentrena === undefined) add(ctx, ['frecentrena'], ERROR_KEYS.required);
  }

  // Dates are parsed once here; the age feeds the plausibility rule below.
  let age: number | undefined;
  const birth = typeof v.nacimiento === 'string' ? parseIsoDate(v.nacimiento) : null;
  const at = typeof v.fecha === 'string' ? parseIsoDate(v.fecha) : null;
  if (birth && at) {
    if (isBefore(at, birth)) add(ctx, ['fecha'], ERROR_KEYS.dateBeforeBirth);
    else {
      const years = ageAt(birth, at).years;
      if (years < MIN_AGE_YEARS) add(ctx, ['nacimiento'], ERROR_KEYS.underAge);
      else if (years > MAX_AGE_YEARS) add(ctx, ['nacimiento'], ERROR_KEYS.overAge);
      else age = years;
    }
  }

  if (inRange(v.presion_s, 'presion_s') && inRange(v.presion_d, 'presion_d') && v.presion_d >= v.presion_s) {
    add(ctx, ['presion_d'], ERROR_KEYS.diastolicNotBelowSystolic);
  }

  if (inRange(v.peso, 'peso') && inRange(v.estatura, 'estatura')) {
    const bmi = v.peso / (v.estatura / 100) ** 2;
    if (bmi < BMI_PLAUSIBLE.min || bmi > BMI_PLAUSIBLE.max) {
      add(ctx, ['peso'], ERROR_KEYS.implausibleBmi);
      add(ctx, ['estatura'], ERROR_KEYS.implausibleBmi);
    }
  }

  if (type === 3 && inRange(v.cuello, 'cuello') && inRange(v.pcintura, 'pcintura') && inRange(v.pcadera, 'pcadera')) {
    if (!tapeCircumferencesFit(v.sexo, v.pcintura, v.cuello, v.pcadera))
      add(ctx, ['cuello'], ERROR_KEYS.neckNotBelowWaist);
  }

  if (v.training_volume_pct !== undefined && v.training_volume_min !== undefined)
    add(ctx, ['training_volume_min'], ERROR_KEYS.trainingVolumeBoth);

  // Rocha's bone mass needs both breadths.
  if (v.diametro_muneca !== undefined && v.diametro_femur === undefined)
    add(ctx, ['diametro_femur'], ERROR_KEYS.required);
  if (v.diametro_femur !== undefined && v.diametro_muneca === undefined)
    add(ctx, ['diametro_muneca'], ERROR_KEYS.required);

  if (age !== undefined) plausibleFatRule(v, type, age, ctx);
  if (
    age !== undefined &&
    (type === 2 || type === 4 || type === 5) &&
    SKINFOLD_EQUATION_IDS.includes(v.body_fat_equation as never)
  ) {
    const input = bodyFatInputOf(bodyFatSourceOf(v, type), age);
    if (!choosableSkinfoldEquations(input).some((eq) => eq.meta.id === v.body_fat_equation))
      add(ctx, ['body_fat_equation'], ERROR_KEYS.equationNotApplicable);
  }

  const r = v.rockport as Record<string, unknown> | undefined;
  if (r && typeof r === 'object') {
    for (const k of ROCKPORT_KEYS) if (r[k] === undefined) add(ctx, ['rockport', k], ERROR_KEYS.rockportIncomplete);
  }

  const m = v.macro_percentages as Record<string, unknown> | undefined;
  if (
    m &&
    isNum(m.protein) &&
    isNum(m.carbohydrate) &&
    isNum(m.fat) &&
    Math.abs(m.protein + m.carbohydrate + m.fat - 100) > 0.5
  ) {
    add(ctx, ['macro_percentages'], ERROR_KEYS.macroSum);
  }

  const c = v.clinical_data as { exams?: unknown } | undefined;
  if (c && Array.isArray(c.exams)) examRules(c.exams, ctx);
  if (type === 5) isakRules(v, ctx);
}

const MATURATION_STAGES = ['prepuberal', 'puberal', 'postpuberal'] as const;
const numberOrUndefined = (x: unknown): number | undefined => (isNum(x) ? x : undefined);

/**
 * The body-fat step's fields of an input not yet known to be valid. A missing or mistyped field has its own error;
 * here a measurement that is not a number is absent (NaN where the step always reads it), as the step would see it.
 */
function bodyFatSourceOf(v: Record<string, unknown>, type: Method): BodyFatSource {
  const required = (x: unknown): number => (isNum(x) ? x : Number.NaN);
  const maduracion = MATURATION_STAGES.find((stage) => stage === v.maduracion);
  return {
    evaluation_type: type,
    sexo: v.sexo === 'Masculino' ? 'Masculino' : 'Femenino',
    peso: required(v.peso),
    estatura: required(v.estatura),
    pcintura: required(v.pcintura),
    pcadera: required(v.pcadera),
    cuello: numberOrUndefined(v.cuello),
    pgrasa: numberOrUndefined(v.pgrasa),
    triceps: numberOrUndefined(v.triceps),
    subescapular: numberOrUndefined(v.subescapular),
    abdominal: numberOrUndefined(v.abdominal),
    cuadriceps: numberOrUndefined(v.cuadriceps),
    suprailiaco: numberOrUndefined(v.suprailiaco),
    biceps: numberOrUndefined(v.biceps),
    maduracion,
    body_fat_equation: typeof v.body_fat_equation === 'string' ? v.body_fat_equation : undefined,
  };
}

/**
 * Measurements that are each in range can still put the method's equation outside physiology
 * (e.g. a Slaughter sum of 160 mm gives > 100 % fat): that is a field error on those measurements.
 */
function plausibleFatRule(v: Record<string, unknown>, type: Method | undefined, age: number, ctx: Ctx): void {
  if (!type || (v.sexo !== 'Masculino' && v.sexo !== 'Femenino')) return;
  if (
    !inRange(v.peso, 'peso') ||
    !inRange(v.estatura, 'estatura') ||
    !inRange(v.pcintura, 'pcintura') ||
    !inRange(v.pcadera, 'pcadera')
  )
    return;
  for (const f of REQUIRED_BY_TYPE[type]) if (!inRange(v[f], f)) return;
  if (type === 3 && !tapeCircumferencesFit(v.sexo, v.pcintura, v.cuello as number, v.pcadera)) return;
  if (typeof v.body_fat_equation === 'string' && !SKINFOLD_EQUATION_IDS.includes(v.body_fat_equation as never)) return;
  const estimate = primaryBodyFat(bodyFatInputOf(bodyFatSourceOf(v, type), age));
  if (isPlausibleFat(estimate.percent)) return;
  for (const field of estimate.fields)
    if (field !== 'estatura' && field !== 'peso') add(ctx, [field], ERROR_KEYS.implausibleFat);
}

/**
 * The tape method needs the waist larger than the neck, for women as for men (a woman's hip would
 * otherwise hide a waist at or below the neck), and a positive log term (formulas.md §2.3).
 */
function tapeCircumferencesFit(sexo: unknown, waistCm: number, neckCm: number, hipCm: number): boolean {
  const sex = sexo === 'Masculino' ? 'M' : 'F';
  return waistCm > neckCm && navyCircumferenceCm({ sex, heightCm: 0, waistCm, neckCm, hipCm }) > 0;
}

/** Canonical (converted) exam values by id, for the rules that compare exams. */
function examRules(exams: unknown[], ctx: Ctx): void {
  const seen = new Map<ExamId, number>();
  for (let i = 0; i < exams.length; i++) {
    const raw = exams[i];
    if (!raw || typeof raw !== 'object') continue;
    const e = raw as { name?: unknown; value?: unknown; unit?: unknown; status?: unknown };
    // Own keys only: 'constructor' or 'toString' must not reach the catalogue's prototype.
    if (e.status === false || typeof e.name !== 'string' || !Object.hasOwn(EXAM_CATALOGUE, e.name)) continue;
    const def = EXAM_CATALOGUE[e.name as ExamId];
    if (seen.has(def.id)) add(ctx, ['clinical_data', 'exams', i, 'name'], ERROR_KEYS.duplicateExam);
    if (e.value === undefined) {
      add(ctx, ['clinical_data', 'exams', i, 'value'], ERROR_KEYS.required);
      continue;
    }
    const unit = typeof e.unit === 'string' ? e.unit : def.unit;
    const toCanonical = Object.hasOwn(def.units, unit) ? def.units[unit] : undefined;
    if (toCanonical === undefined) {
      add(ctx, ['clinical_data', 'exams', i, 'unit'], ERROR_KEYS.unit);
      continue;
    }
    if (!isNum(e.value)) continue;
    const canonical = toCanonical(e.value);
    if (!(canonical >= def.range.min && canonical <= def.range.max)) {
      add(ctx, ['clinical_data', 'exams', i, 'value'], ERROR_KEYS.range);
      continue;
    }
    if (!seen.has(def.id)) seen.set(def.id, canonical);
  }
  const tc = seen.get('total_cholesterol');
  const hdl = seen.get('hdl');
  if (tc !== undefined && hdl !== undefined && hdl >= tc) {
    const i = exams.findIndex((e) => (e as { name?: unknown } | null)?.name === 'hdl');
    add(ctx, ['clinical_data', 'exams', i, 'value'], ERROR_KEYS.hdlNotBelowTotal);
  }
}

/**
 * The evaluation input schema shared by the server, the wizard and `evaluate`.
 * Error messages are translation keys (i18n-keys.ts); paths are the field names.
 */
export const evaluationInputSchema = z.preprocess(
  normalise,
  evaluationObjectSchema.superRefine(
    (value, ctx) => crossFieldRules(value, (path, message) => ctx.addIssue({ code: 'custom', message, path })),
    { when: () => true },
  ),
);

export { toFieldErrors, type FieldErrors } from './field-errors.ts';

/**
 * The form's field errors for an input that failed `evaluationInputSchema`: as `toFieldErrors`, with an ISAK
 * profile's errors on the fields it derives reported at the sites they come from (`isak.sites.waist`).
 */
export function evaluationFieldErrors(
  raw: unknown,
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): FieldErrors {
  const errors = toFieldErrors(issues);
  const type = raw && typeof raw === 'object' ? toNumber((raw as { evaluation_type?: unknown }).evaluation_type) : null;
  return type === 5 ? errorsAtIsakSites(errors) : errors;
}
