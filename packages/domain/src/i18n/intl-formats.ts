/**
 * Intl formatters made once per locale and options (decision 245). Building one costs far more than formatting with
 * it, and a screen or a report formats hundreds of figures and dates. Lint forbids `new Intl.…` elsewhere in the
 * product's code.
 */

type Locales = string | readonly string[];

/** Locales and options come from a handful of languages and formats (and valid time zones), so this stays small. */
const MAX_KEPT = 1000;
const kept = new Map<string, unknown>();

function once<T>(kind: string, locales: Locales, options: object, make: () => T): T {
  const key = `${kind}|${String(locales)}|${JSON.stringify(options)}`;
  let made = kept.get(key) as T | undefined;
  if (made === undefined) {
    made = make(); // an invalid locale or time zone throws here, before anything is kept
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(key, made);
  }
  return made;
}

export const numberFormat = (locales: Locales, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  once('number', locales, options, () => new Intl.NumberFormat(locales as string[], options));

export const dateTimeFormat = (locales: Locales, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  once('date', locales, options, () => new Intl.DateTimeFormat(locales as string[], options));

export const displayNames = (locales: Locales, options: Intl.DisplayNamesOptions): Intl.DisplayNames =>
  once('names', locales, options, () => new Intl.DisplayNames(locales as string[], options));

export const listFormat = (locales: Locales, options: Intl.ListFormatOptions = {}): Intl.ListFormat =>
  once('list', locales, options, () => new Intl.ListFormat(locales as string[], options));
