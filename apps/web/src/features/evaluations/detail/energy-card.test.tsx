// The energy card lists every resting-energy equation with its derivation sample and whether the client is inside
// it, the primary one first and starred (issue 31 B, decision 192); a result stored before that still shows.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { evaluate, localizeResult, type EvaluationResult } from '@medida/domain';
import { subjectA, subjectB } from '@medida/domain/test';
import { renderWithProviders, tr } from '../../../test/render.tsx';
import { EnergyCard } from './energy-card.tsx';

type Lang = 'es' | 'en' | 'pt';

function evaluated(input: unknown, lang: Lang): EvaluationResult {
  const outcome = evaluate(input);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return localizeResult(outcome.result, lang);
}
const rows = () => screen.getAllByTestId('bmr-row');
const row = (id: string) => rows().find((r) => r.dataset.equation === id)!;
const sample = (id: string) => within(row(id)).getByTestId('bmr-sample').textContent;

describe('EnergyCard: the resting-energy equations', () => {
  it('twelve equations, Mifflin-St Jeor first and starred, each with its sample and validity (en)', async () => {
    await renderWithProviders(<EnergyCard result={evaluated(subjectB(), 'en')} />, { lang: 'en' });
    expect(rows()).toHaveLength(12);
    expect(rows()[0]!.dataset.equation).toBe('bmr_mifflin_st_jeor_1990');
    expect(rows()[0]!.dataset.primary).toBe('true');
    expect(within(rows()[0]!).getByLabelText('Used for the energy need')).toBeTruthy();
    // Subject B: a woman of 28 who does not train.
    expect(sample('bmr_harris_benedict_1919')).toBe('Derivation sample: men 16–63 y, women 15–74 y');
    expect(sample('bmr_schofield_1985')).toBe('Derivation sample: all ages, in age bands');
    expect(sample('bmr_de_lorenzo_1999')).toBe('Derivation sample: 18–35 y · men only · athletes');
    expect(within(row('bmr_de_lorenzo_1999')).getByText('No: an estimate')).toBeTruthy();
    expect(within(row('bmr_ten_haaf_2014_ffm')).getByText('No: an estimate')).toBeTruthy();
    expect(within(row('bmr_henry_oxford_2005')).getByText('Yes')).toBeTruthy();
    // The headline row names no choice when the professional made none.
    expect(screen.getByTestId('metric-bmr').textContent).not.toContain('chosen by the professional');
  });

  it("the professional's choice is the starred row and the headline says so (es)", async () => {
    const result = evaluated(subjectA({ bmr_equation: 'bmr_ten_haaf_2014_weight' }), 'es');
    await renderWithProviders(<EnergyCard result={result} />, { lang: 'es' });
    expect(rows()[0]!.dataset.equation).toBe('bmr_ten_haaf_2014_weight');
    expect(within(rows()[0]!).getByText('Ecuación de Ten Haaf 2014 (deportistas; peso, estatura, edad)')).toBeTruthy();
    expect(screen.getByTestId('metric-bmr').textContent).toContain('elegida por el profesional');
    expect(sample('bmr_mifflin_st_jeor_1990')).toBe('Muestra de origen: 19–78 años');
    expect(screen.getByText(tr('es', 'evaluations.bmrTable.title'))).toBeTruthy();
  });

  it('a result stored before issue 31 (five equations, no validity) shows them as not judged (pt)', async () => {
    const stored = evaluated(subjectB(), 'pt');
    const { within_validity: _w, chosen: _c, ...bmr } = stored.bmr;
    const old = {
      ...stored,
      bmr: { ...bmr, alternatives: bmr.alternatives.slice(0, 4).map(({ kcal, equation }) => ({ kcal, equation })) },
    };
    await renderWithProviders(<EnergyCard result={old} />, { lang: 'pt' });
    expect(rows()).toHaveLength(5);
    expect(screen.getAllByText(tr('pt', 'evaluations.bmrTable.notJudged'))).toHaveLength(5);
    // Mifflin: 10 × 62 + 6.25 × 165 - 5 × 28 - 161 = 1350.25
    expect(screen.getByTestId('metric-bmr-value').textContent).toMatch(/^1\.?350$/);
  });
});
