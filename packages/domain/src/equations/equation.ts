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

export function defineEquation(meta: EquationMeta): EquationMeta {
  return Object.freeze(meta);
}

/** Strips registry-only fields so results stay small and stable. */
export function ref(meta: EquationMeta): EquationRef {
  return { id: meta.id, name: meta.name, citation: meta.citation };
}
