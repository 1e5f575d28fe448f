import { comparisonMismatch, type EvaluationInput, type EvaluationResult, type Mismatch } from '@medida/domain';
import type { EvaluationHistoryItem, UnitSystem } from '@medida/contracts';
import { displayUnit, inUnits } from '../../../lib/units.ts';

/** The measures followed over time (issue 5: weight, fat %, muscle mass, waist, VO2max). */
export const TRACKED = ['peso', 'fat', 'muscle', 'waist', 'vo2max'] as const;
export type Tracked = (typeof TRACKED)[number];

const TRACKED_UNIT: Record<Tracked, string> = {
  peso: 'kg',
  fat: '%',
  muscle: 'kg',
  waist: 'cm',
  vo2max: 'mL/kg/min',
};

/** A tracked measure's unit as the reader reads it (lb and in for imperial, decision 183). */
export function trackedUnit(key: Tracked, units: UnitSystem): string {
  return displayUnit(TRACKED_UNIT[key], units);
}

export interface HistoryPoint {
  id: number;
  fecha: string;
  evaluation_type: number;
  /** Equation ids of the fat % and the muscle mass (null in results that predate them). */
  fatEquation: string | null;
  muscleEquation: string | null;
  values: Record<Tracked, number | null>;
}

/** Weights and lengths of the points in the reader's units; the fat %, VO2max and the equations as they are. */
export function inReaderUnits(points: HistoryPoint[], units: UnitSystem): HistoryPoint[] {
  if (units === 'metric') return points;
  return points.map((p) => ({
    ...p,
    values: Object.fromEntries(
      TRACKED.map((key) => {
        const v = p.values[key];
        return [key, v === null ? null : inUnits(v, TRACKED_UNIT[key], units)];
      }),
    ) as Record<Tracked, number | null>,
  }));
}

const orNull = (v: number | null | undefined) => (v === undefined || v === null || !Number.isFinite(v) ? null : v);

/**
 * The client's evaluations oldest first. The open evaluation comes from its own inputs and result
 * (the most complete data); it is added when the server's history leaves it out.
 */
export function historyPoints(
  history: EvaluationHistoryItem[],
  current: { id: number; fecha: string; inputs: EvaluationInput; results: EvaluationResult },
): HistoryPoint[] {
  const points: HistoryPoint[] = history
    .filter((h) => h.id !== current.id)
    .map((h) => ({
      id: h.id,
      fecha: h.fecha,
      evaluation_type: h.evaluation_type,
      fatEquation: h.body_fat_equation,
      muscleEquation: h.muscle_equation,
      values: {
        peso: orNull(h.peso),
        fat: orNull(h.body_fat_percent),
        muscle: orNull(h.muscle_mass_kg),
        waist: orNull(h.waist_cm),
        vo2max: orNull(h.vo2max),
      },
    }));
  points.push({
    id: current.id,
    fecha: current.fecha,
    evaluation_type: current.results.evaluation_type,
    fatEquation: current.results.body_fat.equation.id,
    muscleEquation: current.results.muscle_mass.equation.id,
    values: {
      peso: current.inputs.peso,
      fat: current.results.body_fat.percent,
      muscle: current.results.muscle_mass.kg,
      waist: current.inputs.pcintura,
      vo2max: current.results.rockport?.vo2max ?? null,
    },
  });
  // Same day: the lower id was created first.
  return points.sort((a, b) => a.fecha.localeCompare(b.fecha) || a.id - b.id);
}

/** Whether `key` of `a` and `b` can be compared: the engine's rule, shared with the server (decision 188). */
const mismatch = (a: HistoryPoint, b: HistoryPoint, key: Tracked): Mismatch | null => comparisonMismatch(a, b, key);

/** A change against the previous evaluation: a number, null (a side lacks the value), or why it is not given. */
export type Change = number | null | Mismatch;

/** Change of each measure against the evaluation just before `id`; null for the first one. */
export function changeSincePrevious(points: HistoryPoint[], id: number): Record<Tracked, Change> | null {
  const index = points.findIndex((p) => p.id === id);
  const now = points[index];
  const before = points[index - 1]; // undefined for the first one (index 0) and for an unknown id (-1)
  if (!now || !before) return null;
  const out = {} as Record<Tracked, Change>;
  for (const key of TRACKED) {
    const a = now.values[key];
    const b = before.values[key];
    out[key] = a === null || b === null ? null : (mismatch(now, before, key) ?? a - b);
  }
  return out;
}

/** The evaluation's method differs from the one just before it (the history table marks it). */
export function methodChanged(points: HistoryPoint[], id: number): boolean {
  const index = points.findIndex((p) => p.id === id);
  const now = points[index];
  const before = points[index - 1];
  return now !== undefined && before !== undefined && now.evaluation_type !== before.evaluation_type;
}

/**
 * The points that carry `key`, cut into runs that can be joined by a line: a new run starts where the
 * value is not comparable with the previous one (another method or equation). Charts draw one line per run.
 */
export function comparableRuns(points: HistoryPoint[], key: Tracked): HistoryPoint[][] {
  const runs: HistoryPoint[][] = [];
  for (const p of points) {
    if (p.values[key] === null) continue;
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous && mismatch(previous, p, key) === null) run.push(p);
    else runs.push([p]);
  }
  return runs;
}
