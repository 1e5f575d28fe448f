import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@medida/domain';
import { subjectB } from '@medida/domain/test';
import type { WizardClient } from '../wizard-store.ts';
import {
  parseStopwatch,
  ALL_MEASUREMENTS,
  checkWizard,
  clientBlock,
  hasFever,
  initialWizardValues,
  measurementsFor,
  protocolChoices,
  rockportState,
  toEditBody,
  toEvaluationBody,
  toFormPath,
  wizardValuesFromInputs,
  type WizardValues,
} from './wizard-form.ts';

const TODAY = '2026-11-21';
const CTX = { evaluatorId: 1, today: TODAY };
const adult: WizardClient = {
  id_usuario: 7,
  nombre: 'Ana',
  apellido: 'Pérez',
  email: 'ana@x.test',
  rut: null,
  nacimiento: '1990-03-10',
  sexo: 'Femenino',
};

function filled(method: 1 | 2 | 3 | 4 = 1): WizardValues {
  const v = initialWizardValues(adult);
  v.evaluation_type = method;
  // Reference subject B (formulas.md): the fields of every method filled in, the optional ones empty.
  const b = subjectB();
  for (const field of ALL_MEASUREMENTS) if (b[field] !== undefined) v.measurements[field] = b[field];
  v.clinical_data.temperatura = 36.5;
  return v;
}

describe('wizard defaults (spec §4)', () => {
  it('start with type 1, Femenino and No for smoking, alcohol and exercise, and the default condition lists', () => {
    const v = initialWizardValues();
    expect(v.evaluation_type).toBe(1);
    expect(v.sexo).toBe('Femenino');
    expect([v.fuma, v.alcohol, v.ejercita]).toEqual(['No', 'No', 'No']);
    expect(v.clinical_data.ecnt.map((c) => c.name)).toEqual([
      'Hipertensión',
      'Hipercolesteremia',
      'Diabetes',
      'Obesidad',
      'Hígado Graso',
    ]);
    expect(v.clinical_data.autoinmune.map((c) => c.name)).toEqual(['Lupus', 'Celíaca', 'Cáncer', 'VIH', 'Artritis']);
  });

  it("take the chosen client's sex", () => {
    expect(initialWizardValues({ ...adult, sexo: 'Masculino' }).sexo).toBe('Masculino');
  });
});

describe('step 1: Next is blocked', () => {
  it('without a client, under 13, or without sex, id or birth date', () => {
    expect(clientBlock(null, TODAY)).toBe('none');
    expect(clientBlock({ ...adult, nacimiento: '2014-06-01' }, TODAY)).toBe('underAge');
    expect(clientBlock({ ...adult, nacimiento: '2013-11-21' }, TODAY)).toBeNull(); // 13 today
    expect(clientBlock({ ...adult, sexo: null }, TODAY)).toBe('missingData');
    expect(clientBlock({ ...adult, nacimiento: null }, TODAY)).toBe('missingData');
    expect(clientBlock(adult, TODAY)).toBeNull();
  });
});

describe('step 2 fields per method', () => {
  it('asks each method for its own measurements', () => {
    expect(measurementsFor(1).required).toContain('pgrasa');
    expect(measurementsFor(3).required).toContain('cuello');
    expect(measurementsFor(4).required).toEqual(
      expect.arrayContaining(['triceps', 'subescapular', 'abdominal', 'cuadriceps']),
    );
    expect(measurementsFor(1).required).not.toContain('triceps');
  });

  it('sends only the measurements of the chosen method', () => {
    const body = toEvaluationBody(filled(3), CTX);
    expect(body.cuello).toBe(33);
    expect(body).not.toHaveProperty('pgrasa');
    expect(body).not.toHaveProperty('triceps');
    expect(body).not.toHaveProperty('suprailiaco'); // optional and empty: absent, not zero
  });
});

