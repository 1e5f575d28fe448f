// The food guide of the client's country (issue 30 item 12, decision 187), as the detail page shows it.
import { screen } from '@testing-library/react';
import { foodGuide } from '@medida/domain';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, tr } from '../../../test/render.tsx';
import { FoodGuideCard } from './food-guide-card.tsx';

describe('FoodGuideCard', () => {
  it('a Brazilian client gets the "ALTO EM" magnifier from the limit on, no amber band (pt)', async () => {
    await renderWithProviders(<FoodGuideCard guide={foodGuide('pt-BR')} />, { lang: 'pt' });
    expect(screen.getByText(tr('pt', 'evaluations.foodGuide.brazil_rdc_429'))).toBeTruthy();
    expect(screen.getByText('ALTO EM AÇÚCAR ADICIONADO')).toBeTruthy();
    expect(screen.getByText(/≥ 600 mg/)).toBeTruthy();
    expect(screen.queryByText(tr('pt', 'evaluations.foodGuide.amber'))).toBeNull();
    expect(screen.getByText(tr('pt', 'evaluations.foodGuide.brazilNote'))).toBeTruthy();
  });

  it('a US client gets the %Daily Value per serving: one table, low ≤ 5 %, high ≥ 20 % (en)', async () => {
    await renderWithProviders(<FoodGuideCard guide={foodGuide('en-US')} />, { lang: 'en' });
    expect(screen.getByText('US: %Daily Value per serving (FDA 5/20 rule)')).toBeTruthy();
    expect(screen.getByText('Per serving')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Drinks' })).toBeNull();
    expect(screen.getByText(/≥ 460 mg/)).toBeTruthy();
    expect(screen.getByText('Added sugars')).toBeTruthy();
    expect(screen.queryByText(/UK front-of-pack/)).toBeNull();
  });

  it('a Chilean client keeps the "ALTO EN" seals, red above the limit (es)', async () => {
    await renderWithProviders(<FoodGuideCard guide={foodGuide('es-CL')} />, { lang: 'es' });
    expect(screen.getByText('ALTO EN SODIO')).toBeTruthy();
    expect(screen.getByText(/> 400 mg/)).toBeTruthy();
  });
});
