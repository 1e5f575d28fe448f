// The ISAK profile on the evaluation detail (issue 31 A items 3-6, decision 198), from a real computeIsak result.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeIsak, localizeResult, somatochartLayout, type IsakResult } from '@medida/domain';
import { isakFullProfile } from '@medida/domain/test';
import { renderWithProviders, tr } from '../../../test/render.tsx';
import { EquationFootnoteProvider } from './equation-source.tsx';
import { formatNumber } from './format.ts';
import type { SomatoPoint } from './history.ts';
import { IsakCard } from './isak-card.tsx';
import { Somatochart } from './somatochart.tsx';

const MAN = { sex: 'M' as const, age: 28, statureCm: 178 };
const isakAt = (massKg: number) => computeIsak(isakFullProfile(), { ...MAN, massKg });

const pointOf = (r: IsakResult, id = 1, fecha = '2026-11-20'): SomatoPoint => {
  const s = r.somatotype!;
  return { id, fecha, current: true, ...s };
};

async function renderCard(isak: IsakResult, lang: 'es' | 'en' | 'pt') {
  const localized = localizeResult(isak, lang);
  const equations = [
    localized.tem.equation,
    localized.sums_equation,
    localized.somatotype!.equation,
    localized.phantom_equation,
    localized.kerr!.equation,
  ];
  return renderWithProviders(
    <EquationFootnoteProvider equations={equations}>
      <IsakCard isak={localized} somatoPoints={[pointOf(isak)]} />
    </EquationFootnoteProvider>,
    { lang },
  );
}

