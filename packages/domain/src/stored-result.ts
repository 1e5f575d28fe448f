import type { EquationRef } from './equations/equation.ts';
import { ref } from './equations/equation.ts';
import { EQUATIONS } from './registry.ts';

/**
 * A result as the server stores it (decision 253): every equation reference the registry knows word for word keeps
 * only its id, since the names and citations were half of each stored result and the database compresses every
 * byte of it on each insert. Reading fills them in again from the registry, so an id once stored must stay in it.
 */
const BY_ID = new Map(EQUATIONS.map((meta) => [meta.id, ref(meta)]));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The reference as the registry has it, or undefined when `value` is not one (or reads otherwise). */
function registryRef(value: Record<string, unknown>): EquationRef | undefined {
  if (typeof value.id !== 'string' || typeof value.citation !== 'string') return undefined;
  const known = BY_ID.get(value.id);
  const keys = Object.keys(value);
  const exact = keys.length === 3 && known && value.name === known.name && value.citation === known.citation;
  return exact ? known : undefined;
}

/** The JSON text stored for a result: known references as `{ "id": … }`. */
export const storedResultJson = (result: object): string =>
  JSON.stringify(result, (_key, value: unknown) =>
    isPlainObject(value) && registryRef(value) ? { id: value.id } : value,
  );

/** A stored result with every reference that only has its id completed from the registry; the rest as stored. */
export function withEquationTexts<T>(stored: T): T {
  if (Array.isArray(stored)) {
    let copy: unknown[] | undefined;
    stored.forEach((item, i) => {
      const filled = withEquationTexts(item);
      if (filled !== item) (copy ??= [...stored])[i] = filled;
    });
    return (copy ?? stored) as T;
  }
  if (!isPlainObject(stored)) return stored;
  const keys = Object.keys(stored);
  if (keys.length === 1 && typeof stored.id === 'string') return (BY_ID.get(stored.id) ?? stored) as T;
  let copy: Record<string, unknown> | undefined;
  for (const key of keys) {
    const value = stored[key];
    const filled = withEquationTexts(value);
    if (filled !== value) (copy ??= { ...stored })[key] = filled;
  }
  return (copy ?? stored) as T;
}
