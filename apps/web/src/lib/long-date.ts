import { dateTimeFormat } from '@medida/domain';

/** "15 de junio de 2025": the evaluation's calendar day in the reader's words (no time zone shift). */
export function longDate(isoDay: string, lang: string): string {
  return dateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));
}

/**
 * "15 jun 2025" (or "15 jun" without the year): a calendar day `YYYY-MM-DD` in the reader's language, with no time zone
 * shift. Intl, not dayjs, so the dashboard does not load dayjs (decision 215).
 */
export function shortDate(isoDay: string, lang: string, options: { year?: boolean } = {}): string {
  const parts = dateTimeFormat(lang, {
    day: 'numeric',
    month: 'short',
    ...(options.year === false ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).formatToParts(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));
  // Compact, as a chart's axis needs: Portuguese's "14 de set." becomes "14 set." (a joining word is a space).
  return parts.map((part) => (part.type === 'literal' && /\p{L}/u.test(part.value) ? ' ' : part.value)).join('');
}

/** "15 jun 2025, 14:05": an instant in the reader's language and the browser's time zone, on a 24-hour clock. */
export function shortDateTime(iso: string, lang: string): string {
  return dateTimeFormat(lang, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
