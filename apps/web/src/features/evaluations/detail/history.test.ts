import { describe, expect, it } from 'vitest';
import type { EvaluationHistoryItem } from '@medida/contracts';
import type { EvaluationInput, EvaluationResult } from '@medida/domain';
import { changeSincePrevious, historyPoints } from './history.ts';

const item = (id: number, fecha: string, peso: number, fat: number | null): EvaluationHistoryItem => ({
  id,
  fecha,
  evaluation_type: 1,
  peso,
  bmi: null,
  body_fat_percent: fat,
  lean_mass_kg: null,
  muscle_mass_kg: 30,
  waist_cm: null,
  vo2max: null,
});

const current = {
  id: 9,
  fecha: '2026-03-01',
  inputs: { peso: 70, pcintura: 80 } as EvaluationInput,
  results: {
    evaluation_type: 1,
    body_fat: { percent: 24 },
    muscle_mass: { kg: 31 },
    rockport: null,
  } as unknown as EvaluationResult,
};

describe('history', () => {
  it('orders points oldest first and takes the open evaluation from its own result', () => {
    const points = historyPoints(
      [item(9, '2026-03-01', 99, 99), item(5, '2026-02-01', 72, 25), item(2, '2026-01-01', 74, 26)],
      current,
    );
    expect(points.map((p) => p.id)).toEqual([2, 5, 9]);
    expect(points[2]!.values).toEqual({ peso: 70, fat: 24, muscle: 31, waist: 80, vo2max: null });
  });

  it('gives the change since the previous evaluation, null where a side is missing', () => {
    const points = historyPoints([item(5, '2026-02-01', 72, 25)], current);
    const change = changeSincePrevious(points, 9)!;
    expect(change.peso).toBe(-2);
    expect(change.fat).toBe(-1);
    expect(change.waist).toBeNull();
    expect(changeSincePrevious(points, 5)).toBeNull();
  });

  it('charts the waist and VO2max the server sends with each history item', () => {
    const points = historyPoints([{ ...item(5, '2026-02-01', 72, 25), waist_cm: 84, vo2max: 41.5 }], current);
    expect(points[0]!.values).toMatchObject({ waist: 84, vo2max: 41.5 });
    expect(changeSincePrevious(points, 9)!.waist).toBe(-4);
  });
});
