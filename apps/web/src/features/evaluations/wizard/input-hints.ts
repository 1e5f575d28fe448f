import { EXAM_CATALOGUE, FIELD_RANGES, ISAK_SITE_INFO, type ExamId, type RangedField } from '@medida/domain';
import type { NumberValue } from './wizard-form.ts';

/**
 * Hints for values typed in the wrong unit (issue 15): the wizard offers the likely meant value instead of
 * only refusing it. General rules, not per field: any centimetre field typed in metres, any exam typed in
 * another of its accepted units.
 */

export type FieldRange = { min: number; max: number; unit: string };

/** The engine's accepted range of a wizard form path (`measurements.estatura`, `extras.device.water_pct`…). */
export function rangeOfPath(formPath: string): FieldRange | null {
  const field = formPath.replace(/^measurements\./, '').replace(/^extras\./, '');
  return field in FIELD_RANGES ? FIELD_RANGES[field as RangedField] : null;
}

const asNumber = (v: NumberValue | null | undefined): number | null => {
  const n = typeof v === 'number' ? v : Number(String(v).replace(',', '.'));
  return v === '' || v === null || v === undefined || !Number.isFinite(n) ? null : n;
};

const inRange = (n: number, r: { min: number; max: number }) => n >= r.min && n <= r.max;

/** A centimetre value typed in metres ("1.65" for 165 cm): the value in centimetres, else null. */
export function centimetresSuggestion(range: FieldRange, value: NumberValue): number | null {
  const n = asNumber(value);
  if (range.unit !== 'cm' || n === null || inRange(n, range)) return null;
  const cm = Math.round(n * 1000) / 10;
  return inRange(cm, range) ? cm : null;
}

/**
 * An exam value that is implausible in the chosen unit but plausible in another accepted one (glucose 5.8
 * "mg/dL" is 104 mg/dL if it was mmol/L): that other unit, else null.
 */
export function examUnitSuggestion(exam: ExamId, value: NumberValue, unit: string): string | null {
  const n = asNumber(value);
  const def = EXAM_CATALOGUE[exam];
  const toBase = def.units[unit];
  if (n === null || !toBase || inRange(toBase(n), def.range)) return null;
  const other = Object.entries(def.units).find(([u, convert]) => u !== unit && inRange(convert(n), def.range));
  return other ? other[0] : null;
}

/**
 * An ISAK site's plausible readings (`isak.sites.triceps` or one reading of it), in the mm or cm the site is always
 * entered in (decision 197): never converted to the user's units.
 */
export function isakRangeOfPath(formPath: string): FieldRange | null {
  const site = /^isak\.sites\.(\w+?)(?:\.\d)?$/.exec(formPath)?.[1];
  if (!site || !Object.hasOwn(ISAK_SITE_INFO, site)) return null;
  const info = ISAK_SITE_INFO[site as keyof typeof ISAK_SITE_INFO];
  return { ...info.range, unit: info.unit };
}

/** The accepted range behind a field error: a measurement's, or a ticked exam's (in the exam's base unit). */
export function rangeOfErrorPath(formPath: string, exams: readonly { name: ExamId }[]): FieldRange | null {
  const exam = /^clinical_data\.exams\.(\d+)\.value$/.exec(formPath);
  if (!exam) return rangeOfPath(formPath);
  const def = EXAM_CATALOGUE[exams[Number(exam[1])]?.name ?? ('' as ExamId)];
  return def ? { ...def.range, unit: def.unit } : null;
}
