import type { EvaluationInput, EvaluationResult } from '@medida/domain';
import type { EvaluationHistoryItem } from '@medida/contracts';

/** The measures followed over time (issue 5: weight, fat %, muscle mass, waist, VO2max). */
export const TRACKED = ['peso', 'fat', 'muscle', 'waist', 'vo2max'] as const;
export type Tracked = (typeof TRACKED)[number];

export const TRACKED_UNIT: Record<Tracked, string> = {
  peso: 'kg',
  fat: '%',
  muscle: 'kg',
  waist: 'cm',
  vo2max: 'mL/kg/min',
};

export interface HistoryPoint {
  id: number;
  fecha: string;
  evaluation_type: number;
  values: Record<Tracked, number | null>;
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

/** Change of each measure against the evaluation just before `id` (null when either side lacks it). */
export function changeSincePrevious(points: HistoryPoint[], id: number): Record<Tracked, number | null> | null {
  const index = points.findIndex((p) => p.id === id);
  if (index <= 0) return null;
  const now = points[index]!.values;
  const before = points[index - 1]!.values;
  const out = {} as Record<Tracked, number | null>;
  for (const key of TRACKED) {
    const a = now[key];
    const b = before[key];
    out[key] = a === null || b === null ? null : a - b;
  }
  return out;
}
