/**
 * A fast path for `evaluate` (decision 034). It accepts only inputs that are plainly valid — numbers
 * already numbers, every value in range, every cross-field rule met (the same `crossFieldRules` the
 * zod schema runs) — and returns exactly what `evaluationInputSchema` would. Anything else returns
 * null and goes through zod, which produces the field errors. A property test checks that whatever
 * this accepts, zod accepts with an equal result.
 */
import { parseIsoDate } from './age.ts';
import {
  CONDITION_NAME_MAX,
  CONDITIONS_MAX,
  FIELD_RANGES,
  LOCALE_LENGTH,
  MACRO_PCT_RANGES,
  SEXO_OPTIONS,
} from './constants.ts';
import type { RangedField } from './constants.ts';
import { BMR_EQUATION_IDS } from './equations/energy.ts';
import { SKINFOLD_EQUATION_IDS } from './equations/skinfolds.ts';
import { EXAM_CATALOGUE, EXAM_IDS } from './exams.ts';
import { crossFieldRules, methodOf } from './schema.ts';
import type { EvaluationInput } from './schema.ts';

type Obj = Record<string, unknown>;

const isPlain = (v: unknown): v is Obj => {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};
const inRange = (x: unknown, min: number, max: number): x is number => typeof x === 'number' && x >= min && x <= max;
const ranged = (x: unknown, field: RangedField): x is number =>
  inRange(x, FIELD_RANGES[field].min, FIELD_RANGES[field].max);

/** Signals "not plainly valid: let zod decide". One shared instance: throwing it allocates nothing. */
const FALLBACK = new Error('not on the fast path');

function req(x: unknown, field: RangedField): number {
  if (!ranged(x, field)) throw FALLBACK;
  return x;
}
function opt(x: unknown, field: RangedField): number | undefined {
  if (x === undefined) return undefined;
  if (!ranged(x, field)) throw FALLBACK;
  return x;
}
function optIn<T extends string>(x: unknown, options: readonly T[]): T | undefined {
  if (x === undefined) return undefined;
  if (!options.includes(x as T)) throw FALLBACK;
  return x as T;
}
function optBool(x: unknown): boolean | undefined {
  if (x === undefined || x === true || x === false) return x;
  throw FALLBACK;
}
function identifier(x: unknown): number | string | undefined {
  if (x === undefined) return undefined;
  if (typeof x === 'string' && x.length >= 1) return x;
  if (typeof x === 'number' && Number.isSafeInteger(x) && x > 0) return x;
  throw FALLBACK;
}

const YES_NO = ['Si', 'No'] as const;
const MATURITY = ['prepuberal', 'puberal', 'postpuberal'] as const;
const LEVELS = ['sedentary', 'low', 'moderate', 'high'] as const;

function conditions(x: unknown): EvaluationInput['clinical_data']['ecnt'] {
  if (x === undefined) return undefined;
  if (!Array.isArray(x) || x.length > CONDITIONS_MAX) throw FALLBACK;
  return x.map((c: unknown) => {
    if (!isPlain(c) || typeof c.name !== 'string' || c.name.length < 1 || c.name.length > CONDITION_NAME_MAX) {
      throw FALLBACK;
    }
    const out: { name: string; value?: boolean; tratamiento?: boolean } = { name: c.name };
    if (c.value !== undefined) out.value = optBool(c.value);
    if (c.tratamiento !== undefined) out.tratamiento = optBool(c.tratamiento);
    return out;
  });
}

function exams(x: unknown): EvaluationInput['clinical_data']['exams'] {
  if (x === undefined) return undefined;
  if (!Array.isArray(x) || x.length > EXAM_IDS.length) throw FALLBACK;
  return x.map((e: unknown) => {
    if (!isPlain(e) || typeof e.name !== 'string' || !Object.hasOwn(EXAM_CATALOGUE, e.name)) throw FALLBACK;
    const out: { name: keyof typeof EXAM_CATALOGUE; value?: number; unit?: string; status?: boolean } = {
      name: e.name as keyof typeof EXAM_CATALOGUE,
    };
    if (e.value !== undefined) {
      if (typeof e.value !== 'number' || !Number.isFinite(e.value)) throw FALLBACK;
      out.value = e.value;
    }
    if (e.unit !== undefined) {
      if (typeof e.unit !== 'string') throw FALLBACK;
      out.unit = e.unit;
    }
    if (e.status !== undefined) out.status = optBool(e.status);
    return out;
  });
}

