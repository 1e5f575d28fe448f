import { describe, expect, it } from 'vitest';
import { ISAK_LABELS } from '../i18n/isak-labels.ts';
import { somatochartLayout, SOMATOCHART_POLES } from './somatochart-frame.ts';
import { sdd, somatochartXY } from './somatotype.ts';

const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe('the somatochart frame (decision 198)', () => {
  const layout = somatochartLayout(360);

  it('puts the poles 7-1-1, 1-7-1 and 1-1-7 at (−6, −6), (0, 12) and (6, −6)', () => {
    const xy = (endomorphy: number, mesomorphy: number, ectomorphy: number) =>
      somatochartXY({ endomorphy, mesomorphy, ectomorphy });
    expect(xy(7, 1, 1)).toEqual(SOMATOCHART_POLES.endomorphy);
    expect(xy(1, 7, 1)).toEqual(SOMATOCHART_POLES.mesomorphy);
    expect(xy(1, 1, 7)).toEqual(SOMATOCHART_POLES.ectomorphy);
  });

  it('draws an equilateral pole triangle in the customary frame (X −8…8, Y −10…16)', () => {
    const { endomorphy: e, mesomorphy: m, ectomorphy: c } = layout.poles;
    expect(dist(e, m)).toBeCloseTo(dist(m, c), 9);
    expect(dist(m, c)).toBeCloseTo(dist(c, e), 9);
    expect(layout.frame).toEqual({ xMin: -8, xMax: 8, yMin: -10, yMax: 16 });
    expect(layout.height / layout.width).toBeCloseTo(26 / (16 * Math.sqrt(3)), 9);
  });

  it('measures distances on the page as the SDD does: sqrt(3·ΔX² + ΔY²) in Y units', () => {
    const a = { endomorphy: 2.4, mesomorphy: 4.1, ectomorphy: 3.6 };
    const b = { endomorphy: 5.1, mesomorphy: 3.2, ectomorphy: 1.4 };
    const perYUnit = layout.place({ x: 0, y: 0 }).y - layout.place({ x: 0, y: 1 }).y;
    const onPage = dist(layout.place(somatochartXY(a)), layout.place(somatochartXY(b))) / perYUnit;
    expect(onPage).toBeCloseTo(sdd(a, b), 9);
  });

  it('runs each sector line from a pole through the origin to the middle of the opposite arc', () => {
    const origin = layout.place({ x: 0, y: 0 });
    const radius = dist(layout.poles.endomorphy, layout.poles.mesomorphy);
    for (const [i, axis] of layout.axes.entries()) {
      const pole = (['endomorphy', 'mesomorphy', 'ectomorphy'] as const)[i]!;
      expect(axis.from).toEqual(layout.poles[pole]);
      // On the arc centred on the pole itself (the arc opposite it), and in line with the origin.
      expect(dist(axis.to, layout.poles[pole])).toBeCloseTo(radius, 6);
      const cross =
        (axis.to.x - axis.from.x) * (origin.y - axis.from.y) - (axis.to.y - axis.from.y) * (origin.x - axis.from.x);
      expect(Math.abs(cross)).toBeLessThan(1e-6);
    }
    expect(layout.outline).toMatch(/^M [\d.]+ [\d.]+ (A [\d.]+ [\d.]+ 0 0 1 [\d.]+ [\d.]+ ){3}Z$/);
  });

  it('widens the frame to keep a point outside the customary one inside, with a unit to spare', () => {
    const wide = somatochartLayout(360, [{ x: 8.7, y: -10.2 }]);
    expect(wide.frame).toEqual({ xMin: -8, xMax: 10, yMin: -12, yMax: 16 });
    const p = wide.place({ x: 8.7, y: -10.2 });
    expect(p.x).toBeLessThan(wide.width);
    expect(p.y).toBeLessThan(wide.height);
  });
});

describe('the ISAK result labels', () => {
  it('exist in es, en and pt, and es and pt are not English left in place', () => {
    const table: Readonly<Record<string, Readonly<Record<'es' | 'en' | 'pt', string>>>> = ISAK_LABELS;
    for (const [key, t] of Object.entries(table)) {
      expect(
        [t.es, t.en, t.pt].every((s) => s.trim().length > 0),
        key,
      ).toBe(true);
      expect(t.es === t.en || t.pt === t.en, key).toBe(false);
    }
  });
});
