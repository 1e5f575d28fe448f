// The wizard's choice of the primary resting-energy equation (issue 31 B, decision 192): sent as bmr_equation for
// every method, absent when left at the default, read back when an evaluation is edited, and emptied on edit.
import { describe, expect, it } from 'vitest';
import { subjectB } from '@medida/domain/test';
import type { WizardClient } from '../wizard-store.ts';
import {
  ALL_MEASUREMENTS,
  checkWizard,
  initialWizardValues,
  toEditBody,
  toEvaluationBody,
  wizardValuesFromInputs,
  type WizardValues,
} from './wizard-form.ts';

const CTX = { evaluatorId: 1, today: '2026-11-21' };
const adult: WizardClient = {
  id_usuario: 7,
  nombre: 'Ana',
  apellido: 'Pérez',
  email: 'ana@x.test',
  rut: null,
  nacimiento: '1990-03-10',
  sexo: 'Femenino',
};

function filled(method: 1 | 2 | 3 | 4): WizardValues {
  const v = initialWizardValues(adult);
  v.evaluation_type = method;
  const b = subjectB();
  for (const field of ALL_MEASUREMENTS) if (b[field] !== undefined) v.measurements[field] = b[field];
  v.clinical_data.temperatura = 36.5;
  return v;
}

describe('the primary resting-energy equation in the wizard', () => {
  it('starts at the default and sends nothing then', () => {
    const v = filled(1);
    expect(v.extras.bmr_equation).toBeNull();
    expect(toEvaluationBody(v, CTX)).not.toHaveProperty('bmr_equation');
  });

  it('is sent for every method, passes the engine check, and is read back on edit', () => {
    for (const method of [1, 2, 3, 4] as const) {
      const v = filled(method);
      v.extras.bmr_equation = 'bmr_henry_oxford_2005';
      const body = toEvaluationBody(v, CTX);
      expect(body).toMatchObject({ bmr_equation: 'bmr_henry_oxford_2005' });
      expect(checkWizard(v, CTX).errors).toEqual({});
      expect(wizardValuesFromInputs(body, adult).extras.bmr_equation).toBe('bmr_henry_oxford_2005');
    }
  });

  it('set back to the default on edit, the stored choice is dropped', () => {
    const v = filled(4);
    v.extras.bmr_equation = 'bmr_owen_1986_1987';
    const stored = toEvaluationBody(v, CTX);
    const edited = wizardValuesFromInputs(stored, adult);
    edited.extras.bmr_equation = null;
    expect(toEditBody(edited, stored, 42, CTX)).not.toHaveProperty('bmr_equation');
  });
});
