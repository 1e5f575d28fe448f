import { createHash } from 'node:crypto';
import type { EvaluationDetail } from '@medida/contracts';
import {
  DISPLAY_DECIMALS,
  EXAM_IDS,
  localizeEquation,
  methodName,
  shownAt,
  type EquationRef,
  type ExamId,
  type Lang,
} from '@medida/domain';
import type {
  Bundle,
  BundleEntry,
  CodeableConcept,
  Observation,
  ObservationComponent,
  Patient,
  Practitioner,
  Quantity,
  Reference,
} from '@medplum/fhirtypes';
import {
  BLOOD_PRESSURE,
  EQUATION_EXTENSION,
  examCode,
  MEASUREMENT_CODES,
  MEDIDA_EQUATION,
  MEDIDA_METHOD,
  NATIONAL_ID_IDENTIFIER,
  OBSERVATION_CATEGORY,
  RESULT_CODES,
  UCUM,
  USER_IDENTIFIER,
  type ObservationCode,
} from './fhir-codes.ts';

/** The client as the bundle's Patient (a person's profile: `people.get`). */
export interface FhirClient {
  id: number;
  nombre: string;
  apellido: string;
  email: string;
  telefono: string | null;
  nacimiento: string | null;
  sexo: string | null;
  /** The national document (RUT in Chile). */
  rut: string | null;
}

/** One evaluation's current version, with its evaluator (the performer). */
export type FhirEvaluation = Pick<
  EvaluationDetail,
  'id' | 'evaluation_type' | 'fecha' | 'inputs' | 'results' | 'evaluator'
>;