describe('IsakCard', () => {
  it('lists every site with its readings, final value and TEM, and marks the site measured three times (en)', async () => {
    const isak = isakAt(75);
    await renderCard(isak, 'en');
    const rows = screen.getAllByTestId(/^isak-site-/);
    expect(rows).toHaveLength(27);
    const thigh = screen.getByTestId('isak-site-front_thigh');
    expect(thigh.getAttribute('data-third')).toBe('true');
    expect(within(thigh).getByTestId('isak-third').textContent).toBe('third reading');
    expect(thigh.textContent).toContain('14.0 · 15.2 · 14.6');
    // Median of three: 14.6, shown with one more decimal than the readings.
    expect(thigh.textContent).toContain(`${formatNumber(isak.sites.front_thigh!.final, 2, 'en')} mm`);
    expect(screen.getAllByTestId('isak-third')).toHaveLength(1);
    expect(screen.queryByTestId('isak-third-missing')).toBeNull();
    const humerus = screen.getByTestId('isak-site-humerus');
    expect(humerus.textContent).toContain('6.95 · 7.00');
    expect(humerus.textContent).toContain(`${formatNumber(isak.sites.humerus!.tem_pct, 1, 'en')} %`);
  });

  it('folds the readings behind a line naming the site read three times, and opens them again (es)', async () => {
    const { user } = await renderCard(isakAt(75), 'es');
    const toggle = screen.getByTestId('isak-sites-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/27 sitios; 3\.ª medición en Pliegue del muslo frontal/)).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('isak-sites')).toBeNull();
    await user.click(toggle);
    expect(screen.getAllByTestId(/^isak-site-/)).toHaveLength(27);
  });

  it('gives the TEM of skinfolds and of the other sites beside ISAK’s level 1 and level 2 limits', async () => {
    const isak = isakAt(75);
    await renderCard(isak, 'en');
    const skinfolds = screen.getByTestId('isak-tem-skinfolds');
    expect(screen.getByTestId('isak-tem-skinfolds-value').textContent).toBe(
      formatNumber(isak.tem.skinfolds!.relative_pct, 2, 'en'),
    );
    expect(skinfolds.textContent).toContain('≤ 7.5 % level 1 · ≤ 5.0 % level 2 and above');
    expect(screen.getByTestId('isak-tem-skinfolds-standing').getAttribute('data-standing')).toBe('withinLevel2');
    expect(screen.getByTestId('isak-tem-others').textContent).toContain('≤ 1.5 % level 1 · ≤ 1.0 % level 2 and above');
    expect(within(skinfolds).getByTestId('equation-source').getAttribute('data-equation')).toBe(isak.tem.equation.id);
  });

  it('shows Σ6 and Σ8, the rating to 0.1 with its category, HWR and X, Y, each with its source (es)', async () => {
    const isak = isakAt(75);
    await renderCard(isak, 'es');
    const s = isak.somatotype!;
    expect(screen.getByTestId('isak-sum6-value').textContent).toBe(formatNumber(isak.sum6_mm, 1, 'es'));
    expect(screen.getByTestId('isak-sum8-value').textContent).toBe(formatNumber(isak.sum8_mm, 1, 'es'));
    const rating = [s.endomorphy, s.mesomorphy, s.ectomorphy].map((v) => formatNumber(v, 1, 'es')).join('-');
    expect(screen.getByTestId('isak-rating-value').textContent).toBe(rating);
    expect(rating).toBe('2,9-4,9-2,3');
    expect(screen.getByTestId('isak-rating-level').getAttribute('data-level')).toBe(s.category);
    expect(screen.getByTestId('isak-hwr-value').textContent).toBe(formatNumber(s.hwr, 2, 'es'));
    for (const id of ['isak-sum6', 'isak-rating', 'isak-hwr']) {
      expect(within(screen.getByTestId(id)).getByTestId('equation-source').textContent).not.toBe('[?]');
    }
    expect(screen.getByText(tr('es', 'evaluations.isakResult.somatotype'))).toBeTruthy();
    expect(screen.queryByTestId('isak-check')).toBeNull();
  });

  it('gives Kerr’s five masses and their difference from the scale, within ±5 % at 75 kg (pt)', async () => {
    const isak = isakAt(75);
    await renderCard(isak, 'pt');
    const k = isak.kerr!;
    expect(Math.abs(k.difference_pct)).toBeLessThan(5);
    expect(screen.getByTestId('isak-kerr-muscle-value').textContent).toBe(formatNumber(k.percent.muscle, 1, 'pt'));
    expect(screen.getByTestId('isak-kerr-muscle').textContent).toContain(`${formatNumber(k.muscle_kg, 1, 'pt')} kg`);
    expect(screen.getByTestId('isak-kerr-difference-value').textContent).toBe(
      `+${formatNumber(k.difference_kg, 1, 'pt')} kg`,
    );
    const check = screen.getByTestId('isak-kerr-check');
    expect(check.getAttribute('data-flagged')).toBe('false');
    expect(check.textContent).toBe(tr('pt', 'evaluations.isakResult.kerrWithin'));
  });

  it('flags Kerr’s sum beyond ±5 % of the measured mass as a data check (70 kg)', async () => {
    const isak = isakAt(70);
    expect(isak.kerr!.difference_pct).toBeGreaterThan(5);
    await renderCard(isak, 'en');
    const check = screen.getByTestId('isak-kerr-check');
    expect(check.getAttribute('data-flagged')).toBe('true');
    expect(check.textContent).toContain("Kerr's quality check");
  });

  it('lists the Phantom z-scores with their sign, body mass and stature first', async () => {
    const isak = isakAt(75);
    await renderCard(isak, 'en');
    const phantom = screen.getByTestId('isak-phantom');
    const z = isak.phantom_z.triceps!;
    expect(within(phantom).getByTestId('isak-z-triceps').textContent).toContain(
      `${z < 0 ? '−' : '+'}${formatNumber(Math.abs(z), 2, 'en')}`,
    );
    const keys = within(phantom)
      .getAllByTestId(/^isak-z-/)
      .map((el) => el.getAttribute('data-testid'));
    expect(keys.slice(0, 3)).toEqual(['isak-z-mass', 'isak-z-stature', 'isak-z-triceps']);
  });
});

describe('Somatochart', () => {
  const rated = (id: number, fecha: string, endomorphy: number, mesomorphy: number, ectomorphy: number) => ({
    id,
    fecha,
    endomorphy,
    mesomorphy,
    ectomorphy,
    x: ectomorphy - endomorphy,
    y: 2 * mesomorphy - (endomorphy + ectomorphy),
    current: false,
  });

  it('puts 1-1-1 at the origin, where the three lines cross, and 7-1-1 on the endomorphy pole', async () => {
    const points = [rated(1, '2026-01-10', 1, 1, 1), { ...rated(2, '2026-06-10', 7, 1, 1), current: true }];
    await renderWithProviders(<Somatochart points={points} />, { lang: 'en' });
    const layout = somatochartLayout(360, points);
    const [origin, endo] = screen.getAllByTestId('somatochart-point');
    const origin0 = layout.place({ x: 0, y: 0 });
    expect([origin!.getAttribute('data-cx'), origin!.getAttribute('data-cy')]).toEqual([
      origin0.x.toFixed(2),
      origin0.y.toFixed(2),
    ]);
    // Each sector line runs from a pole through the origin.
    for (const a of layout.axes) {
      const cross = (a.to.x - a.from.x) * (origin0.y - a.from.y) - (a.to.y - a.from.y) * (origin0.x - a.from.x);
      expect(Math.abs(cross)).toBeLessThan(1e-6);
    }
    expect(endo!.getAttribute('data-current')).toBe('true');
    expect(Number(endo!.getAttribute('data-cx'))).toBeCloseTo(layout.poles.endomorphy.x, 1);
    expect(Number(endo!.getAttribute('data-cy'))).toBeCloseTo(layout.poles.endomorphy.y, 1);
  });

  it('maps X to the right and Y upwards: an ectomorph right of a mesomorph’s column, a mesomorph above', async () => {
    const points = [rated(1, '2026-01-10', 2, 2, 5), rated(2, '2026-02-10', 2, 5, 2)];
    await renderWithProviders(<Somatochart points={points} />, { lang: 'es' });
    const [ecto, meso] = screen.getAllByTestId('somatochart-point');
    const origin = somatochartLayout(360, points).place({ x: 0, y: 0 });
    expect(Number(ecto!.getAttribute('data-cx'))).toBeGreaterThan(origin.x);
    expect(Number(meso!.getAttribute('data-cx'))).toBeCloseTo(origin.x, 6);
    expect(Number(meso!.getAttribute('data-cy'))).toBeLessThan(origin.y);
    expect(screen.getByTestId('somatochart-pole-endomorphy').textContent).toBe('Endomorfia');
  });

  it('names every point, oldest first, in its accessible name and in the table', async () => {
    const points = [rated(1, '2026-01-10', 2.42, 4.1, 3.56), { ...rated(2, '2026-06-10', 2, 4.6, 3), current: true }];
    await renderWithProviders(<Somatochart points={points} />, { lang: 'en' });
    const chart = screen.getByRole('img');
    expect(chart.textContent).toContain('2.4-4.1-3.6 (X 1.1, Y 2.2)');
    expect(chart.textContent!.indexOf('2.4-4.1-3.6')).toBeLessThan(chart.textContent!.indexOf('2.0-4.6-3.0'));
    const rows = within(screen.getByTestId('somatochart-table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]!.textContent).toContain('2.0-4.6-3.0');
  });
});
