/**
 * A finite double as the decimal a person typed: the shortest text that reads back as the same double
 * ("19.9", not 19.899999999999998578…), held as an integer over a power of ten. Decisions taken on this
 * form (the repeat rule, rounding to tenths) cannot be flipped by binary floating point.
 */
export interface ScaledDecimal {
  /** value = units / 10^scale. */
  units: bigint;
  scale: number;
}

export function toScaledDecimal(value: number): ScaledDecimal {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  // String() gives the shortest round-trip form, possibly with an exponent (1e-7, 1.5e+21).
  const [mantissa = '0', exponentText] = String(value).toLowerCase().split('e');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.');
  let units = BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: negative ? -units : units, scale };
}

/** Both values over the same power of ten (the larger number of decimals). */
export function toCommonScale(a: number, b: number): { a: bigint; b: bigint; scale: number } {
  const x = toScaledDecimal(a);
  const y = toScaledDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return { a: x.units * 10n ** BigInt(scale - x.scale), b: y.units * 10n ** BigInt(scale - y.scale), scale };
}

/**
 * The value rounded to `d` decimals, half away from zero on its decimal form, as an integer count of 10^-d
 * (98.55 → 986 at d = 1, 1.005 → 101 at d = 2, −0.05 → −1): how a person rounds the number they read, and how
 * `Intl.NumberFormat` prints it. `Number.prototype.toFixed` rounds the binary value instead (98.55 → "98.5").
 */
export function roundedUnits(value: number, d: number): bigint {
  const { units, scale } = toScaledDecimal(value);
  if (scale <= d) return units * 10n ** BigInt(d - scale);
  const divisor = 10n ** BigInt(scale - d);
  const magnitude = units < 0n ? -units : units;
  let rounded = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) rounded += 1n;
  return units < 0n ? -rounded : rounded;
}

/** The value in whole tenths, half away from zero on its decimal form (1.15 → 12, 1.25 → 13, −0.05 → −1). */
export const toTenths = (value: number): number => Number(roundedUnits(value, 1));
