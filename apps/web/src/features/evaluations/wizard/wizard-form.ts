import {
  BODY_FAT_EQUATION_CHOICES,
  ERROR_KEYS,
  EXAM_CATALOGUE,
  EXAM_IDS,
  FEVER_THRESHOLD_C,
  FIELD_RANGES,
  MIN_AGE_YEARS,
  REQUIRED_BY_TYPE,
  ageInYears,
  evaluationInputSchema,
  evaluationFieldErrors,
  type ExamId,
  type RangedField,
} from '@medida/domain';
import type { CreateEvaluationBody, EditEvaluationBody } from '@medida/contracts';
import type { WizardClient } from '../wizard-store.ts';
import {
  checkIsak,
  initialIsakValues,
  isakBody,
  isakValuesFromInputs,
  legacyFieldsMeasured,
  type IsakValues,
} from './isak-form.ts';

/** Spec §3 defaults for the two condition lists (names are stored as written here). */
const DEFAULT_ECNT = ['Hipertensión', 'Hipercolesteremia', 'Diabetes', 'Obesidad', 'Hígado Graso'] as const;
const DEFAULT_AUTOINMUNE = ['Lupus', 'Celíaca', 'Cáncer', 'VIH', 'Artritis'] as const;

export type Method = 1 | 2 | 3 | 4 | 5;
export type YesNo = 'Si' | 'No';
/** What Mantine's NumberInput holds: a number, or '' (and partial text) while typing. */
export type NumberValue = number | string;

interface ConditionValue {
  name: string;
  value: boolean;
  tratamiento: boolean;
}

/** The free-text 'other' entry of a list (spec §3: showInput). */
interface OtherCondition {
  showInput: boolean;
  name: string;
  tratamiento: boolean;
}

interface ExamValue {
  name: ExamId;
  status: boolean;
  value: NumberValue;
  unit: string;
}

/** Fields measured in step 2 besides the always-present ones; which ones show depends on the method. */
const BASE_MEASUREMENTS = [
  'peso',
  'estatura',
  'presion_s',
  'presion_d',
  'pcintura',
  'pcadera',
  'pbrazo',
  'ppierna',
] as const;
const ISAK_BASE_MEASUREMENTS = ['peso', 'estatura', 'presion_s', 'presion_d'] as const;
const OPTIONAL_SKINFOLDS = ['suprailiaco', 'biceps'] as const;
const OPTIONAL_BREADTHS = ['diametro_muneca', 'diametro_femur'] as const;
export type MeasurementField =
  | (typeof BASE_MEASUREMENTS)[number]
  | 'cuello'
  | 'pgrasa'
  | 'triceps'
  | 'subescapular'
  | 'abdominal'
  | 'cuadriceps'
  | (typeof OPTIONAL_SKINFOLDS)[number]
  | (typeof OPTIONAL_BREADTHS)[number];

export interface WizardValues {
  client: WizardClient | null;
  /** The evaluation date (YYYY-MM-DD), today by default, never in the future; '' means today. */
  fecha: string;
  evaluation_type: Method;
  /** The client's sex once chosen; Femenino is the spec's default before that. */
  sexo: 'Femenino' | 'Masculino';
  measurements: Record<MeasurementField, NumberValue>;
  /** The ISAK profile's sites (type 5): two or three readings each (isak-form.ts). */
  isak: IsakValues;
  fuma: YesNo;
  alcohol: YesNo;
  ejercita: YesNo;
  hace: string | null;
  frecentrena: string | null;
  rockport: { minutes: NumberValue; seconds: NumberValue; bpm: NumberValue };
  /** Optional inputs of issue 9 (decision 037): protocol, measured VO2max, training volume, device readings. */
  extras: WizardExtras;
  clinical_data: {
    temperatura: NumberValue;
    dif_respirar: boolean;
    ecnt: ConditionValue[];
    ecntOther: OtherCondition;
    autoinmune: ConditionValue[];
    autoinmuneOther: OtherCondition;
    exams: ExamValue[];
  };
}

export const DEVICE_FIELDS = ['muscle_kg', 'visceral_level', 'water_pct', 'phase_angle', 'bmr_kcal'] as const;
type DeviceField = (typeof DEVICE_FIELDS)[number];

interface WizardExtras {
  /** Skinfold methods: the primary equation; null = the engine's default for the client. */
  body_fat_equation: string | null;
  /** Every method: the resting-energy equation the energy need uses; null = the engine's default (decision 192). */
  bmr_equation: string | null;
  vo2max_measured: NumberValue;
  training_volume: NumberValue;
  training_volume_unit: 'percent' | 'minutes';
  device: Record<DeviceField, NumberValue>;
}

