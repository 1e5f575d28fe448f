import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EXAM_CATALOGUE, evaluate } from '@medida/domain';
import type { ExamResult } from '@medida/domain';
import { subjectA } from '@medida/domain/test';
import { renderWithProviders } from '../../../test/render.tsx';
import { LabsCard } from './labs-card.tsx';

/** Subject A with a glucose the laboratory reported to one decimal, and a lipid panel (non-HDL and LDL calculated). */
function exams(): ExamResult[] {
  const out = evaluate(
    subjectA({
      clinical_data: {
        temperatura: 36.5,
        exams: [
          { name: 'fasting_glucose', value: 99.6 },
          { name: 'total_cholesterol', value: 190 },
          { name: 'hdl', value: 45 },
          { name: 'fasting_triglycerides', value: 120 },
        ],
      },
    }),
  );
  if (!out.ok) throw new Error('subject A does not evaluate');
  return out.result.exams;
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

describe('the labs card: type, percentile or why there is none, value at its classified precision (issue 31 C, D12)', () => {
  it.each(['es', 'en', 'pt'] as const)('%s: every exam says its type and why it has no percentile', async (lang) => {
    await renderWithProviders(<LabsCard exams={exams()} sex="M" />, { lang });
    const none = {
      es: 'Percentil: sin referencia *',
      en: 'Percentile: no reference *',
      pt: 'Percentil: sem referência *',
    }[lang];
    for (const id of [
      'fasting_glucose',
      'total_cholesterol',
      'hdl',
      'fasting_triglycerides',
      'non_hdl',
      'ldl',
    ] as const)
      expect(text(`lab-percentile-${id}`)).toBe(none);
    // The reason, said once under the table.
    expect(screen.getAllByTestId('percentile-reason').map((n) => n.textContent)).toEqual([
      `* ${EXAM_CATALOGUE.hdl.percentile_reference[lang]}`,
    ]);
    const measured = { es: 'medido', en: 'measured', pt: 'medido' }[lang];
    const calculated = { es: 'calculado', en: 'calculated', pt: 'calculado' }[lang];
    expect(text('lab-type-fasting_glucose')).toContain(measured);
    expect(text('lab-type-non_hdl')).toContain(calculated);
    expect(text('lab-type-ldl')).toContain(calculated); // derived by the engine here
    // Glucose as the laboratory reported it, 99.6, and normal (decision 196), with the note that says so.
    expect(text('lab-fasting_glucose')).toContain(lang === 'en' ? '99.6' : '99,6');
    expect(screen.getByTestId('classification-note').textContent).toBeTruthy();
  });

  it('a result stored before issue 31 (no type, percentile or decimals) still shows them from the catalogue', async () => {
    const old = exams().map(({ type: _t, percentile: _p, percentile_reference: _r, decimals: _d, ...rest }) => rest);
    await renderWithProviders(<LabsCard exams={old} sex="M" />, { lang: 'en' });
    expect(text('lab-percentile-hdl')).toBe('Percentile: no reference *');
    expect(text('percentile-reason')).toBe(`* ${EXAM_CATALOGUE.hdl.percentile_reference.en}`);
    expect(text('lab-type-non_hdl')).toContain('calculated');
    expect(text('lab-type-hdl')).toContain('measured');
    expect(text('lab-fasting_glucose')).toContain('100'); // the catalogue's precision, as it was printed then
  });
});
