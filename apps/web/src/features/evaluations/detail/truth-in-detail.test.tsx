// What the detail page states is what was measured (issue 30 items 11b, 11c, 12; decisions 187 and 189).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { evaluate, parseEvaluationInput } from '@medida/domain';
import { subjectA, subjectB } from '@medida/domain/test';
import { renderWithProviders, tr } from '../../../test/render.tsx';
import { CompositionCard } from './composition-card.tsx';
import { FitnessCard } from './fitness-card.tsx';
import { RisksCard } from './risks-card.tsx';

function evaluated(input: ReturnType<typeof subjectA>) {
  const outcome = evaluate(input);
  const parsed = parseEvaluationInput(input);
  if (!outcome.ok || !parsed.ok) throw new Error('the subject does not evaluate');
  return { result: outcome.result, inputs: parsed.input };
}

describe('the evaluation detail tells the truth', () => {
  it('no training level beside "Exercises: no", even for a result stored with the old "basic"', async () => {
    const { result, inputs } = evaluated(subjectB());
    expect(inputs.ejercita).toBe('No');
    await renderWithProviders(<FitnessCard result={{ ...result, training_level: 'basic' }} inputs={inputs} />, {
      lang: 'en',
    });
    expect(screen.queryByTestId('training-level')).toBeNull();
    expect(screen.getByText(tr('en', 'evaluations.results.notTraining'))).toBeTruthy();
  });

  it('without lipids there is no "visceral fat" row: the waist-to-height ratio is shown once, by its name', async () => {
    const { result, inputs } = evaluated(subjectB());
    expect(result.visceral_fat.indicator).toBe('whtr');
    await renderWithProviders(
      <>
        <CompositionCard result={result} inputs={inputs} />
        <RisksCard result={result} inputs={inputs} />
      </>,
      { lang: 'es' },
    );
    expect(screen.queryByTestId('metric-visceral')).toBeNull();
    expect(screen.getAllByTestId('metric-whtr')).toHaveLength(1);
  });

  it('a US client’s waist is judged by the US cut-off (≥ 102 cm), a Chilean’s by the IDF one (≥ 90 cm)', async () => {
    const us = evaluated(subjectA({ locale: 'en-US', pcintura: 95 }));
    const { unmount } = await renderWithProviders(<RisksCard result={us.result} inputs={us.inputs} />, { lang: 'en' });
    expect(screen.getByTestId('metric-waist').textContent).not.toMatch(/cut-off/);
    unmount();
    const cl = evaluated(subjectA({ locale: 'es-CL', pcintura: 95 }));
    await renderWithProviders(<RisksCard result={cl.result} inputs={cl.inputs} />, { lang: 'en' });
    expect(screen.getByTestId('metric-waist').textContent).toContain(
      'At or above the abdominal-obesity cut-off of Central and South America (IDF) (≥ 90 cm)',
    );
  });
});
