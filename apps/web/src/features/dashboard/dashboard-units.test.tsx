import { screen } from '@testing-library/react';
import type { Dashboard } from '@medida/contracts';
import { describe, expect, it } from 'vitest';
import { ownProfileKeys } from '../../lib/own-profile.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { WrongWayCard } from './dashboard-cards.tsx';

const worse: Dashboard['wrong_way'] = [
  {
    client: { id: 5, nombre: 'Pat', apellido: 'Lee' },
    evaluation_id: 9,
    fecha: '2026-11-01',
    previous_fecha: '2026-09-01',
    body_fat_percent: null,
    waist_cm: { from: 81.28, to: 86.36 },
  },
];

describe('the dashboard in the reader\u2019s units (issue 30, decision 183)', () => {
  it('gives a waist that worsened in inches to an imperial reader', async () => {
    await renderWithProviders(<WrongWayCard items={worse} />, {
      lang: 'en',
      queryData: [[ownProfileKeys.own, { units: 'imperial' }]],
    });
    expect(screen.getByText(/32\.0 → 34\.0 in/)).toBeTruthy();
  });

  it('in centimetres, with the reader\u2019s separator, to a metric reader', async () => {
    await renderWithProviders(<WrongWayCard items={worse} />, {
      lang: 'es',
      queryData: [[ownProfileKeys.own, { units: 'metric' }]],
    });
    expect(screen.getByText(/81,3 → 86,4 cm/)).toBeTruthy();
  });
});
