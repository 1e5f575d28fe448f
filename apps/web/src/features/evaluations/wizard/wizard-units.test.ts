import { describe, expect, it } from 'vitest';
import type { WizardClient } from '../wizard-store.ts';
import { initialWizardValues, toEditBody, toEvaluationBody, wizardValuesFromInputs } from './wizard-form.ts';
import { fromMetricValues, toMetricValues } from './wizard-units.ts';

const CTX = { evaluatorId: 1, today: '2026-11-21' };
const client: WizardClient = {
  id_usuario: 7,
  nombre: 'Pat',
  apellido: 'Lee',
  email: 'pat@x.test',
  rut: null,
  nacimiento: '1990-03-10',
  sexo: 'Femenino',
};

/** A stored evaluation of a client measured in kg and cm, as the server keeps it. */
function stored() {
  const v = initialWizardValues(client, '2026-11-01');
  Object.assign(v.measurements, {
    peso: 70,
    estatura: 165.3,
    presion_s: 120,
    presion_d: 80,
    pcintura: 81.3,
    pcadera: 99.7,
    pbrazo: 28.9,
    ppierna: 54.1,
    pgrasa: 27.5,
  });
  v.extras.device.muscle_kg = 23.7;
  return toEvaluationBody(v, CTX);
}

describe('an imperial edit saved unchanged (issue 30, decision 183)', () => {
  it('sends every stored kg and cm exactly as stored: no drift after edit, save, edit', () => {
    const inputs = stored();
    let current: Record<string, unknown> = inputs;
    for (let round = 0; round < 3; round++) {
      const metric = wizardValuesFromInputs(current, client);
      const baseline = { metric, shown: fromMetricValues(metric, 'imperial') };
      // The form shows pounds and inches, rounded for reading.
      expect(baseline.shown.measurements.peso).toBe(154.3);
      current = toEditBody(toMetricValues(baseline.shown, 'imperial', baseline), current, 42, CTX);
      expect(current).toMatchObject({
        peso: 70,
        estatura: 165.3,
        pcintura: 81.3,
        pcadera: 99.7,
        pbrazo: 28.9,
        ppierna: 54.1,
        device: { muscle_kg: 23.7 },
      });
    }
  });

  it('converts the one field the user changed, and only that one', () => {
    const metric = wizardValuesFromInputs(stored(), client);
    const baseline = { metric, shown: fromMetricValues(metric, 'imperial') };
    const edited = structuredClone(baseline.shown);
    edited.measurements.peso = 150;
    const sent = toMetricValues(edited, 'imperial', baseline);
    expect(sent.measurements.peso).toBeCloseTo(68.039, 3);
    expect(sent.measurements.estatura).toBe(165.3);
    expect(sent.measurements.pcintura).toBe(81.3);
  });

  it('without a baseline (the old way), 70 kg shown as 154.3 lb came back as another weight', () => {
    const metric = wizardValuesFromInputs(stored(), client);
    const shown = fromMetricValues(metric, 'imperial');
    expect(toMetricValues(shown, 'imperial').measurements.peso).not.toBe(70);
  });

  it('converts typed pounds and inches into kg and cm both ways', () => {
    const v = initialWizardValues(client, '2026-11-01');
    v.measurements.peso = 176.4;
    v.measurements.estatura = 65;
    v.measurements.triceps = 12;
    const metric = toMetricValues(v, 'imperial');
    expect(metric.measurements.peso).toBeCloseTo(80.014, 3);
    expect(metric.measurements.estatura).toBe(165.1);
    // Skinfolds stay in millimetres, the professional norm.
    expect(metric.measurements.triceps).toBe(12);
    const back = fromMetricValues(metric, 'imperial');
    expect(back.measurements.peso).toBe(176.4);
    expect(back.measurements.estatura).toBe(65);
  });
});
