/** "15 de junio de 2025": the evaluation's calendar day in the reader's words (no time zone shift). */
export function longDate(isoDay: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));
}
