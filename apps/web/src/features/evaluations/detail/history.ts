import {
  comparisonMismatch,
  sad,
  sam,
  sdd,
  shownAt,
  type EvaluationInput,
  type EvaluationResult,
  type Mismatch,
} from '@medida/domain';
import type { EvaluationHistoryItem, UnitSystem } from '@medida/contracts';
import { displayUnit, inUnits } from '../../../lib/units.ts';

/** The measures followed over time (issue 5: weight, fat %, muscle mass, waist, VO2max; issue 31: ISAK Σ6 and Σ8). */
export const TRACKED = ['peso', 'fat', 'muscle', 'waist', 'vo2max', 'sum6', 'sum8'] as const;
export type Tracked = (typeof TRACKED)[number];

const TRACKED_UNIT: Record<Tracked, string> = {
  peso: 'kg',
  fat: '%',
  muscle: 'kg',
  waist: 'cm',
  vo2max: 'mL/kg/min',
  sum6: 'mm',
  sum8: 'mm',
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
  /** The Heath–Carter somatotype of an ISAK profile (type 5); null otherwise. */
  somatotype: HistorySomatotype | null;
}

type HistorySomatotype = NonNullable<EvaluationHistoryItem['somatotype']>;

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
        sum6: orNull(h.sum6_mm),
        sum8: orNull(h.sum8_mm),
      },
      somatotype: h.somatotype,
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
      sum6: current.results.isak?.sum6_mm ?? null,
      sum8: current.results.isak?.sum8_mm ?? null,
    },
    somatotype: current.results.isak?.somatotype ?? null,
  });
  // ISO dates order as plain strings: localeCompare would build the browser's collator, tens of milliseconds of the
  // detail's first render on a phone (decision 241). Same day: the lower id was created first.
  return points.sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : a.id - b.id));
}

/** Whether `key` of `a` and `b` can be compared: the engine's rule, shared with the server (decision 188). */
const mismatch = (a: HistoryPoint, b: HistoryPoint, key: Tracked): Mismatch | null =>
  // A sum of skinfolds is the raw sum in mm, the same measure in every ISAK profile.
  key === 'sum6' || key === 'sum8' ? null : comparisonMismatch(a, b, key);

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

/** Carter 2002 p. 13: a SAD of 0.5 or more is a change of practical significance between two somatotypes. */
const SAD_MEANINGFUL = 0.5;

export interface SomatotypeChange {
  from: HistoryPoint;
  to: HistoryPoint;
  /** Somatotype attitudinal distance (3-D, component units) and dispersion distance (somatochart, Y units). */
  sad: number;
  sdd: number;
  /** Attitudinal mean of the two: the mean SAD of each from their mean somatotype (Carter 2002 p. 11). */
  sam: number;
  meaningful: boolean;
}

/** A rating as shown and as Carter compares them: each component to 0.1 (as formatNumber rounds it). */
const asRated = (s: HistorySomatotype) => ({
  endomorphy: shownAt(s.endomorphy, 1),
  mesomorphy: shownAt(s.mesomorphy, 1),
  ectomorphy: shownAt(s.ectomorphy, 1),
});

/** SAD² in whole tenths: the 0.5 threshold decided exactly (2.4 − 2.7 is −0.2999… in binary). */
function inTenthsSquared(a: ReturnType<typeof asRated>, b: ReturnType<typeof asRated>): number {
  const d = (u: number, v: number) => Math.round(u * 10) - Math.round(v * 10);
  return d(a.endomorphy, b.endomorphy) ** 2 + d(a.mesomorphy, b.mesomorphy) ** 2 + d(a.ectomorphy, b.ectomorphy) ** 2;
}

/**
 * Between each ISAK profile and the one before it (oldest first): SAD, SDD and whether the change is meaningful,
 * from the ratings to 0.1 the page shows (the manual's practice), so the distance matches the ratings read.
 */
export function somatotypeChanges(points: HistoryPoint[]): SomatotypeChange[] {
  const rated = points.flatMap((p) => (p.somatotype ? [{ point: p, rating: asRated(p.somatotype) }] : []));
  return rated.slice(1).map((to, i) => {
    const from = rated[i]!;
    const distance = sad(from.rating, to.rating);
    return {
      from: from.point,
      to: to.point,
      sad: distance,
      sdd: sdd(from.rating, to.rating),
      sam: sam([from.rating, to.rating]),
      meaningful: inTenthsSquared(from.rating, to.rating) >= (SAD_MEANINGFUL * 10) ** 2,
    };
  });
}

/** One somatotype of the client on the somatochart (the open evaluation's is `current`). */
export interface SomatoPoint extends HistorySomatotype {
  id: number;
  fecha: string;
  current: boolean;
}

/** The client's somatotypes oldest first, for the somatochart: the points are joined in this order. */
export function somatoPoints(points: HistoryPoint[], currentId: number): SomatoPoint[] {
  return points.flatMap((p) =>
    p.somatotype ? [{ ...p.somatotype, id: p.id, fecha: p.fecha, current: p.id === currentId }] : [],
  );
}

/** Σ6 and Σ8 exist only in ISAK profiles: their columns and charts show only when the client has one. */
export const ISAK_ONLY: ReadonlySet<Tracked> = new Set(['sum6', 'sum8']);
