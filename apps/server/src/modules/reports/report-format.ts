import {
  feetAndInches,
  inReaderUnit,
  readerFactor,
  readerUnit,
  type Language,
  type UnitSystem,
} from '@medida/contracts';
import { dateTimeFormat, type KeyResultScale, numberFormat, shownAt } from '@medida/domain';

/** The region each report language is written for when the client's country does not say (issue 14). */
const DEFAULT_LOCALE: Record<Language, string> = { es: 'es-CL', en: 'en-US', pt: 'pt-BR' };

/** Numbers and dates of one report, in its language and (when known and supported) the client's country. */
export interface ReportFormat {
  locale: string;
  /** 72.5 → "72,5" (es-CL, pt-BR) or "72.5" (en-US), always `digits` decimals. */
  num(value: number, digits?: number): string;
  /** 'YYYY-MM-DD' → "15 de enero de 2026" / "January 15, 2026" / "15 de janeiro de 2026". */
  date(iso: string): string;
  /** 'YYYY-MM-DD' → "ene 2026" for a chart's axis. */
  monthYear(iso: string): string;
  /** 'YYYY-MM-DD' → "15-01-2026" / "1/15/2026" / "15/01/2026" for tables. */
  shortDate(iso: string): string;
  /** The evaluator's units (decision 183): kilograms and centimetres, or pounds and inches. */
  units: UnitSystem;
  /** A mass with its unit in the report's units: 72.5 → "72,5 kg" or "159,8 lb". */
  mass(kg: number, digits?: number): string;
  /** A stored metric value (kg, cm; any other unit as it is) in the report's units, and that unit. */
  inUnits(value: number, metricUnit: string): number;
  unit(metricUnit: string): string;
  /** A height: "178,0 cm", or feet and inches for imperial ("5 ft 5.1 in", as a US reader says it). */
  height(cm: number): string;
  /** A key result's bar in the report's units: the weight's value, axis and bands in lb for imperial. */
  scale(scale: KeyResultScale): KeyResultScale;
}

/** The locale of a report: `lang` with the client's country (es-AR, pt-PT…) when Intl knows it. */
export function reportLocale(lang: Language, countryIso2?: string | null): string {
  if (countryIso2 && /^[A-Z]{2}$/.test(countryIso2)) {
    const tag = `${lang}-${countryIso2}`;
    if (Intl.NumberFormat.supportedLocalesOf(tag).length > 0) return tag;
  }
  return DEFAULT_LOCALE[lang];
}

/** A calendar date ('YYYY-MM-DD') as a Date at noon UTC, formatted in UTC: never shifted a day. */
const calendarDate = (iso: string) => new Date(`${iso}T12:00:00Z`);

export function reportFormat(lang: Language, countryIso2?: string | null, units: UnitSystem = 'metric'): ReportFormat {
  const locale = reportLocale(lang, countryIso2);
  const dates = (options: Intl.DateTimeFormatOptions) => dateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  const long = dates({ day: 'numeric', month: 'long', year: 'numeric' });
  const month = dates({ month: 'short', year: 'numeric' });
  const short = dates({ day: '2-digit', month: '2-digit', year: 'numeric' });
  const num = (value: number, digits = 1) => {
    const format = numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    // The engine's rounding (what every class was decided on), then the locale's digits.
    return format.format(shownAt(value, digits));
  };
  const inUnits = (value: number, metricUnit: string) => inReaderUnit(value, metricUnit, units);
  return {
    locale,
    num,
    units,
    mass: (kg, digits = 1) => `${num(inUnits(kg, 'kg'), digits)} ${readerUnit('kg', units)}`,
    inUnits,
    unit: (metricUnit) => readerUnit(metricUnit, units),
    height(cm) {
      if (units === 'metric') return `${num(cm)} cm`;
      const { feet, inches } = feetAndInches(inUnits(cm, 'cm'));
      return `${feet} ft ${num(inches)} in`;
    },
    scale(s) {
      const factor = readerFactor(s.unit, units);
      if (!factor) return s;
      // Every number of the bar divided alike: the bands and the mark stay where they were.
      const to = (v: number) => v / factor;
      return {
        ...s,
        value: to(s.value),
        unit: readerUnit(s.unit, units),
        axis: { min: to(s.axis.min), max: to(s.axis.max) },
        bands: s.bands.map((b) => ({ ...b, from: to(b.from), to: to(b.to) })),
      };
    },
    date: (iso) => long.format(calendarDate(iso)),
    monthYear: (iso) => month.format(calendarDate(iso)),
    shortDate: (iso) => short.format(calendarDate(iso)),
  };
}
