import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { evaluate, parseEvaluationInput } from '@medida/domain';
import { subjectB } from '@medida/domain/test';
import { ownProfileKeys } from '../../../lib/own-profile.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CompositionCard } from './composition-card.tsx';
import { EnergyCard } from './energy-card.tsx';
import { inReaderUnits, trackedUnit, type HistoryPoint } from './history.ts';
import { RisksCard } from './risks-card.tsx';

/** Subject B of the engine's tests: 62 kg, 165 cm, waist 72 cm. */
function evaluated() {
  const input = subjectB();
  const outcome = evaluate(input);
  const parsed = parseEvaluationInput(input);
  if (!outcome.ok || !parsed.ok) throw new Error('subject B does not evaluate');
  return { result: outcome.result, inputs: parsed.input };
}

const figure = (testId: string) => screen.getByTestId(testId).textContent ?? '';

describe('the evaluation detail in the reader\u2019s units (issue 30, decision 183)', () => {
  it('shows weights, masses, height and waist in lb and in for an imperial reader, skinfolds in mm', async () => {
    const { result, inputs } = evaluated();
    await renderWithProviders(
      <>
        <CompositionCard result={result} inputs={inputs} />
        <RisksCard result={result} inputs={inputs} />
        <EnergyCard result={result} />
      </>,
      { lang: 'en', queryData: [[ownProfileKeys.own, { units: 'imperial' }]] },
    );
    // Protein is prescribed per kilogram; the body weight it applies to reads in pounds.
    expect(screen.getByText(/^Protein at [\d.]+ g\/kg of [\d.]+ lb$/)).toBeTruthy();
    expect(figure('metric-weight')).toContain('136.7');
    expect(figure('metric-weight')).toContain('lb');
    expect(figure('metric-height')).toContain('65.0');
    expect(figure('metric-height')).toContain('in');
    // …and in feet and inches beside it, as a US reader says a height.
    expect(figure('metric-height')).toMatch(/5 ft 5(\.0)? in/);
    expect(figure('metric-waist')).toContain('28.3');
    expect(figure('metric-fat')).toMatch(/ lb/);
    expect(figure('metric-fat')).not.toMatch(/ kg/);
    expect(figure('metric-skinfold-sum')).toContain('mm');
    // Unit-free figures stay as they are: BMI in kg/m², as the norm gives it.
    expect(figure('metric-bmi')).toContain('kg/m²');
  });

  it('gives the waist cut-off of the client\u2019s country in inches beside the waist', async () => {
    const { result, inputs } = evaluated();
    const population = { id: 'us_canada' as const, cutoff_cm: 88, flagged: true, equation: result.waist.equation };
    await renderWithProviders(
      <RisksCard result={{ ...result, waist: { ...result.waist, population } }} inputs={inputs} />,
      {
        lang: 'en',
        queryData: [[ownProfileKeys.own, { units: 'imperial' }]],
      },
    );
    expect(figure('metric-waist')).toContain('(≥ 34.6 in)');
    expect(figure('metric-waist')).not.toContain('cm');
  });

  it('keeps kg and cm, in the reader\u2019s decimal separator, for a metric reader', async () => {
    const { result, inputs } = evaluated();
    await renderWithProviders(<CompositionCard result={result} inputs={inputs} />, {
      lang: 'es',
      queryData: [[ownProfileKeys.own, { units: 'metric' }]],
    });
    expect(figure('metric-weight')).toContain('62,0');
    expect(figure('metric-weight')).toContain('kg');
    expect(figure('metric-height')).toContain('165,0');
  });
});

describe('the history in the reader\u2019s units (issue 30, decision 183)', () => {
  const point: HistoryPoint = {
    id: 1,
    fecha: '2026-11-01',
    evaluation_type: 4,
    fatEquation: null,
    muscleEquation: null,
    values: { peso: 70, fat: 24.8, muscle: 30, waist: 81.28, vo2max: 41, sum6: 62.4, sum8: 80.1 },
    somatotype: null,
  };

  it('converts weights and the waist for an imperial reader, and leaves the rest', () => {
    const [shown] = inReaderUnits([point], 'imperial');
    expect(shown?.values.peso).toBeCloseTo(154.32, 2);
    expect(shown?.values.muscle).toBeCloseTo(66.14, 2);
    expect(shown?.values.waist).toBeCloseTo(32, 6);
    expect(shown?.values.fat).toBe(24.8);
    expect(shown?.values.vo2max).toBe(41);
    // Skinfold sums stay in millimetres for every reader.
    expect([shown?.values.sum6, shown?.values.sum8, trackedUnit('sum6', 'imperial')]).toEqual([62.4, 80.1, 'mm']);
    expect([trackedUnit('peso', 'imperial'), trackedUnit('waist', 'imperial'), trackedUnit('fat', 'imperial')]).toEqual(
      ['lb', 'in', '%'],
    );
  });

  it('leaves a metric reader\u2019s points as they are', () => {
    expect(inReaderUnits([point], 'metric')).toEqual([point]);
    expect(trackedUnit('peso', 'metric')).toBe('kg');
  });
});
