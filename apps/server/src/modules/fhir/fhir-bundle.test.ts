import { evaluate, parseEvaluationInput, shown } from '@medida/domain';
import { LABS_A, subjectA, subjectB } from '@medida/domain/test';
import type { Observation, Patient } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { fhirErrors } from '../../test/fhir-validator.ts';
import { fhirBundle, type FhirClient, type FhirEvaluation } from './fhir-bundle.ts';
import { LOINC, MEDIDA_METHOD, MEDIDA_OBSERVATION, UCUM } from './fhir-codes.ts';

const client: FhirClient = {
  id: 41,
  nombre: 'Ana',
  apellido: 'Pérez',
  email: 'ana@example.com',
  telefono: '+56911112222',
  nacimiento: '1990-01-15',
  sexo: 'Masculino',
  rut: '11.111.111-1',
};
const evaluator = { id: 7, nombre: 'Pro', apellido: 'Fesional', especialidad: 'Nutrición', email: 'pro@example.com' };

function evaluationOf(id: number, form: object): FhirEvaluation {
  const input = parseEvaluationInput({ ...form, id_evaluado: client.id, id_evaluador: evaluator.id });
  const outcome = evaluate({ ...form, id_evaluado: client.id, id_evaluador: evaluator.id });
  if (!input.ok || !outcome.ok) throw new Error('the reference subject is not a valid evaluation');
  return {
    id,
    evaluation_type: input.input.evaluation_type,
    fecha: input.input.fecha,
    inputs: input.input,
    results: outcome.result,
    evaluator,
  };
}

const fourSkinfolds = evaluationOf(1, subjectA({ clinical_data: { temperatura: 36.6, exams: [...LABS_A] } }));
const tape = evaluationOf(2, subjectA({ evaluation_type: 3, fecha: '2025-07-01' }));
const rockport = evaluationOf(3, subjectB({ fecha: '2025-08-01', rockport: { minutes: 14, seconds: 30, bpm: 130 } }));

const observations = (bundle: ReturnType<typeof fhirBundle>) =>
  (bundle.entry ?? []).map((e) => e.resource).filter((r): r is Observation => r?.resourceType === 'Observation');
const coded = (list: Observation[], system: string, code: string) =>
  list.filter((o) => o.code.coding?.some((c) => c.system === system && c.code === code));

// Reading the R4 definitions takes a few seconds, once.
beforeAll(() => void fhirErrors({ resourceType: 'Bundle', type: 'collection' }), 60_000);

