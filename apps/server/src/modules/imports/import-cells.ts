import type { Language } from '@medida/contracts';
import { CHOICE_TEXTS, type ColumnUnit, type SpreadsheetColumn } from '../spreadsheets/spreadsheet-columns.ts';

/**
 * Reading one spreadsheet's headers and cells (decision 228): headers in any of the three languages, decimal
 * comma or point, ISO or the reader's slashed dates, kg/lb and cm/in. Pure functions: each answers a value or a
 * translation key of what is wrong with the cell.
 */

export type CellResult<T> = { ok: true; value: T } | { ok: false; error: string };
const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const bad = (error: string): CellResult<never> => ({ ok: false, error });

/** Lower case, no accents, no punctuation, single spaces: "Correo  Electrónico" and "correo electronico" meet. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A unit the import reads besides each column's own. */
export type ReadUnit = ColumnUnit | 'lb' | 'in';
const UNIT_NAMES: Record<string, ReadUnit> = {
  kg: 'kg',
  kgs: 'kg',
  lb: 'lb',
  lbs: 'lb',
  libras: 'lb',
  cm: 'cm',
  in: 'in',
  inch: 'in',
  inches: 'in',
  pulgadas: 'in',
  polegadas: 'in',
  mm: 'mm',
  mmhg: 'mmHg',
  '%': '%',
  c: '°C',
  '°c': '°C',
};

/** The header's name without its bracketed unit, and that unit when it is one we read ("Peso (lb)"). */
export function splitHeader(header: string): { name: string; unit: ReadUnit | undefined } {
  const match = /^(.*?)[([]\s*([^)\]]*)\s*[)\]]\s*$/.exec(header.trim());
  if (!match) return { name: normaliseText(header), unit: undefined };
  const unit = UNIT_NAMES[(match[2] ?? '').toLowerCase().replace(/\s+/g, '')];
  // A bracket that is not a unit is part of the name ("Entrena hace (1–6)").
  return unit ? { name: normaliseText(match[1] ?? ''), unit } : { name: normaliseText(header), unit: undefined };
}

/** Each column's headers in every language, and its key, normalised: what a file's header is matched against. */
function headerIndex(columns: readonly SpreadsheetColumn[]): Map<string, SpreadsheetColumn> {
  const index = new Map<string, SpreadsheetColumn>();
  for (const column of columns) {
    if (column.exportOnly) continue;
    for (const name of [column.key, ...Object.values(column.headers)]) {
      const key = splitHeader(name).name;
      if (!index.has(key)) index.set(key, column);
    }
  }
  return index;
}

/** A file column: its header as written, the field it feeds (or none) and the unit its header names. */
export interface MappedColumn {
  header: string;
  key: string | null;
  unit: ReadUnit | undefined;
}

/**
 * The file's headers matched to fields: by name in any language, or as the user confirmed (`explicit`, header →
 * key or null to ignore it). A field fed by two columns keeps the first.
 */
export function mapHeaders(
  headers: readonly string[],
  columns: readonly SpreadsheetColumn[],
  explicit?: Record<string, string | null>,
): MappedColumn[] {
  const index = headerIndex(columns);
  const byKey = new Map(columns.filter((c) => !c.exportOnly).map((c) => [c.key, c]));
  const taken = new Set<string>();
  return headers.map((header) => {
    const { name, unit } = splitHeader(header);
    const chosen = explicit && Object.hasOwn(explicit, header) ? explicit[header] : undefined;
    const column = chosen === null ? undefined : chosen !== undefined ? byKey.get(chosen) : index.get(name);
    if (!column || taken.has(column.key)) return { header, key: null, unit };
    taken.add(column.key);
    return { header, key: column.key, unit };
  });
}

/**
 * A spreadsheet would run a cell starting with these as a formula (OWASP "CSV injection"); a sign followed by a
 * number or a phone ("+56 9 1234 5678", "-3,5") is not one.
 */
const FORMULA_START = /^[=@\t\r]|^[+-](?![\d\s().,-]*$)/;

/**
 * A text cell as typed: trimmed; the export's escape (a leading `'` before a formula-like start) undone; any other
 * cell a spreadsheet would run as a formula refused.
 */
