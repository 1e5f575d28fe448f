/** Calendar date as 'YYYY-MM-DD' (the spec's `nacimiento` format) or a Date (its UTC date is used). */
export type DateInput = string | Date;

interface Ymd {
  y: number;
  m: number;
  d: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a real calendar date; 2023-02-30 is rejected. */
export function parseIsoDate(value: string): Ymd | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return { y, m, d };
}

function toYmd(value: DateInput): Ymd {
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
