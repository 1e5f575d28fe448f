/**
 * Technical error of measurement (isak.md §a.4): the pooled within-group SD,
 * sqrt(Σ_i Σ_k (x_ik − mean_i)² / Σ_i (K_i − 1)); for two readings of one site it is |m1 − m2| / √2.
 * Sums of squares about each group's mean keep it accurate when readings are large and close.
 */

/** Σ (x − mean)² of one group's readings; d²/2 exactly as the two-reading formula has it for K = 2. */
function squaresAboutMean(readings: readonly number[]): number {
  if (readings.length === 2) {
    const d = readings[0]! - readings[1]!;
    return (d * d) / 2;
  }
  const mean = readings.reduce((sum, x) => sum + x, 0) / readings.length;
  return readings.reduce((sum, x) => sum + (x - mean) * (x - mean), 0);
}

/** TEM of one site's readings (its unit) and as % of their mean. */
export function siteTem(measurements: readonly number[]): { tem: number; temPct: number } {
  if (measurements.length < 2) throw new RangeError('TEM needs at least two readings');
  const tem = Math.sqrt(squaresAboutMean(measurements) / (measurements.length - 1));
  const mean = measurements.reduce((sum, x) => sum + x, 0) / measurements.length;
  return { tem, temPct: (100 * tem) / mean };
}

/**
 * TEM pooled over groups (sites of one profile, or subjects of one site; K readings each, K may differ):
 * denominator Σ (K_i − 1); relative TEM = 100 × TEM / grand mean of every reading. Null without any
 * group of two or more readings.
 */
export function pooledTem(groups: readonly (readonly number[])[]): { absolute: number; relative_pct: number } | null {
  const usable = groups.filter((g) => g.length >= 2);
  if (usable.length === 0) return null;
  let squares = 0;
  let freedom = 0;
  let total = 0;
  let count = 0;
  for (const g of usable) {
    squares += squaresAboutMean(g);
    freedom += g.length - 1;
    for (const x of g) total += x;
    count += g.length;
  }
  const absolute = Math.sqrt(squares / freedom);
  return { absolute, relative_pct: (100 * absolute) / (total / count) };
}
