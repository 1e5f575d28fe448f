/**
 * Every category is decided on the value as the report shows it (decision 035), and each value is shown at the
 * precision its guideline states its cut-offs (decision 196): BMI to 2 decimals as WHO TRS 894 prints its classes
 * (18.50-24.99, 25.00-29.99), so 24.99 is normal and 24.996 (printed 25.00) pre-obese. One rule, one place: each
 * classifier and threshold check reads its value through `shown`.
 */

/** Decimals the detail screen and the PDF print for each kind of value. */
export const DISPLAY_DECIMALS = {
  /** WHO TRS 894 states its BMI classes to 2 decimals (decision 196). */
  bmi: 2,
  /** Waist-to-height and waist-to-hip ratios. */
  ratio: 2,
  /** Circumferences (waist) in cm. */
  cm: 1,
  fatPercent: 1,
  vo2max: 1,
  /** VAI, METS-VF. */
  index: 2,
  /** BMI-for-age z-score. */
  zScore: 2,
} as const;
export type DisplayKind = keyof typeof DISPLAY_DECIMALS;

const SCALE = [1, 10, 100, 1000] as const;

/**
 * The value rounded exactly as `Number.prototype.toFixed` prints it (what the screens use), so the
 * category always agrees with the figure beside it. The multiply-and-round fast path is exact unless
 * the scaled value sits within 1e-9 of a half; only then is toFixed asked.
 */
export function shown(value: number, kind: DisplayKind): number {
  return shownAt(value, DISPLAY_DECIMALS[kind]);
}

/** `shown` for a number of decimals given directly (laboratory values carry theirs in `LAB_DECIMALS`). */
export function shownAt(value: number, d: 0 | 1 | 2 | 3): number {
  const scaled = value * SCALE[d];
  const frac = scaled - Math.floor(scaled);
  if (Math.abs(frac - 0.5) < 1e-9) return Number(value.toFixed(d));
  return Math.round(scaled) / SCALE[d];
}
