import { LANGUAGES, resolveRegistrationVariant, type Language } from '@medida/contracts/constants';

export const FALLBACK_LANGUAGE: Language = 'es';

/** Each language in its own words (the switcher, the report language menus). */
export const NATIVE_LANGUAGE_NAMES: Record<Language, string> = { es: 'Español', en: 'English', pt: 'Português' };

/** The register page variant named by a path like `/pages/register-br`, if any. */
function variantFromPath(pathname: string) {
  const match = /^\/pages\/([^/]+)\/?$/i.exec(pathname);
  return match?.[1] ? resolveRegistrationVariant(match[1]) : null;
}

/** The first supported language in the browser's list (`pt-BR` → `pt`). */
export function fromNavigator(languages: readonly string[]): Language | null {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    const found = LANGUAGES.find((lang) => lang === base);
    if (found) return found;
  }
  return null;
}

/** The first region in the browser's list (`es-CL` → `CL`, `pt-BR` → `BR`); a bare `es` names no country. */
export function countryFromNavigator(languages: readonly string[]): string | null {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // A malformed tag says nothing about the country.
    }
  }
  return null;
}

export interface LanguageInputs {
  pathname: string;
  /** The visitor's own choice from localStorage ('lang'), if any. */
  stored: Language | null;
  navigatorLanguages?: readonly string[];
}

/**
 * The language to show (spec §1): any address containing `register-pacific` is Spanish whatever was
 * chosen (and that is never persisted); then the visitor's choice; then a register variant's language
 * preset; then the browser's language; Spanish is the fallback.
 */
export function resolveLanguage({ pathname, stored, navigatorLanguages = [] }: LanguageInputs): Language {
  if (pathname.toLowerCase().includes('register-pacific')) return 'es';
  const variant = variantFromPath(pathname);
  if (variant?.forceLanguage && variant.lang) return variant.lang;
  if (stored) return stored;
  if (variant?.lang) return variant.lang;
  return fromNavigator(navigatorLanguages) ?? FALLBACK_LANGUAGE;
}

/** Whether the language switcher may change the language on this page. */
export function isLanguageForced(pathname: string): boolean {
  if (pathname.toLowerCase().includes('register-pacific')) return true;
  return Boolean(variantFromPath(pathname)?.forceLanguage);
}

/** dayjs / Mantine dates locale for a UI language: our Portuguese is Brazilian. */
export function dateLocale(lang: Language): string {
  return lang === 'pt' ? 'pt-br' : lang;
}
