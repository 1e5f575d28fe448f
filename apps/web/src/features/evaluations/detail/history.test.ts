import { describe, expect, it } from 'vitest';
import type { EvaluationHistoryItem } from '@medida/contracts';
import type { EvaluationInput, EvaluationResult } from '@medida/domain';
import { changeSincePrevious, comparableRuns, historyPoints, methodChanged } from './history.ts';

const item = (
  id: number,
  fecha: string,
  peso: number,
  fat: number | null,
  method = 1,
  muscleEquation = 'bia_device',
): EvaluationHistoryItem => ({
  id,
  fecha,
  evaluation_type: method,
  body_fat_equation: method === 1 ? 'bia_device' : 'durnin_womersley_1974',
  muscle_equation: muscleEquation,
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
    body_fat: { percent: 24, equation: { id: 'bia_device' } },
    muscle_mass: { kg: 31, equation: { id: 'bia_device' } },
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

  it('compares fat % only within one method and muscle mass only within one equation', () => {
    const points = historyPoints([item(5, '2026-02-01', 72, 25, 4, 'muscle_de_rose_1980')], current);
    const change = changeSincePrevious(points, 9)!;
    expect(change.peso).toBe(-2);
    expect(change.waist).toBeNull();
    expect(change.fat).toBe('method');
    expect(change.muscle).toBe('equation');
    expect(methodChanged(points, 9)).toBe(true);
    expect(methodChanged(points, 5)).toBe(false);
  });

  it('breaks the chart line where the method changes, and joins it again within one method', () => {
    const points = historyPoints(
      [item(2, '2026-01-01', 74, 26, 1), item(3, '2026-01-15', 73, 20, 4), item(5, '2026-02-01', 72, 25, 1)],
      current,
    );
    expect(comparableRuns(points, 'fat').map((run) => run.map((p) => p.id))).toEqual([[2], [3], [5, 9]]);
    expect(comparableRuns(points, 'peso').map((run) => run.map((p) => p.id))).toEqual([[2, 3, 5, 9]]);
    expect(comparableRuns(points, 'vo2max')).toEqual([]);
  });
});
