/**
 * Where a relative TEM stands against ISAK's intra-evaluator limits (isak.md §a.4, decision 198): within the
 * level 2-and-above limit, within level 1 only, or over level 1. A value equal to a limit is within it (≤).
 */
export type TemStanding = 'withinLevel2' | 'withinLevel1' | 'overLevel1';

export function temStanding(relativePct: number, limits: { level1: number; level2: number }): TemStanding {
  if (relativePct <= limits.level2) return 'withinLevel2';
  if (relativePct <= limits.level1) return 'withinLevel1';
  return 'overLevel1';
}