describe('validation with the engine schema', () => {
  it('passes a complete evaluation for every method', () => {
    for (const method of [1, 2, 3, 4] as const) expect(checkWizard(filled(method), CTX).errors).toEqual({});
  });

  it('marks missing fields as required (the fieldsRequired toast)', () => {
    const v = filled();
    v.measurements.peso = '';
    v.clinical_data.temperatura = '';
    const check = checkWizard(v, CTX);
    expect(check.missing).toBe(true);
    expect(check.errors['measurements.peso']).toBe(ERROR_KEYS.required);
    expect(check.errors['clinical_data.temperatura']).toBe(ERROR_KEYS.required);
  });

  it('hides and does not require frequency when the client does not exercise', () => {
    const v = filled();
    v.ejercita = 'No';
    v.frecentrena = '4';
    expect(toEvaluationBody(v, CTX)).not.toHaveProperty('frecentrena');
    v.ejercita = 'Si';
    v.frecentrena = null;
    expect(checkWizard(v, CTX).errors).toMatchObject({ frecentrena: ERROR_KEYS.required, hace: ERROR_KEYS.required });
  });

  it('treats Rockport as all or none', () => {
    const v = filled();
    expect(rockportState(v.rockport)).toBe('empty');
    v.rockport = { minutes: 14, seconds: '', bpm: 140 };
    const check = checkWizard(v, CTX);
    expect(check.rockportPartial).toBe(true);
    expect(check.errors['rockport.seconds']).toBe(ERROR_KEYS.rockportIncomplete);
    v.rockport.seconds = 30;
    expect(checkWizard(v, CTX).errors).toEqual({});
  });

  it('sends ticked exams only and maps their errors back to the form row', () => {
    const v = filled();
    const hdl = v.clinical_data.exams.findIndex((e) => e.name === 'hdl');
    v.clinical_data.exams[hdl]!.status = true;
    const check = checkWizard(v, CTX);
    expect(check.errors[`clinical_data.exams.${hdl}.value`]).toBe(ERROR_KEYS.required);
    expect(toFormPath('clinical_data.exams.0.value', v)).toBe(`clinical_data.exams.${hdl}.value`);
    expect(toFormPath('peso', v)).toBe('measurements.peso');
  });

  it('keeps a treatment tick only on a ticked disease, and adds the free-text other entry', () => {
    const v = filled();
    v.clinical_data.ecnt[0]!.tratamiento = true; // not ticked: must not travel as treated
    v.clinical_data.ecntOther = { showInput: true, name: 'Asma', tratamiento: true };
    const ecnt = toEvaluationBody(v, CTX).clinical_data.ecnt!;
    expect(ecnt[0]).toEqual({ name: 'Hipertensión', value: false, tratamiento: false });
    expect(ecnt.at(-1)).toEqual({ name: 'Asma', value: true, tratamiento: true });
  });
});

describe('fever warning', () => {
  it('shows from 37.9 °C', () => {
    expect(hasFever(37.8)).toBe(false);
    expect(hasFever(37.9)).toBe(true);
    expect(hasFever('38,2')).toBe(true);
    expect(hasFever('')).toBe(false);
  });
});

