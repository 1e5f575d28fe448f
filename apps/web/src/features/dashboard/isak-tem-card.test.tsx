// The professional's own ISAK precision on the dashboard (issue 31 A.3, decision 198), from the engine's own
// per-month TEM of real readings.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { evaluatorTemByMonth, ISAK_TEM_LIMITS } from '@medida/domain';
import { isakFullProfile } from '@medida/domain/test';
import type { IsakTem } from '@medida/contracts';
import { renderWithProviders } from '../../test/render.tsx';
import { isakTemKeys } from './isak-tem-api.ts';
import { IsakTemCard } from './isak-tem-card.tsx';

/** October: the full profile twice; November: the triceps read 10 and 11 mm (9.5 % apart) and nothing else. */
function temOf(): IsakTem {
  const full = isakFullProfile().sites;
  return {
    months: evaluatorTemByMonth([
      { date: '2026-10-03', sites: full },
      { date: '2026-10-20', sites: full },
      { date: '2026-11-02', sites: { triceps: [10, 11] } },
    ]),
    limits: ISAK_TEM_LIMITS,
  };
}

describe('IsakTemCard', () => {
  it('gives each month’s relative TEM against ISAK’s limits, newest first (en)', async () => {
    const data = temOf();
    await renderWithProviders(<IsakTemCard />, { lang: 'en', queryData: [[isakTemKeys.mine(0), data]] });
    const rows = screen.getAllByTestId('isak-tem-month');
    expect(rows.map((r) => r.getAttribute('data-month'))).toEqual(['2026-11', '2026-10']);
    // November: |10 − 11| / √2 = 0.707 mm over a mean of 10.5 → 6.73 %: within level 1, over level 2.
    const november = rows[0]!;
    expect(november.textContent).toContain('6.73 %');
    expect(within(november).getByTestId('isak-tem-skinfolds-standing').getAttribute('data-standing')).toBe(
      'withinLevel1',
    );
    expect(november.textContent).toContain('—'); // no girth or breadth that month
    expect(within(rows[1]!).getByTestId('isak-tem-count').textContent).toBe('Evaluations: 2');
    const october = rows[1]!;
    expect(october.textContent).toContain(
      `${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(data.months[0]!.skinfolds!.relative_pct)} %`,
    );
    expect(within(october).getByTestId('isak-tem-others-standing').getAttribute('data-standing')).toBe('withinLevel2');
    expect(screen.getByRole('region', { name: 'My ISAK technical error of measurement by month' })).toBeTruthy();
    expect(screen.getByText('≤ 7.5 % level 1 · ≤ 5.0 % level 2 and above')).toBeTruthy();
  });

  it('is not shown to a professional without an ISAK profile (es)', async () => {
    await renderWithProviders(<IsakTemCard />, {
      lang: 'es',
      queryData: [[isakTemKeys.mine(0), { months: [], limits: ISAK_TEM_LIMITS }]],
    });
    expect(screen.queryByTestId('isak-tem-card')).toBeNull();
  });
});