describe('fhirBundle', () => {
  const bundle = fhirBundle({ client, evaluations: [rockport, fourSkinfolds, tape], lang: 'en' });
  const obs = observations(bundle);

  it('is a collection whose every resource passes the R4 validator with no error', () => {
    expect(bundle.type).toBe('collection');
    expect(fhirErrors(bundle)).toEqual([]);
  });

  it('the validator is a real one: it finds what breaks R4', () => {
    const broken = structuredClone(bundle);
    const observation = observations(broken)[0] as unknown as Record<string, unknown>;
    delete observation.code;
    observation.effectiveDateTime = '01/06/2025';
    const errors = fhirErrors(broken).join('\n');
    expect(errors).toMatch(/Observation\/evaluation-1-peso Observation\.code/);
    expect(errors).toMatch(/Observation\/evaluation-1-peso Observation\.effective\[x\]: Invalid dateTime/);
  });

  it('has the client as Patient, with the national document, email, gender and birth date', () => {
    const patient = bundle.entry?.[0]?.resource as Patient;
    expect(patient).toMatchObject({
      resourceType: 'Patient',
      gender: 'male',
      birthDate: '1990-01-15',
      name: [{ family: 'Pérez', given: ['Ana'] }],
    });
    expect(patient.identifier?.map((i) => i.value)).toEqual(['41', '11.111.111-1']);
    expect(patient.telecom?.[0]).toEqual({ system: 'email', value: 'ana@example.com' });
  });

  it('codes weight, height, BMI and body fat in LOINC with UCUM units, dated and performed by the evaluator', () => {
    const practitioner = bundle.entry?.find((e) => e.resource?.resourceType === 'Practitioner');
    for (const [code, unit] of [
      ['29463-7', 'kg'],
      ['8302-2', 'cm'],
      ['39156-5', 'kg/m2'],
      ['41982-0', '%'],
      ['8280-0', 'cm'],
      ['62409-8', 'cm'],
      ['8310-5', 'Cel'],
    ] as const) {
      const found = coded(obs, LOINC, code);
      expect(found, code).toHaveLength(3);
      for (const o of found) {
        expect(o.valueQuantity).toMatchObject({ system: UCUM, code: unit });
        expect(o.performer?.[0]?.reference).toBe(practitioner?.fullUrl);
        expect(o.subject?.reference).toBe(bundle.entry?.[0]?.fullUrl);
      }
    }
    expect(coded(obs, LOINC, '29463-7').map((o) => [o.effectiveDateTime, o.valueQuantity?.value])).toEqual([
      ['2025-06-01', 80],
      ['2025-07-01', 80],
      ['2025-08-01', 62],
    ]);
  });

  it('gives a computed value its method, its equation and the citation from the engine', () => {
    const [bmi] = coded(obs, LOINC, '39156-5');
    expect(bmi?.valueQuantity?.value).toBe(shown(fourSkinfolds.results.bmi.value, 'bmi'));
    expect(bmi?.method?.coding?.[0]).toMatchObject({ system: MEDIDA_METHOD, code: 'four_skinfolds' });
    expect(bmi?.note?.[0]?.text).toContain(fourSkinfolds.results.bmi.equation.citation);
    const [fat] = coded(obs, LOINC, '41982-0');
    expect(fat?.extension?.[0]?.valueCoding?.code).toBe(fourSkinfolds.results.body_fat.equation.id);
    expect(fat?.method?.text).toContain('—');
  });

  it('puts blood pressure in one panel with systolic and diastolic components', () => {
    const [panel] = coded(obs, LOINC, '85354-9');
    expect(panel?.valueQuantity).toBeUndefined();
    expect(
      panel?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value, c.valueQuantity?.code]),
    ).toEqual([
      ['8480-6', 128, 'mm[Hg]'],
      ['8462-4', 82, 'mm[Hg]'],
    ]);
  });

  it("codes laboratory exams in LOINC and what LOINC lacks in the product's own system", () => {
    expect(coded(obs, LOINC, '1558-6')[0]?.valueQuantity).toMatchObject({ value: 95, code: 'mg/dL' });
    expect(coded(obs, LOINC, '2085-9')).toHaveLength(1);
    expect(coded(obs, MEDIDA_OBSERVATION, 'homa-ir')).toHaveLength(1);
    expect(coded(obs, MEDIDA_OBSERVATION, 'triceps-skinfold')).toHaveLength(2);
    expect(coded(obs, MEDIDA_OBSERVATION, 'vo2max')[0]?.valueQuantity?.code).toBe('mL/min/kg');
  });

  it('is the same bundle for the same data (ids and fullUrls derive from the records)', () => {
    const again = fhirBundle({ client, evaluations: [tape, fourSkinfolds, rockport], lang: 'en' });
    expect(again).toEqual(bundle);
    const urls = bundle.entry?.map((e) => e.fullUrl) ?? [];
    expect(new Set(urls).size).toBe(urls.length);
    expect(
      urls.every((u) => /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u ?? '')),
    ).toBe(true);
  });

  it('names the method and the equation in the reader language', () => {
    const es = observations(fhirBundle({ client, evaluations: [fourSkinfolds], lang: 'es' }));
    const en = observations(fhirBundle({ client, evaluations: [fourSkinfolds], lang: 'en' }));
    expect(es[0]?.method?.coding?.[0]?.display).not.toBe(en[0]?.method?.coding?.[0]?.display);
  });

  it('a client without evaluations is a bundle with the Patient alone', () => {
    const lone = fhirBundle({
      client: { ...client, sexo: null, nacimiento: null, rut: null },
      evaluations: [],
      lang: 'pt',
    });
    expect(lone.entry).toHaveLength(1);
    expect(lone.entry?.[0]?.resource).toMatchObject({ gender: 'unknown' });
    expect(fhirErrors(lone)).toEqual([]);
  });
});
