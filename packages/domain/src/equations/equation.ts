/** How an equation or cut-off was checked (formulas.md legend). */
export type EvidenceStatus = 'solid' | 'check' | 'convention';

/** The reference shown with every computed number: what was used and where it comes from. */
export interface EquationRef {
  id: string;
  name: string;
  citation: string;
}

/** Full metadata kept in the registry (README, help text); results carry only the EquationRef part. */
export interface EquationMeta extends EquationRef {
  validity: string;
  status: EvidenceStatus;
}

/** Non-enumerable slot holding the frozen result-side reference (faster than a WeakMap lookup). */
const REF = Symbol('ref');
type WithRef = EquationMeta & { [REF]?: EquationRef };

export function defineEquation(meta: EquationMeta): EquationMeta {
  Object.defineProperty(meta, REF, { value: Object.freeze({ id: meta.id, name: meta.name, citation: meta.citation }) });
  return Object.freeze(meta);
}

/**
 * The result-side reference: registry-only fields stripped. One frozen object per equation,
 * shared by every result (results are plain data; nothing mutates them).
 */
export function ref(meta: EquationMeta): EquationRef {
  return (meta as WithRef)[REF] ?? { id: meta.id, name: meta.name, citation: meta.citation };
}
