import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { evaluate, parseEvaluationInput } from '@medida/domain';
import { subjectB } from '@medida/domain/test';
import { renderWithProviders } from '../../../test/render.tsx';
import { CompositionCard } from './composition-card.tsx';

const NOTE = {
  es: 'Cada categoría se decide sobre el valor tal como se muestra',
  en: 'Each class is decided on the value as shown',
  pt: 'Cada categoria é decidida sobre o valor como é mostrado',
};

// Issue 31 D12 (decision 196): BMI printed with WHO's two decimals, beside the note that says classes are decided
// on the value as shown.
describe('the composition card says how its classes are decided', () => {
  it.each(['es', 'en', 'pt'] as const)('%s: BMI 22.77 with two decimals and the note', async (lang) => {
    const input = subjectB(); // 62 kg / 1.65² = 22.773
    const out = evaluate(input);
    const parsed = parseEvaluationInput(input);
    if (!out.ok || !parsed.ok) throw new Error('subject B does not evaluate');
    await renderWithProviders(<CompositionCard result={out.result} inputs={parsed.input} />, { lang });
    expect(screen.getByTestId('metric-bmi').textContent).toContain(lang === 'en' ? '22.77' : '22,77');
    expect(screen.getByTestId('classification-note-composition').textContent).toContain(NOTE[lang]);
  });
});