/** Skinfold equations the client's measured sites (and sex) allow; the engine checks the age. */
export function protocolChoices(
  values: Pick<WizardValues, 'measurements' | 'sexo'> & Partial<Pick<WizardValues, 'evaluation_type' | 'isak'>>,
) {
  const sex = values.sexo === 'Masculino' ? 'M' : 'F';
  // An ISAK profile measures the equations' sites under their ISAK names (subscapular → subescapular…).
  const isak = values.evaluation_type === 5 && values.isak ? legacyFieldsMeasured(values.isak) : null;
  const measured = (s: MeasurementField) => (isak ? isak.has(s) : !isBlank(values.measurements[s]));
  return BODY_FAT_EQUATION_CHOICES.filter((c) => (c.sex === null || c.sex === sex) && c.sites.every(measured));
}

const condition = (name: string): ConditionValue => ({ name, value: false, tratamiento: false });
const noOther = (): OtherCondition => ({ showInput: false, name: '', tratamiento: false });

export const ALL_MEASUREMENTS: readonly MeasurementField[] = [
  ...BASE_MEASUREMENTS,
  'cuello',
  'pgrasa',
  'triceps',
  'subescapular',
  'abdominal',
  'cuadriceps',
  ...OPTIONAL_SKINFOLDS,
  ...OPTIONAL_BREADTHS,
];

/** Spec §4 defaults: type 1, sexo Femenino, No for smoking, alcohol and exercise. */
export function initialWizardValues(client: WizardClient | null = null, fecha = ''): WizardValues {
  return {
    client,
    fecha,
    evaluation_type: 1,
    sexo: client?.sexo === 'Masculino' ? 'Masculino' : 'Femenino',
    measurements: Object.fromEntries(ALL_MEASUREMENTS.map((f) => [f, ''])) as Record<MeasurementField, NumberValue>,
    isak: initialIsakValues(),
    fuma: 'No',
    alcohol: 'No',
    ejercita: 'No',
    hace: null,
    frecentrena: null,
    rockport: { minutes: '', seconds: '', bpm: '' },
    extras: {
      body_fat_equation: null,
      bmr_equation: null,
      vo2max_measured: '',
      training_volume: '',
      training_volume_unit: 'minutes',
      device: Object.fromEntries(DEVICE_FIELDS.map((f) => [f, ''])) as Record<DeviceField, NumberValue>,
    },
    clinical_data: {
      temperatura: '',
      dif_respirar: false,
      ecnt: DEFAULT_ECNT.map(condition),
      ecntOther: noOther(),
      autoinmune: DEFAULT_AUTOINMUNE.map(condition),
      autoinmuneOther: noOther(),
      exams: EXAM_IDS.map((id) => ({ name: id, status: false, value: '', unit: EXAM_CATALOGUE[id].unit })),
    },
  };
}

/** The measurement inputs of step 2 for a method (spec §5; type 2 per decision 030). */
export function measurementsFor(method: Method): { required: MeasurementField[]; optional: MeasurementField[] } {
  // An ISAK profile's girths and skinfolds are its sites (isak-form.ts): here only what it shares with the others.
  if (method === 5) return { required: [...ISAK_BASE_MEASUREMENTS], optional: [] };
  const required: MeasurementField[] = [
    ...new Set<MeasurementField>([...BASE_MEASUREMENTS, ...(REQUIRED_BY_TYPE[method] as readonly MeasurementField[])]),
  ];
  // Extra skinfolds unlock better equations (Jackson-Pollock, Durnin-Womersley); breadths unlock bone and muscle mass.
  const optional: MeasurementField[] =
    method === 2 || method === 4 ? [...OPTIONAL_SKINFOLDS, ...OPTIONAL_BREADTHS] : [...OPTIONAL_BREADTHS];
  return { required, optional };
}

/** Unit and plausible range shown with each input: the engine's own table. */
export const rangeOf = (field: MeasurementField | RangedField) => FIELD_RANGES[field];

// ---------------------------------------------------------------- step 1

export type ClientBlock = 'none' | 'underAge' | 'missingData' | null;

/**
 * Why Next is disabled on step 1 (spec §4): no client, a client under 13, or one without sex, id or
 * birth date (the server computes the age from it). `null` means the client can be evaluated.
 */
