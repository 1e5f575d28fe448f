import type { UnitSystem } from '@medida/contracts';
import { numberFormat } from '@medida/domain';
import { displayUnit, fromMetric } from '../../../lib/units.ts';
import { rangeOfPath } from '../wizard/input-hints.ts';

/** What changed between two stored versions of an evaluation (the detail's version comparison). */

/** A stored number as the reader reads it: their decimal separator, their units (issue 30, decisions 182, 183). */
export type ShowNumber = (value: number, path: string) => string;

export function numberShown(lang: string, units: UnitSystem): ShowNumber {
  const format = numberFormat(lang, { maximumFractionDigits: 2 });
  return (value, path) => {
    const unit = rangeOfPath(path)?.unit;
    if (units === 'metric' || !unit || displayUnit(unit, units) === unit) return format.format(value);
    return `${format.format(fromMetric(value, unit, units))} ${displayUnit(unit, units)}`;
  };
}

export interface InputChange {
  /** Dotted path of the input (`peso`, `clinical_data.temperatura`, `rockport.bpm`). */
  path: string;
  before: string | null;
  after: string | null;
}

type Named = { name: string; value?: unknown; status?: boolean; tratamiento?: boolean };
const isNamedList = (v: unknown): v is Named[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && typeof (x as Named).name === 'string');

/** Lists of conditions and exams read as the ticked names (with an exam's value, a treatment mark). */
function listText(items: Named[], show: ShowNumber, prefix: string): string {
  return items
    .filter((x) => x.value === true || x.status === true)
    .map((x) => {
      if (x.status === true && x.value !== undefined && x.value !== true)
        return `${x.name} ${typeof x.value === 'number' ? show(x.value, `${prefix}.${x.name}`) : String(x.value)}`;
      return x.tratamiento ? `${x.name} (+)` : x.name;
    })
    .join(', ');
}

function flatten(value: unknown, prefix: string, out: Map<string, string>, show: ShowNumber) {
  if (value === null || value === undefined) return;
  if (isNamedList(value)) {
    const text = listText(value, show, prefix);
    if (text) out.set(prefix, text);
    return;
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out, show);
    return;
  }
  if (typeof value === 'number') out.set(prefix, show(value, prefix));
  else out.set(prefix, Array.isArray(value) ? value.join(', ') : String(value));
}

/** Inputs that differ, in the order of the newer version's fields (then the ones it dropped). */
export function diffInputs(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  show: ShowNumber,
): InputChange[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(before, '', a, show);
  flatten(after, '', b, show);
  const paths = [...b.keys(), ...[...a.keys()].filter((k) => !b.has(k))];
  return paths
    .filter((path) => a.get(path) !== b.get(path))
    .map((path) => ({ path, before: a.get(path) ?? null, after: b.get(path) ?? null }));
}

/** Key results compared between versions: path in the engine's result, and its label key and unit. */
export const COMPARED_RESULTS = [
  { path: ['bmi', 'value'], label: 'bmi', unit: 'kg/m²' },
  { path: ['body_fat', 'percent'], label: 'fatPercent', unit: '%' },
  { path: ['body_fat', 'kg'], label: 'fatKg', unit: 'kg' },
  { path: ['lean_mass', 'kg'], label: 'leanKg', unit: 'kg' },
  { path: ['muscle_mass', 'kg'], label: 'muscleKg', unit: 'kg' },
] as const;

export function resultAt(result: unknown, path: readonly string[]): number | null {
  let node: unknown = result;
  for (const key of path) node = (node as Record<string, unknown> | null | undefined)?.[key];
  return typeof node === 'number' ? node : null;
}
