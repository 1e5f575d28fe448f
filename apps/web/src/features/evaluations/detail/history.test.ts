import { describe, expect, it } from 'vitest';
import type { EvaluationHistoryItem } from '@medida/contracts';
import type { EvaluationInput, EvaluationResult } from '@medida/domain';
import {
  changeSincePrevious,
  comparableRuns,
  historyPoints,
  methodChanged,
  somatoPoints,
  somatotypeChanges,
} from './history.ts';

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
  sum6_mm: null,
  sum8_mm: null,
  somatotype: null,
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
    expect(points[2]!.values).toEqual({
      peso: 70,
      fat: 24,
      muscle: 31,
      waist: 80,
      vo2max: null,
      sum6: null,
      sum8: null,
    });
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

  it('tracks Σ6 and Σ8 of ISAK profiles as one series, whatever the equation of the fat %', () => {
    const isak = (id: number, fecha: string, sum6: number) => ({
      ...item(id, fecha, 72, 20, 5),
      body_fat_equation: id % 2 ? 'durnin_womersley_1974' : 'jackson_pollock_7',
      sum6_mm: sum6,
      sum8_mm: sum6 + 20,
    });
    const points = historyPoints([isak(2, '2026-01-01', 70.2), isak(3, '2026-02-01', 64.8)], current);
    expect(comparableRuns(points, 'sum6').map((run) => run.map((p) => p.id))).toEqual([[2, 3]]);
    expect(changeSincePrevious(points, 3)!.sum6).toBeCloseTo(-5.4, 12);
    expect(changeSincePrevious(points, 3)!.fat).toBe('equation');
  });
});

describe('somatotype change between ISAK profiles (SAD, SDD; Carter 2002 p. 13)', () => {
  const rated = (id: number, fecha: string, endomorphy: number, mesomorphy: number, ectomorphy: number) => ({
    ...item(id, fecha, 72, 20, 5),
    somatotype: {
      endomorphy,
      mesomorphy,
      ectomorphy,
      x: ectomorphy - endomorphy,
      y: 2 * mesomorphy - (endomorphy + ectomorphy),
    },
  });

  it('gives SAD and SDD from the ratings to 0.1, and marks SAD ≥ 0.5 exactly at 0.5', () => {
    const points = historyPoints(
      [
        rated(2, '2026-01-01', 2.4, 4.1, 3.6),
        rated(3, '2026-02-01', 2.7, 4.5, 3.6), // Δ 0.3, 0.4, 0: SAD 0.5 exactly
        rated(4, '2026-02-15', 2.96, 4.84, 3.56), // shown 3.0-4.8-3.6: Δ 0.3, 0.3, 0 → SAD 0.42
      ],
      current,
    );
    const changes = somatotypeChanges(points);
    expect(changes.map((c) => [c.from.id, c.to.id])).toEqual([
      [2, 3],
      [3, 4],
    ]);
    expect(changes[0]!.sad).toBeCloseTo(0.5, 12);
    expect(changes[0]!.meaningful).toBe(true);
    expect(changes[1]!.sad).toBeCloseTo(Math.sqrt(0.18), 12);
    expect(changes[1]!.meaningful).toBe(false);
    // SDD on the somatochart: sqrt(3·ΔX² + ΔY²), X and Y from the 0.1 ratings.
    const dx = 3.6 - 2.7 - (3.6 - 2.4);
    const dy = 2 * 4.5 - (2.7 + 3.6) - (2 * 4.1 - (2.4 + 3.6));
    expect(changes[0]!.sdd).toBeCloseTo(Math.sqrt(3 * dx * dx + dy * dy), 12);
    // SAM of a pair: each is SAD/2 from their mean somatotype (Carter 2002 p. 11).
    expect(changes[0]!.sam).toBeCloseTo(0.25, 12);
  });

  it('skips evaluations without a somatotype and joins the chart points oldest first', () => {
    const isakCurrent = {
      ...current,
      results: {
        ...current.results,
        evaluation_type: 5,
        isak: {
          sum6_mm: 60,
          sum8_mm: 80,
          somatotype: { endomorphy: 2, mesomorphy: 5, ectomorphy: 2.5, x: 0.5, y: 5.5 },
        },
      } as unknown as EvaluationResult,
    };
    const points = historyPoints([rated(2, '2026-01-01', 2.4, 4.1, 3.6), item(5, '2026-02-01', 72, 25)], isakCurrent);
    expect(somatotypeChanges(points).map((c) => [c.from.id, c.to.id, c.meaningful])).toEqual([[2, 9, true]]);
    expect(somatoPoints(points, 9).map((p) => [p.id, p.current])).toEqual([
      [2, false],
      [9, true],
    ]);
    expect(points.at(-1)!.values.sum6).toBe(60);
  });
});