export function clientBlock(client: WizardClient | null, today: string): ClientBlock {
  if (!client) return 'none';
  if (!client.id_usuario || !client.sexo || !client.nacimiento) return 'missingData';
  if (ageInYears(client.nacimiento, today) < MIN_AGE_YEARS) return 'underAge';
  return null;
}

// ---------------------------------------------------------------- step 2

const isBlank = (v: NumberValue) => v === '' || v === null || v === undefined;

export function hasFever(temperatura: NumberValue): boolean {
  const n = typeof temperatura === 'number' ? temperatura : Number(String(temperatura).replace(',', '.'));
  return !isBlank(temperatura) && Number.isFinite(n) && n >= FEVER_THRESHOLD_C;
}

/** "14:30" (or "14.30" or "14 30") → 14 min 30 s; anything else, seconds above 59 included, is null. */
export function parseStopwatch(text: string): { minutes: number; seconds: number } | null {
  const match = /^\s*(\d{1,2})\s*[:.\s]\s*(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const seconds = Number(match[2]);
  return seconds > 59 ? null : { minutes: Number(match[1]), seconds };
}

/** Rockport is all-or-none (spec §5): 'partial' shows the rockportFieldsError toast. */
export function rockportState(r: WizardValues['rockport']): 'empty' | 'complete' | 'partial' {
  const filled = [r.minutes, r.seconds, r.bpm].filter((v) => !isBlank(v)).length;
  return filled === 0 ? 'empty' : filled === 3 ? 'complete' : 'partial';
}

function conditionsOf(list: ConditionValue[], other: OtherCondition): ConditionValue[] {
  const items = list.map((c) => ({ name: c.name, value: c.value, tratamiento: c.value && c.tratamiento }));
  const name = other.name.trim();
  if (other.showInput && name) items.push({ name, value: true, tratamiento: other.tratamiento });
  return items;
}

/**
 * The request body for POST /web/ingresaevaluacion. Only the inputs the method uses travel; ticked
 * exams only; frecentrena/hace only when the client exercises (spec §4).
 */
export function toEvaluationBody(
  values: WizardValues,
  ctx: { evaluatorId: number; today: string },
): CreateEvaluationBody {
  const client = values.client!;
  const { required, optional } = measurementsFor(values.evaluation_type);
  const measured: Record<string, NumberValue | undefined> = {};
  for (const field of [...required, ...optional]) {
    const v = values.measurements[field];
    // Optional inputs left empty are absent, not zero.
    if (!(optional.includes(field) && isBlank(v))) measured[field] = v;
  }
  const exercising = values.ejercita === 'Si';
  const c = values.clinical_data;
  return {
    id_evaluado: client.id_usuario,
    id_evaluador: ctx.evaluatorId,
    evaluation_type: values.evaluation_type,
    sexo: values.sexo,
    ...(client.nacimiento ? { nacimiento: client.nacimiento } : {}),
    fecha: values.fecha || ctx.today,
    ...(measured as Record<string, number>),
    ...(values.evaluation_type === 5 ? { isak: isakBody(values.isak) } : {}),
    fuma: values.fuma,
    alcohol: values.alcohol,
    ejercita: values.ejercita,
    ...(exercising && values.hace ? { hace: Number(values.hace) as 1 } : {}),
    ...(exercising && values.frecentrena ? { frecentrena: Number(values.frecentrena) } : {}),
    ...(rockportState(values.rockport) === 'empty'
      ? {}
      : { rockport: values.rockport as { minutes: number; seconds: number; bpm: number } }),
    ...extrasOf(values),
    clinical_data: {
      temperatura: c.temperatura as number,
      dif_respirar: c.dif_respirar,
      ecnt: conditionsOf(c.ecnt, c.ecntOther),
      autoinmune: conditionsOf(c.autoinmune, c.autoinmuneOther),
      exams: c.exams
        .filter((e) => e.status)
        .map((e) => ({ name: e.name, status: true, value: e.value as number, unit: e.unit })),
    },
    // The measured fields are chosen per method at run time (measurementsFor), so TypeScript cannot see them.
  } as CreateEvaluationBody;
}

/** The optional issue-9 inputs that were filled in, as the engine's fields. */
function extrasOf(values: WizardValues): Record<string, unknown> {
  const x = values.extras;
  const out: Record<string, unknown> = {};
  const method = values.evaluation_type;
  if ((method === 2 || method === 4 || method === 5) && x.body_fat_equation)
    out.body_fat_equation = x.body_fat_equation;
  if (x.bmr_equation) out.bmr_equation = x.bmr_equation;
  if (!isBlank(x.vo2max_measured)) out.vo2max_measured = x.vo2max_measured;
  if (values.ejercita === 'Si' && !isBlank(x.training_volume))
    out[x.training_volume_unit === 'percent' ? 'training_volume_pct' : 'training_volume_min'] = x.training_volume;
  if (method === 1) {
    const device = Object.fromEntries(DEVICE_FIELDS.filter((f) => !isBlank(x.device[f])).map((f) => [f, x.device[f]]));
    if (Object.keys(device).length > 0) out.device = device;
  }
  return out;
}

/** Engine paths of the optional inputs → their form paths. */
const EXTRA_PATHS: Record<string, string> = {
  body_fat_equation: 'extras.body_fat_equation',
  bmr_equation: 'extras.bmr_equation',
  vo2max_measured: 'extras.vo2max_measured',
  training_volume_pct: 'extras.training_volume',
  training_volume_min: 'extras.training_volume',
};

// ---------------------------------------------------------------- editing a stored evaluation

/** Inputs the wizard owns: on save they come from the form (absent when emptied), never from the stored copy. */
const WIZARD_KEYS = new Set<string>([
  ...ALL_MEASUREMENTS,
  'isak',
  'evaluation_type',
  'fecha',
  'sexo',
  'nacimiento',
  'fuma',
  'alcohol',
  'ejercita',
  'hace',
  'frecentrena',
  'rockport',
  'clinical_data',
  'locale',
  // issue 9's optional inputs (extras)
  'body_fat_equation',
  'bmr_equation',
  'vo2max_measured',
  'training_volume_pct',
  'training_volume_min',
  'device',
]);

type StoredInputs = Record<string, unknown>;
const numberOr = (v: unknown): NumberValue => (typeof v === 'number' ? v : '');
const yesNo = (v: unknown): YesNo => (v === 'Si' ? 'Si' : 'No');

function conditionsFrom(
  stored: unknown,
  defaults: readonly string[],
): { list: ConditionValue[]; other: OtherCondition } {
  const items = Array.isArray(stored) ? (stored as ConditionValue[]) : [];
  const list = defaults.map((name) => {
    const found = items.find((c) => c.name === name);
    return { name, value: found?.value === true, tratamiento: found?.tratamiento === true };
  });
  const extra = items.find((c) => !defaults.includes(c.name) && c.value);
  return {
    list,
    other: extra ? { showInput: true, name: extra.name, tratamiento: extra.tratamiento } : noOther(),
  };
}

/** The wizard filled with an evaluation's stored inputs (the detail's Edit). */
export function wizardValuesFromInputs(inputs: StoredInputs, client: WizardClient): WizardValues {
  const base = initialWizardValues(client, typeof inputs.fecha === 'string' ? inputs.fecha : '');
  const measurements = { ...base.measurements };
  for (const field of ALL_MEASUREMENTS) measurements[field] = numberOr(inputs[field]);
  const c = (inputs.clinical_data ?? {}) as Record<string, unknown>;
  const ecnt = conditionsFrom(c.ecnt, DEFAULT_ECNT);
  const autoinmune = conditionsFrom(c.autoinmune, DEFAULT_AUTOINMUNE);
  const exams = Array.isArray(c.exams) ? (c.exams as Array<{ name: string; value: number; status: boolean }>) : [];
  const rockport = (inputs.rockport ?? null) as { minutes?: number; seconds?: number; bpm?: number } | null;
  const device = (inputs.device ?? {}) as Record<string, unknown>;
  const percent = typeof inputs.training_volume_pct === 'number';
  return {
    ...base,
    extras: {
      body_fat_equation: typeof inputs.body_fat_equation === 'string' ? inputs.body_fat_equation : null,
      bmr_equation: typeof inputs.bmr_equation === 'string' ? inputs.bmr_equation : null,
      vo2max_measured: numberOr(inputs.vo2max_measured),
      training_volume: numberOr(percent ? inputs.training_volume_pct : inputs.training_volume_min),
      training_volume_unit: percent ? 'percent' : 'minutes',
      device: Object.fromEntries(DEVICE_FIELDS.map((f) => [f, numberOr(device[f])])) as Record<
        DeviceField,
        NumberValue
      >,
    },
    evaluation_type: ([1, 2, 3, 4, 5] as const).find((m) => m === inputs.evaluation_type) ?? 1,
    isak: isakValuesFromInputs(inputs.isak),
    sexo: inputs.sexo === 'Masculino' ? 'Masculino' : base.sexo,
    measurements,
    fuma: yesNo(inputs.fuma),
    alcohol: yesNo(inputs.alcohol),
    ejercita: yesNo(inputs.ejercita),
    hace: typeof inputs.hace === 'number' ? String(inputs.hace) : null,
    frecentrena: typeof inputs.frecentrena === 'number' ? String(inputs.frecentrena) : null,
    rockport: {
      minutes: numberOr(rockport?.minutes),
      seconds: numberOr(rockport?.seconds),
      bpm: numberOr(rockport?.bpm),
    },
    clinical_data: {
      temperatura: numberOr(c.temperatura),
      dif_respirar: c.dif_respirar === true,
      ecnt: ecnt.list,
      ecntOther: ecnt.other,
      autoinmune: autoinmune.list,
      autoinmuneOther: autoinmune.other,
      exams: base.clinical_data.exams.map((e) => {
        const found = exams.find((x) => x.name === e.name && x.status);
        return found ? { ...e, status: true, value: numberOr(found.value) } : e;
      }),
    },
  };
}

/**
 * The editEvaluation body: the form's inputs over the stored ones, so inputs the wizard does not show
 * (set through the API) survive an edit, while anything the wizard owns comes from the form alone.
 */
export function toEditBody(
  values: WizardValues,
  stored: StoredInputs,
  evaluationId: number,
  ctx: { evaluatorId: number; today: string },
): EditEvaluationBody {
  const kept = Object.fromEntries(Object.entries(stored).filter(([key]) => !WIZARD_KEYS.has(key)));
  return { ...kept, ...toEvaluationBody(values, ctx), evaluationID: evaluationId };
}

/**
 * Maps an engine/server error path onto the form: measurements live under `measurements.*` and the
 * body's exam list holds only the ticked exams, so its index is translated back.
 */
export function toFormPath(path: string, values: WizardValues): string {
  const exam = /^clinical_data\.exams\.(\d+)\.(\w+)$/.exec(path);
  if (exam) {
    const ticked = values.clinical_data.exams.map((e, i) => (e.status ? i : -1)).filter((i) => i >= 0);
    const index = ticked[Number(exam[1])];
    return index === undefined ? path : `clinical_data.exams.${index}.${exam[2] === 'name' ? 'value' : exam[2]}`;
  }
  if ((ALL_MEASUREMENTS as readonly string[]).includes(path)) return `measurements.${path}`;
  if (path.startsWith('device.')) return `extras.${path}`;
  return EXTRA_PATHS[path] ?? path;
}

export interface WizardCheck {
  /** Form path → translation key of the engine (`evaluation.errors.*`). */
  errors: Record<string, string>;
  missing: boolean;
  rockportPartial: boolean;
  /** Problems on fields step 2 does not show (birth date, sex): step 1 has to fix them. */
  clientErrors: string[];
}

/** Step 2 validation with the engine's own schema (the server runs the same one). */
export function checkWizard(values: WizardValues, ctx: { evaluatorId: number; today: string }): WizardCheck {
  const body = toEvaluationBody(values, ctx);
  const parsed = evaluationInputSchema.safeParse(body);
  const errors: Record<string, string> = {};
  const clientErrors: string[] = [];
  if (!parsed.success) {
    // An ISAK profile's errors on the fields it derives (waist, hip, skinfolds) come at their sites, as the server's.
    for (const [path, keys] of Object.entries(evaluationFieldErrors(body, parsed.error.issues))) {
      const [key] = keys;
      if (key === undefined) continue;
      if (path === 'nacimiento' || path === 'sexo' || path === 'fecha' || path === 'id_evaluado')
        clientErrors.push(key);
      else errors[toFormPath(path, values)] ??= key;
    }
  }
  if (values.evaluation_type === 5)
    for (const [path, key] of Object.entries(checkIsak(values.isak))) errors[path] ??= key;
  const rockportPartial = rockportState(values.rockport) === 'partial';
  if (rockportPartial) {
    for (const k of ['minutes', 'seconds', 'bpm'] as const) {
      if (isBlank(values.rockport[k])) errors[`rockport.${k}`] = ERROR_KEYS.rockportIncomplete;
    }
  }
  const missing = Object.values(errors).some((key) => key === ERROR_KEYS.required);
  return { errors, missing, rockportPartial, clientErrors };
}
