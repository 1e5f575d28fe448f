import { roundedUnits } from './decimal.ts';

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

/**
 * The value as the detail and the report print it: rounded half away from zero on its decimal form, as a person
 * rounds and as `Intl.NumberFormat` prints (98.55 → 98.6, 0.15 → 0.2; decision 196). Every classifier reads its
 * value through this, so a category always agrees with the figure beside it, on screen and in the PDF.
 */
export function shown(value: number, kind: DisplayKind): number {
  return shownAt(value, DISPLAY_DECIMALS[kind]);
}

/**
 * `shown` for a number of decimals given directly (laboratory values carry theirs in `LAB_DECIMALS`). The
 * multiply-and-round fast path is exact unless the scaled value sits near a half; only then is the decimal form read.
 */
export function shownAt(value: number, d: number): number {
  if (!Number.isFinite(value)) return value;
  const scale = 10 ** d;
  const scaled = value * scale;
  const frac = scaled - Math.floor(scaled);
  if (Math.abs(frac - 0.5) > 1e-6) return Math.round(scaled) / scale;
  return Number(roundedUnits(value, d)) / scale;
}
