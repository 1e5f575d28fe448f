/** The country of a locale ("es-CL", "pt_br"), ISO 3166 alpha-2 upper case; null without one. */
export const localeCountry = (locale: string): string | null =>
  /^[a-z]{2,3}[-_]([a-z]{2})$/i.exec(locale)?.[1]?.toUpperCase() ?? null;
