/**
 * When two evaluations of one client may be compared (decisions 151 and 188). Weight, waist and VO2max are
 * measured the same way whatever the method; a body-fat % only within one method and one equation (a
 * 2-skinfold and a 4-skinfold figure, or a tape and a skinfold figure, are different estimates, not a change);
 * muscle mass only within one equation. Every comparison (history, dashboard, charts, report, e-mail) uses this.
 */
export type ComparedMeasure = 'peso' | 'fat' | 'muscle' | 'waist' | 'vo2max';

/** What a comparison needs of an evaluation: its method and the equations of its fat % and muscle mass. */
export interface ComparableEvaluation {
  evaluation_type: number;
  fatEquation: string | null;
  muscleEquation: string | null;
}

/** Why two values of a measure are not compared: another method, or the same method with another equation. */
export type Mismatch = 'method' | 'equation';

export function comparisonMismatch(
  a: ComparableEvaluation,
  b: ComparableEvaluation,
  measure: ComparedMeasure,
): Mismatch | null {
  if (measure === 'fat') {
    if (a.evaluation_type !== b.evaluation_type) return 'method';
    return a.fatEquation !== b.fatEquation ? 'equation' : null;
  }
  if (measure === 'muscle') return a.muscleEquation !== b.muscleEquation ? 'equation' : null;
  return null;
}

/**
 * The series a body-fat % belongs to: two figures compare exactly when their series are equal. Stored with
 * each evaluation (`evaluations.body_fat_series`); SQL compares the stored series and never restates the rule.
 * Migration 0026 backfills stored evaluations with this same format ("<method>:<equation id>").
 */
export const bodyFatSeries = (evaluationType: number, fatEquation: string): string =>
  `${evaluationType}:${fatEquation}`;