function build(v: Obj): EvaluationInput {
  const type = methodOf(v.evaluation_type);
  // The ISAK profile's sites and derived fields are the zod path's (isak-input.ts).
  if (!type || type === 5) throw FALLBACK;
  // Fields the method ignores are dropped whatever they hold (as normalise does before zod).
  const skinfoldsIgnored = type === 1 || type === 3;
  const neckIgnored = type !== 3;
  const fatIgnored = type !== 1;
  if (!SEXO_OPTIONS.includes(v.sexo as never)) throw FALLBACK;
  if (
    typeof v.nacimiento !== 'string' ||
    typeof v.fecha !== 'string' ||
    !parseIsoDate(v.nacimiento) ||
    !parseIsoDate(v.fecha)
  )
    throw FALLBACK;
  const ejercita = optIn(v.ejercita, YES_NO);
  const fuma = optIn(v.fuma, YES_NO);
  const alcohol = optIn(v.alcohol, YES_NO);
  if (!ejercita || !fuma || !alcohol) throw FALLBACK;

  let hace: EvaluationInput['hace'];
  let frecentrena: number | undefined;
  if (ejercita === 'Si') {
    if (v.hace !== undefined) {
      if (!(v.hace === 1 || v.hace === 2 || v.hace === 3 || v.hace === 4 || v.hace === 5 || v.hace === 6))
        throw FALLBACK;
      hace = v.hace;
    }
    if (v.frecentrena !== undefined) {
      if (!Number.isInteger(v.frecentrena) || !inRange(v.frecentrena, 2, 7)) throw FALLBACK;
      frecentrena = v.frecentrena as number;
    }
  }

  let rockport: EvaluationInput['rockport'];
  if (v.rockport !== undefined) {
    const r = v.rockport;
    if (!isPlain(r)) throw FALLBACK;
    // Partial or empty Rockport objects are zod's to report or drop.
    if (!Number.isInteger(r.minutes) || !ranged(r.minutes, 'rockport.minutes')) throw FALLBACK;
    if (!ranged(r.seconds, 'rockport.seconds') || !ranged(r.bpm, 'rockport.bpm')) throw FALLBACK;
    rockport = { minutes: r.minutes, seconds: r.seconds, bpm: r.bpm };
  }

  const c = v.clinical_data;
  if (!isPlain(c) || !ranged(c.temperatura, 'clinical_data.temperatura')) throw FALLBACK;
  const clinical_data: EvaluationInput['clinical_data'] = { temperatura: c.temperatura };
  if (c.dif_respirar !== undefined) clinical_data.dif_respirar = optBool(c.dif_respirar);
  if (c.ecnt !== undefined) clinical_data.ecnt = conditions(c.ecnt);
  if (c.autoinmune !== undefined) clinical_data.autoinmune = conditions(c.autoinmune);
  if (c.exams !== undefined) clinical_data.exams = exams(c.exams);

  let device: EvaluationInput['device'];
  if (type === 1 && v.device !== undefined) {
    const d = v.device;
    if (!isPlain(d)) throw FALLBACK;
    device = {
      muscle_kg: opt(d.muscle_kg, 'device.muscle_kg'),
      visceral_level: opt(d.visceral_level, 'device.visceral_level'),
      water_pct: opt(d.water_pct, 'device.water_pct'),
      phase_angle: opt(d.phase_angle, 'device.phase_angle'),
      bmr_kcal: opt(d.bmr_kcal, 'device.bmr_kcal'),
    };
    // An empty device object is dropped by the schema's normalisation: zod's to decide.
    if (Object.values(device).every((x) => x === undefined)) throw FALLBACK;
  }

  let macro_percentages: EvaluationInput['macro_percentages'];
  if (v.macro_percentages !== undefined) {
    const m = v.macro_percentages;
    if (!isPlain(m)) throw FALLBACK;
    const { protein: p, carbohydrate: ch, fat: f } = MACRO_PCT_RANGES;
    if (!inRange(m.protein, p.min, p.max) || !inRange(m.carbohydrate, ch.min, ch.max) || !inRange(m.fat, f.min, f.max))
      throw FALLBACK;
    macro_percentages = { protein: m.protein, carbohydrate: m.carbohydrate, fat: m.fat };
  }

  if (
    v.locale !== undefined &&
    (typeof v.locale !== 'string' || v.locale.length < LOCALE_LENGTH.min || v.locale.length > LOCALE_LENGTH.max)
  ) {
    throw FALLBACK;
  }

  return {
    id_evaluado: identifier(v.id_evaluado),
    id_evaluador: identifier(v.id_evaluador),
    evaluation_type: type,
    sexo: v.sexo as EvaluationInput['sexo'],
    nacimiento: v.nacimiento,
    fecha: v.fecha,
    peso: req(v.peso, 'peso'),
    estatura: req(v.estatura, 'estatura'),
    presion_s: req(v.presion_s, 'presion_s'),
    presion_d: req(v.presion_d, 'presion_d'),
    pcintura: req(v.pcintura, 'pcintura'),
    pcadera: req(v.pcadera, 'pcadera'),
    pbrazo: req(v.pbrazo, 'pbrazo'),
    ppierna: req(v.ppierna, 'ppierna'),
    cuello: neckIgnored ? undefined : opt(v.cuello, 'cuello'),
    pgrasa: fatIgnored ? undefined : opt(v.pgrasa, 'pgrasa'),
    triceps: skinfoldsIgnored ? undefined : opt(v.triceps, 'triceps'),
    subescapular: skinfoldsIgnored ? undefined : opt(v.subescapular, 'subescapular'),
    abdominal: skinfoldsIgnored ? undefined : opt(v.abdominal, 'abdominal'),
    cuadriceps: skinfoldsIgnored ? undefined : opt(v.cuadriceps, 'cuadriceps'),
    suprailiaco: opt(v.suprailiaco, 'suprailiaco'),
    biceps: opt(v.biceps, 'biceps'),
    diametro_muneca: opt(v.diametro_muneca, 'diametro_muneca'),
    diametro_femur: opt(v.diametro_femur, 'diametro_femur'),
    body_fat_equation: skinfoldsIgnored ? undefined : optIn(v.body_fat_equation, SKINFOLD_EQUATION_IDS),
    device,
    vo2max_measured: opt(v.vo2max_measured, 'vo2max_measured'),
    training_volume_pct: opt(v.training_volume_pct, 'training_volume_pct'),
    training_volume_min: opt(v.training_volume_min, 'training_volume_min'),
    maduracion: optIn(v.maduracion, MATURITY),
    fuma,
    alcohol,
    ejercita,
    hace,
    frecentrena,
    rockport,
    clinical_data,
    locale: v.locale as string | undefined,
    energy_level: optIn(v.energy_level, LEVELS),
    bmr_equation: optIn(v.bmr_equation, BMR_EQUATION_IDS),
    protein_g_kg: opt(v.protein_g_kg, 'protein_g_kg'),
    fat_pct: opt(v.fat_pct, 'fat_pct'),
    macro_percentages,
  };
}

let failed = false;
const noteFailure = (): void => {
  failed = true;
};

/** The parsed input if it is plainly valid, otherwise null (use the zod schema for errors). */
export function fastParse(raw: unknown): EvaluationInput | null {
  if (!isPlain(raw)) return null;
  let out: EvaluationInput;
  try {
    out = build(raw);
  } catch {
    // FALLBACK, or a hostile input (a throwing getter): either way zod decides.
    return null;
  }
  failed = false;
  crossFieldRules(out, noteFailure);
  if (failed) return null;
  // Exam units and ranges, duplicates and HDL < TC are checked by crossFieldRules (examRules).
  return out;
}