export function readText(raw: string): CellResult<string> {
  const text = raw.trim();
  if (/^'[=+\-@]/.test(text)) return ok(text.slice(1));
  if (FORMULA_START.test(text)) return bad('import.errors.formula');
  return ok(text);
}

/**
 * A decimal number with a comma or a point: "72,5", "72.5", "1.234,5", "1,234.5". With both marks, the last one is
 * the decimal mark; a lone mark is the decimal mark unless it repeats ("1.234.567").
 */
export function parseDecimal(raw: string): number | null {
  const text = raw.trim().replace(/\s+/g, '');
  if (!/^[+-]?[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastPoint = text.lastIndexOf('.');
  let normal: string;
  if (lastComma >= 0 && lastPoint >= 0) {
    const decimal = lastComma > lastPoint ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    normal = text.replaceAll(thousands, '').replace(decimal, '.');
  } else {
    const mark = lastComma >= 0 ? ',' : lastPoint >= 0 ? '.' : '';
    const count = mark ? text.split(mark).length - 1 : 0;
    normal = count > 1 ? text.replaceAll(mark, '') : mark ? text.replace(mark, '.') : text;
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(normal)) return null;
  const value = Number(normal);
  return Number.isFinite(value) ? value : null;
}

const TO_PRODUCT: Partial<Record<ReadUnit, { to: ColumnUnit; factor: number }>> = {
  lb: { to: 'kg', factor: 0.45359237 },
  in: { to: 'cm', factor: 2.54 },
};

/**
 * A measurement in the column's unit: the number, converted when the header or the cell names another unit
 * ("160 lb", header "Weight (lb)"); two decimals after a conversion. A unit that does not fit the column is an error.
 */
export function readMeasure(raw: string, column: SpreadsheetColumn, headerUnit?: ReadUnit): CellResult<number> {
  const match = /^\s*([+-]?[\d.,\s]*\d[\d.,]*)\s*([a-z%°]+)?\s*$/i.exec(raw);
  if (!match) return bad('import.errors.number');
  const value = parseDecimal(match[1] ?? '');
  if (value === null) return bad('import.errors.number');
  const cellUnit = match[2] ? UNIT_NAMES[match[2].toLowerCase()] : undefined;
  if (match[2] && !cellUnit) return bad('import.errors.unit');
  const unit = cellUnit ?? headerUnit ?? column.unit;
  if (unit === column.unit || column.unit === undefined) return ok(value);
  const conversion = unit ? TO_PRODUCT[unit] : undefined;
  if (!conversion || conversion.to !== column.unit) return bad('import.errors.unit');
  return ok(Math.round(value * conversion.factor * 100) / 100);
}

/** A whole number ("3", "3,0" and "3.0" too). */
export function readInteger(raw: string): CellResult<number> {
  const value = parseDecimal(raw);
  return value !== null && Number.isInteger(value) ? ok(value) : bad('import.errors.integer');
}

/** Which of day and month a slashed date writes first; ISO yyyy-mm-dd is read in every language. */
const DATE_ORDER: Record<Language, 'day-first' | 'month-first'> = {
  es: 'day-first',
  pt: 'day-first',
  en: 'month-first',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A real calendar day as yyyy-mm-dd, or null (31/02 is not a day). */
function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** yyyy-mm-dd, or dd/mm/yyyy (es, pt) and mm/dd/yyyy (en) with `/`, `-` or `.`; a spreadsheet's day number too. */
export function readDate(raw: string, lang: Language): CellResult<string> {
  const text = raw.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  if (iso) {
    const day = isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return day ? ok(day) : bad('import.errors.date');
  }
  const slashed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!slashed) return bad('import.errors.date');
  const [first, second, year] = [Number(slashed[1]), Number(slashed[2]), Number(slashed[3])];
  const day = DATE_ORDER[lang] === 'day-first' ? isoDay(year, second, first) : isoDay(year, first, second);
  return day ? ok(day) : bad('import.errors.date');
}

/** Which stored value a translated choice names ("Female", "Sim", "2"): matched in every language. */
function readChoice<K extends string>(
  raw: string,
  texts: Record<K, Record<Language, string>>,
  extra: Record<string, K> = {},
): CellResult<K> {
  const text = normaliseText(raw);
  for (const [value, names] of Object.entries(texts) as [K, Record<Language, string>][])
    if (normaliseText(value) === text || Object.values(names).some((name) => normaliseText(name) === text))
      return ok(value);
  const aliased = extra[text];
  return aliased ? ok(aliased) : bad('import.errors.option');
}

export const readSex = (raw: string) =>
  readChoice(raw, CHOICE_TEXTS.sex, { f: 'Femenino', m: 'Masculino', mujer: 'Femenino', hombre: 'Masculino' });

export const readYesNo = (raw: string) =>
  readChoice(raw, CHOICE_TEXTS['yes-no'], { s: 'Si', y: 'Si', n: 'No', true: 'Si', false: 'No', 1: 'Si', 0: 'No' });

export function readMethod(raw: string): CellResult<1 | 2 | 3 | 4> {
  const result = readChoice(raw, CHOICE_TEXTS.method);
  if (!result.ok) return bad('import.errors.method');
  return ok(Number(result.value) as 1 | 2 | 3 | 4);
}

/** The consent's method; "yes" in any language reads as written (the professional keeps the signed form). */
export const readConsent = (raw: string) =>
  readChoice(raw, CHOICE_TEXTS.consent, {
    si: 'written',
    yes: 'written',
    sim: 'written',
    true: 'written',
    1: 'written',
    x: 'written',
  });
