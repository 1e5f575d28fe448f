/** What changed between two stored versions of an evaluation (the detail's version comparison). */

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
function listText(items: Named[]): string {
  return items
    .filter((x) => x.value === true || x.status === true)
    .map((x) => {
      if (x.status === true && x.value !== undefined && x.value !== true) return `${x.name} ${String(x.value)}`;
      return x.tratamiento ? `${x.name} (+)` : x.name;
    })
    .join(', ');
}

function flatten(value: unknown, prefix: string, out: Map<string, string>) {
  if (value === null || value === undefined) return;
  if (isNamedList(value)) {
    const text = listText(value);
    if (text) out.set(prefix, text);
    return;
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  out.set(prefix, Array.isArray(value) ? value.join(', ') : String(value));
}

/** Inputs that differ, in the order of the newer version's fields (then the ones it dropped). */
export function diffInputs(before: Record<string, unknown>, after: Record<string, unknown>): InputChange[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(before, '', a);
  flatten(after, '', b);
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
