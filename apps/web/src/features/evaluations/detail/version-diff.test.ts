import { describe, expect, it } from 'vitest';
import { diffInputs, numberShown, resultAt } from './version-diff.ts';

const en = numberShown('en', 'metric');

describe('diffInputs', () => {
  it('lists changed, added and dropped inputs with their values as text', () => {
    const before = {
      fecha: '2026-02-20',
      peso: 72.5,
      pgrasa: 28,
      rockport: { minutes: 14, seconds: 30, bpm: 130 },
      clinical_data: {
        temperatura: 36.6,
        ecnt: [
          { name: 'Diabetes', value: false, tratamiento: false },
          { name: 'Obesidad', value: true, tratamiento: false },
        ],
        exams: [{ name: 'fasting_glucose', status: true, value: 92 }],
      },
    };
    const after = {
      fecha: '2026-02-18',
      peso: 72.5,
      pgrasa: 27.5,
      biceps: 6,
      clinical_data: {
        temperatura: 36.6,
        ecnt: [
          { name: 'Diabetes', value: true, tratamiento: true },
          { name: 'Obesidad', value: true, tratamiento: false },
        ],
        exams: [{ name: 'fasting_glucose', status: true, value: 95 }],
      },
    };
    expect(diffInputs(before, after, en)).toEqual([
      { path: 'fecha', before: '2026-02-20', after: '2026-02-18' },
      { path: 'pgrasa', before: '28', after: '27.5' },
      { path: 'biceps', before: null, after: '6' },
      { path: 'clinical_data.ecnt', before: 'Obesidad', after: 'Diabetes (+), Obesidad' },
      { path: 'clinical_data.exams', before: 'fasting_glucose 92', after: 'fasting_glucose 95' },
      { path: 'rockport.minutes', before: '14', after: null },
      { path: 'rockport.seconds', before: '30', after: null },
      { path: 'rockport.bpm', before: '130', after: null },
    ]);
  });

  it('is empty for identical versions', () => {
    const inputs = { peso: 70, clinical_data: { temperatura: 36.5, exams: [] } };
    expect(diffInputs(inputs, structuredClone(inputs), en)).toEqual([]);
  });
});

describe('numbers in the comparison (issue 30)', () => {
  const before = {
    peso: 70,
    pcintura: 81.3,
    triceps: 5.5,
    clinical_data: { exams: [{ name: 'hba1c', status: true, value: 5.7 }] },
  };
  const after = {
    peso: 67.4,
    pcintura: 80,
    triceps: 6.5,
    clinical_data: { exams: [{ name: 'hba1c', status: true, value: 6.1 }] },
  };

  it('are written as the es and pt reader writes them, as the figures beside them are', () => {
    for (const lang of ['es', 'pt']) {
      expect(diffInputs(before, after, numberShown(lang, 'metric'))).toEqual([
        { path: 'peso', before: '70', after: '67,4' },
        { path: 'pcintura', before: '81,3', after: '80' },
        { path: 'triceps', before: '5,5', after: '6,5' },
        { path: 'clinical_data.exams', before: 'hba1c 5,7', after: 'hba1c 6,1' },
      ]);
    }
  });

  it('are in pounds and inches for an imperial reader, skinfolds staying in millimetres', () => {
    expect(diffInputs(before, after, numberShown('en', 'imperial'))).toEqual([
      { path: 'peso', before: '154.3 lb', after: '148.6 lb' },
      { path: 'pcintura', before: '32 in', after: '31.5 in' },
      { path: 'triceps', before: '5.5', after: '6.5' },
      { path: 'clinical_data.exams', before: 'hba1c 5.7', after: 'hba1c 6.1' },
    ]);
  });
});

describe('resultAt', () => {
  it('reads a number at a path, null when absent', () => {
    expect(resultAt({ bmi: { value: 24.1 } }, ['bmi', 'value'])).toBe(24.1);
    expect(resultAt({ bmi: null }, ['bmi', 'value'])).toBeNull();
  });
});
