import { describe, expect, it } from 'vitest';
import { centimetresSuggestion, examUnitSuggestion, rangeOfErrorPath, rangeOfPath } from './input-hints.ts';

describe('wrong-unit hints (issue 15)', () => {
  it('finds the engine range of a form path', () => {
    expect(rangeOfPath('measurements.estatura')).toMatchObject({ unit: 'cm' });
    expect(rangeOfPath('extras.device.water_pct')).toMatchObject({ unit: '%' });
    expect(rangeOfPath('rockport.bpm')).toMatchObject({ unit: 'bpm' });
    expect(rangeOfPath('extras.training_volume')).toBeNull();
  });

  it('offers centimetres for any centimetre field typed in metres', () => {
    const height = rangeOfPath('measurements.estatura')!;
    expect(centimetresSuggestion(height, 1.65)).toBe(165);
    expect(centimetresSuggestion(height, '1,72')).toBe(172);
    expect(centimetresSuggestion(height, 165)).toBeNull();
    expect(centimetresSuggestion(height, 3.5)).toBeNull();
    expect(centimetresSuggestion(height, '')).toBeNull();
    expect(centimetresSuggestion(rangeOfPath('measurements.pcintura')!, 0.92)).toBe(92);
    expect(centimetresSuggestion(rangeOfPath('measurements.peso')!, 0.8)).toBeNull();
  });

  it('offers the other unit of an exam when only that one makes the value plausible', () => {
    expect(examUnitSuggestion('fasting_glucose', 5.8, 'mg/dL')).toBe('mmol/L');
    expect(examUnitSuggestion('fasting_glucose', 104, 'mg/dL')).toBeNull();
    expect(examUnitSuggestion('fasting_glucose', 104, 'mmol/L')).toBe('mg/dL');
    expect(examUnitSuggestion('fasting_glucose', 0.001, 'mg/dL')).toBeNull();
    expect(examUnitSuggestion('fasting_glucose', '', 'mg/dL')).toBeNull();
  });
});

describe('the range behind a field error', () => {
  it('is the measurement range or the ticked exam range in its base unit', () => {
    expect(rangeOfErrorPath('measurements.peso', [])).toEqual({ min: 20, max: 300, unit: 'kg' });
    expect(rangeOfErrorPath('clinical_data.exams.1.value', [{ name: 'hdl' }, { name: 'fasting_glucose' }])).toEqual({
      min: 20,
      max: 1000,
      unit: 'mg/dL',
    });
    expect(rangeOfErrorPath('clinical_data.exams.5.value', [])).toBeNull();
  });
});