describe('issue 9 inputs: protocol, measured VO2max, training volume, device readings', () => {
  it('offers only the equations the measured sites and the sex allow', () => {
    const v = filled(4);
    const ids = () => protocolChoices(v).map((c) => c.id);
    expect(ids()).toContain('evans_2005');
    expect(ids()).toContain('wilmore_behnke_1970_women');
    expect(ids()).not.toContain('katch_mcardle_1973_men');
    expect(ids()).not.toContain('durnin_womersley_1974');
    Object.assign(v.measurements, { biceps: 6, suprailiaco: 12 });
    expect(ids()).toContain('durnin_womersley_1974');
  });

  it('sends the filled extras under the engine names, and maps engine errors back to them', () => {
    const v = filled(1);
    v.extras.vo2max_measured = 41.5;
    v.extras.device.muscle_kg = 40.2;
    v.ejercita = 'Si';
    v.hace = '6';
    v.frecentrena = '3';
    v.extras.training_volume = 180;
    const body = toEvaluationBody(v, CTX) as Record<string, unknown>;
    expect(body).toMatchObject({ vo2max_measured: 41.5, device: { muscle_kg: 40.2 }, training_volume_min: 180 });
    expect(body).not.toHaveProperty('body_fat_equation');
    expect(checkWizard(v, CTX).errors).toEqual({});
    v.extras.vo2max_measured = 120;
    expect(checkWizard(v, CTX).errors['extras.vo2max_measured']).toBe(ERROR_KEYS.range);
    expect(toFormPath('device.water_pct', v)).toBe('extras.device.water_pct');
  });

  it('a chosen equation the client cannot use is a field error on the protocol', () => {
    const v = filled(4);
    v.extras.body_fat_equation = 'durnin_womersley_1974';
    expect(checkWizard(v, CTX).errors['extras.body_fat_equation']).toBe(ERROR_KEYS.equationNotApplicable);
  });
});

describe('evaluation date and editing', () => {
  it('sends the chosen date, today when none is chosen', () => {
    const v = filled();
    expect(toEvaluationBody(v, CTX).fecha).toBe(TODAY);
    v.fecha = '2025-06-30';
    expect(toEvaluationBody(v, CTX).fecha).toBe('2025-06-30');
  });

  it('refills the wizard from stored inputs: saving unchanged sends the same inputs', () => {
    const v = filled(4);
    v.fecha = '2026-01-15';
    v.ejercita = 'Si';
    v.hace = '3';
    v.frecentrena = '4';
    v.measurements.biceps = 6;
    v.rockport = { minutes: 14, seconds: 30, bpm: 130 };
    v.clinical_data.ecnt[2]!.value = true;
    v.clinical_data.ecnt[2]!.tratamiento = true;
    v.clinical_data.autoinmuneOther = { showInput: true, name: 'Psoriasis', tratamiento: false };
    v.clinical_data.exams[0]!.status = true;
    v.clinical_data.exams[0]!.value = 92;
    v.extras.vo2max_measured = 41;
    v.extras.training_volume = 80;
    v.extras.training_volume_unit = 'percent';
    const stored = toEvaluationBody(v, CTX);
    const refilled = wizardValuesFromInputs(stored, adult);
    expect(refilled.fecha).toBe('2026-01-15');
    expect(toEvaluationBody(refilled, CTX)).toEqual(stored);
  });

  it('keeps stored inputs the wizard does not show, and drops the ones emptied in the form', () => {
    const v = filled(4);
    v.measurements.biceps = 6;
    const stored = { ...toEvaluationBody(v, CTX), energy_level: 'high' };
    const edited = wizardValuesFromInputs(stored, adult);
    edited.measurements.biceps = '';
    edited.measurements.peso = 63;
    const body = toEditBody(edited, stored, 42, CTX);
    expect(body).toMatchObject({ evaluationID: 42, energy_level: 'high', peso: 63 });
    expect(body).not.toHaveProperty('biceps');
  });
});

describe('parseStopwatch (issue 15: the Rockport time as mm:ss)', () => {
  it('reads mm:ss and its common variants', () => {
    expect(parseStopwatch('14:30')).toEqual({ minutes: 14, seconds: 30 });
    expect(parseStopwatch(' 9:05 ')).toEqual({ minutes: 9, seconds: 5 });
    expect(parseStopwatch('14.30')).toEqual({ minutes: 14, seconds: 30 });
  });
  it('refuses what is not a time', () => {
    expect(parseStopwatch('14')).toBeNull();
    expect(parseStopwatch('14:3')).toBeNull();
    expect(parseStopwatch('14:75')).toBeNull();
    expect(parseStopwatch('abc')).toBeNull();
  });
});
