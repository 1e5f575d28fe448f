import { describe, expect, it } from 'vitest';
import type { PortalEvaluation } from '@medida/contracts';
import { progressPoints } from './timeline.ts';

const card = (id: number, fecha: string, peso: number, fat: number | null): PortalEvaluation => ({
  id,
  fecha,
  evaluation_type: 2,
  evaluator: { nombre: 'Ana', apellido: 'Pro' },
  peso,
  bmi: 22,
  bmi_category: 'normal',
  body_fat_percent: fat,
  fat_category: null,
  body_fat_equation: 'tanita_bia',
  muscle_equation: null,
  muscle_mass_kg: null,
  waist_cm: 80,
  vo2max: null,
});

describe('progressPoints', () => {
  it('turns the newest-first cards into oldest-first chart points, same-day ones by id', () => {
    const points = progressPoints([
      card(9, '2026-03-01', 70, 20),
      card(4, '2026-01-10', 72, null),
      card(5, '2026-01-10', 71.5, 22),
    ]);
    expect(points.map((p) => p.id)).toEqual([4, 5, 9]);
    expect(points[2]!.values).toEqual({
      peso: 70,
      fat: 20,
      muscle: null,
      waist: 80,
      vo2max: null,
      sum6: null,
      sum8: null,
    });
    expect(points[2]!.somatotype).toBeNull();
    expect(points[0]!.values.fat).toBeNull();
  });
});
