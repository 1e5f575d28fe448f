import type { KerrResult, Somatotype } from './types.ts';

/**
 * Plausibility flags of an ISAK profile that call for a look at the data, never a correction (decision 198):
 * shown the same on the detail page and in the report.
 */

/** Kerr's own check (isak.md §d.6): the five masses more than 5 % from the measured mass (a practice suggestion). */
const KERR_CHECK_PCT = 5;
/** Carter 2002 p. 8: endomorphy or mesomorphy below 1.0 is very unlikely. */
const COMPONENT_CHECK = 1;

export const kerrNeedsCheck = (kerr: Pick<KerrResult, 'difference_pct'>): boolean =>
  Math.abs(kerr.difference_pct) > KERR_CHECK_PCT;

export const somatotypeNeedsCheck = (s: Pick<Somatotype, 'endomorphy' | 'mesomorphy'>): boolean =>
  s.endomorphy < COMPONENT_CHECK || s.mesomorphy < COMPONENT_CHECK;