/** A UUID derived from a name, so the same data gives the same bundle (fullUrl urn:uuid:…). */
function nameUuid(name: string): string {
  const hex = createHash('sha256').update(`medida:${name}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const entryOf = <R extends Patient | Practitioner | Observation>(resource: R & { id: string }): BundleEntry => ({
  fullUrl: `urn:uuid:${nameUuid(`${resource.resourceType}/${resource.id}`)}`,
  resource,
});

/** The measurements read straight from the evaluation's inputs, in the order of the form. */
const INPUT_FIELDS = [
  'peso',
  'estatura',
  'pcintura',
  'pcadera',
  'pbrazo',
  'ppierna',
  'cuello',
  'triceps',
  'subescapular',
  'abdominal',
  'cuadriceps',
  'suprailiaco',
  'biceps',
  'diametro_muneca',
  'diametro_femur',
] as const satisfies readonly (keyof typeof MEASUREMENT_CODES & keyof FhirEvaluation['inputs'])[];

const GENDER: Record<string, Patient['gender']> = { Femenino: 'female', Masculino: 'male' };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function patientOf(client: FhirClient): Patient & { id: string } {
  const birthDate = client.nacimiento?.slice(0, 10);
  return {
    resourceType: 'Patient',
    id: `client-${client.id}`,
    identifier: [
      { system: USER_IDENTIFIER, value: String(client.id) },
      ...(client.rut ? [{ system: NATIONAL_ID_IDENTIFIER, value: client.rut }] : []),
    ],
    name: [{ family: client.apellido, given: [client.nombre] }],
    telecom: [
      { system: 'email', value: client.email },
      ...(client.telefono ? [{ system: 'phone' as const, value: client.telefono }] : []),
    ],
    gender: (client.sexo && GENDER[client.sexo]) || 'unknown',
    ...(birthDate && ISO_DATE.test(birthDate) ? { birthDate } : {}),
  };
}

function practitionerOf(evaluator: FhirEvaluation['evaluator']): Practitioner & { id: string } {
  return {
    resourceType: 'Practitioner',
    id: `professional-${evaluator.id}`,
    identifier: [{ system: USER_IDENTIFIER, value: String(evaluator.id) }],
    name: [{ family: evaluator.apellido, given: [evaluator.nombre] }],
    telecom: [{ system: 'email', value: evaluator.email }],
    ...(evaluator.especialidad ? { qualification: [{ code: { text: evaluator.especialidad } }] } : {}),
  };
}

const quantity = (value: number, code: ObservationCode, decimals = 2): Quantity => ({
  value: shownAt(value, decimals),
  unit: code.unit,
  system: UCUM,
  code: code.unit,
});
const concept = (code: ObservationCode): CodeableConcept => ({
  coding: [{ system: code.system, code: code.code, display: code.display }],
  text: code.display,
});
const categoryOf = (code: ObservationCode): CodeableConcept[] => [
  { coding: [{ system: OBSERVATION_CATEGORY, code: code.category }] },
];

/** Builds one evaluation's Observations: what was measured, then what the engine computed from it. */
function observationsOf(
  evaluation: FhirEvaluation,
  refs: { patient: Reference<Patient>; performer: Reference<Practitioner> },
  lang: Lang,
) {
  const { inputs, results } = evaluation;
  const method = {
    code: results.method,
    display: methodName(evaluation.evaluation_type, lang),
  };
  const observations: (Observation & { id: string })[] = [];
  const base = (code: ObservationCode, key: string, equation?: EquationRef) => {
    const eq = equation ? localizeEquation(equation, lang) : undefined;
    const observation: Observation & { id: string } = {
      resourceType: 'Observation',
      id: `evaluation-${evaluation.id}-${key}`,
      ...(eq
        ? {
            extension: [
              { url: EQUATION_EXTENSION, valueCoding: { system: MEDIDA_EQUATION, code: eq.id, display: eq.name } },
            ],
          }
        : {}),
      status: 'final',
      category: categoryOf(code),
      code: concept(code),
      subject: refs.patient,
      effectiveDateTime: evaluation.fecha,
      performer: [refs.performer],
      method: {
        coding: [{ system: MEDIDA_METHOD, code: method.code, display: method.display }],
        text: eq ? `${method.display} — ${eq.name}` : method.display,
      },
      ...(eq ? { note: [{ text: `${eq.name}. ${eq.citation}` }] } : {}),
    };
    observations.push(observation);
    return observation;
  };
  const add = (
    code: ObservationCode,
    key: string,
    value: number | null | undefined,
    equation?: EquationRef,
    decimals?: number,
  ) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return;
    base(code, key, equation).valueQuantity = quantity(value, code, decimals);
  };

  for (const field of INPUT_FIELDS) add(MEASUREMENT_CODES[field], field, inputs[field]);
  add(MEASUREMENT_CODES.temperatura, 'temperatura', inputs.clinical_data?.temperatura);
  const bp = base(BLOOD_PRESSURE.panel, 'blood-pressure', results.blood_pressure?.equation);
  const component = (code: ObservationCode, value: number): ObservationComponent => ({
    code: concept(code),
    valueQuantity: quantity(value, code, 0),
  });
  bp.component = [
    component(BLOOD_PRESSURE.systolic, inputs.presion_s),
    component(BLOOD_PRESSURE.diastolic, inputs.presion_d),
  ];

  add(RESULT_CODES.bmi, 'bmi', results.bmi.value, results.bmi.equation, DISPLAY_DECIMALS.bmi);
  const fat = results.body_fat;
  add(RESULT_CODES.body_fat_percent, 'body-fat-percent', fat.percent, fat.equation, DISPLAY_DECIMALS.fatPercent);
  add(RESULT_CODES.body_fat_mass, 'body-fat-mass', fat.kg, fat.equation);
  add(RESULT_CODES.lean_mass, 'lean-mass', results.lean_mass.kg, fat.equation);
  const muscle = results.muscle_mass;
  add(RESULT_CODES[muscle.kind], 'muscle-mass', muscle.kg, muscle.equation);
  add(RESULT_CODES.residual_mass, 'residual-mass', results.residual_mass.kg, results.residual_mass.equation);
  add(RESULT_CODES.bone_mass, 'bone-mass', results.bone_mass?.kg, results.bone_mass?.equation);
  add(RESULT_CODES.skinfold_sum, 'skinfold-sum', results.skinfold_sum?.mm, undefined, 1);
  add(RESULT_CODES.ideal_weight, 'ideal-weight', results.ideal_weight.kg, results.ideal_weight.equation, 1);
  const ratio = DISPLAY_DECIMALS.ratio;
  add(RESULT_CODES.waist_height, 'waist-height', results.waist_height.value, results.waist_height.equation, ratio);
  add(RESULT_CODES.waist_hip, 'waist-hip', results.waist_hip.value, results.waist_hip.equation, ratio);
  add(RESULT_CODES.bmr, 'bmr', results.bmr.kcal, results.bmr.equation, 0);
  if (results.rockport) {
    add(MEASUREMENT_CODES.rockport_bpm, 'rockport-bpm', results.rockport.bpm, undefined, 0);
    add(MEASUREMENT_CODES.rockport_time, 'rockport-time', results.rockport.time_min);
  }
  const fitness = results.fitness;
  if (fitness) {
    const equation = fitness.source === 'rockport' ? results.rockport?.equation : undefined;
    add(RESULT_CODES.vo2max, 'vo2max', fitness.vo2max, equation, DISPLAY_DECIMALS.vo2max);
  }
  results.exams.forEach((exam, i) => {
    if (!(EXAM_IDS as readonly string[]).includes(exam.id)) return;
    const code = examCode(exam.id as ExamId, exam.derived);
    // A value entered in another unit was converted to the catalogue's, which is the code's.
    add(code, `exam-${i}-${exam.id}`, exam.value, exam.equation ?? undefined, exam.decimals ?? 2);
  });
  return observations;
}

/**
 * A client's data as a FHIR R4 Bundle of type collection (decision 226): the client as Patient, each evaluator as
 * Practitioner, and each evaluation's measurements and results as Observations (LOINC or the product's codes, UCUM
 * units, the method, the equation and its citation, the evaluation's date, the evaluator as performer).
 * Pure: the same data gives the same bundle.
 */
export function fhirBundle(parts: { client: FhirClient; evaluations: readonly FhirEvaluation[]; lang: Lang }): Bundle {
  const patient = entryOf(patientOf(parts.client));
  const practitioners = new Map<number, BundleEntry>();
  const observations: BundleEntry[] = [];
  const byDate = [...parts.evaluations].sort((a, b) => a.fecha.localeCompare(b.fecha) || a.id - b.id);
  for (const evaluation of byDate) {
    let practitioner = practitioners.get(evaluation.evaluator.id);
    if (!practitioner)
      practitioners.set(evaluation.evaluator.id, (practitioner = entryOf(practitionerOf(evaluation.evaluator))));
    const refs = {
      patient: { reference: patient.fullUrl, display: `${parts.client.nombre} ${parts.client.apellido}` },
      performer: {
        reference: practitioner.fullUrl,
        display: `${evaluation.evaluator.nombre} ${evaluation.evaluator.apellido}`,
      },
    };
    observations.push(...observationsOf(evaluation, refs, parts.lang).map(entryOf));
  }
  return {
    resourceType: 'Bundle',
    id: `client-${parts.client.id}`,
    type: 'collection',
    entry: [patient, ...practitioners.values(), ...observations],
  };
}
