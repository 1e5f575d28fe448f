/** Calendar date as 'YYYY-MM-DD' (the spec's `nacimiento` format) or a Date (its UTC date is used). */
export type DateInput = string | Date | Ymd;

export interface Ymd {
  y: number;
  m: number;
  d: number;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Digits at [from, to) of an ASCII string, or -1 if any is not a digit. Avoids Date and RegExp on the hot path. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** Parses a real calendar date 'YYYY-MM-DD'; 2023-02-29 and 2023-13-01 are rejected. */
export function parseIsoDate(value: string): Ymd | null {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  const y = digits(value, 0, 4);
  const m = digits(value, 5, 7);
  const d = digits(value, 8, 10);
  const monthDays = DAYS_IN_MONTH[m - 1]; // undefined unless m is 1..12
  if (y < 1 || monthDays === undefined || d < 1) return null;
  const max = m === 2 && isLeap(y) ? 29 : monthDays;
  return d <= max ? { y, m, d } : null;
}

function toYmd(value: DateInput): Ymd {
  if (typeof value === 'object' && !(value instanceof Date)) return value;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('Invalid date');
    return { y: value.getUTCFullYear(), m: value.getUTCMonth() + 1, d: value.getUTCDate() };
  }
  const parsed = parseIsoDate(value);
  if (!parsed) throw new RangeError(`Invalid date: ${value}`);
  return parsed;
}

/**
 * Completed years at `at`. The birthday counts from its calendar day, so someone born on
 * 29 February turns a year older on 1 March in common years.
 */
export function ageInYears(birth: DateInput, at: DateInput): number {
  const b = toYmd(birth);
  const a = toYmd(at);
  const beforeBirthday = a.m < b.m || (a.m === b.m && a.d < b.d);
  return a.y - b.y - (beforeBirthday ? 1 : 0);
}

/** Completed months at `at` (the WHO 2007 table is indexed by completed months). */
export function ageInMonths(birth: DateInput, at: DateInput): number {
  const b = toYmd(birth);
  const a = toYmd(at);
  return (a.y - b.y) * 12 + (a.m - b.m) - (a.d < b.d ? 1 : 0);
}

/** True when `a` is strictly before `b` (both valid ISO dates). */
export function isBefore(a: DateInput, b: DateInput): boolean {
  const x = toYmd(a);
  const y = toYmd(b);
  return x.y !== y.y ? x.y < y.y : x.m !== y.m ? x.m < y.m : x.d < y.d;
}

/** Completed years and months in one pass (the engine needs both). */
export function ageAt(birth: DateInput, at: DateInput): { years: number; months: number } {
  const b = toYmd(birth);
  const a = toYmd(at);
  const beforeBirthday = a.m < b.m || (a.m === b.m && a.d < b.d);
  return { years: a.y - b.y - (beforeBirthday ? 1 : 0), months: (a.y - b.y) * 12 + (a.m - b.m) - (a.d < b.d ? 1 : 0) };
}

/** Days since 1970-01-01 of a calendar date (proleptic Gregorian, no Date object). */
function dayNumber({ y, m, d }: Ymd): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Whole days from birth to `at`. */
export function ageInDays(birth: DateInput, at: DateInput): number {
  return dayNumber(toYmd(at)) - dayNumber(toYmd(birth));
}

/** WHO AnthroPlus' exact age in months: days / 30.4375 (the WHO 2007 LMS rows are interpolated at it). */
export const DAYS_PER_MONTH = 30.4375;
