import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@medida/contracts/constants';
import { FALLBACK_LANGUAGE, resolveLanguage } from './language.ts';
import { getStoredLanguage, isLanguage, syncLanguageCookie } from './storage.ts';

export const i18n = i18next.createInstance();

/** One chunk per language: a visitor downloads its own translations only, never all three (issue 11). */
const translations: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  es: () => import('../locales/es.json'),
  en: () => import('../locales/en.json'),
  pt: () => import('../locales/pt.json'),
};

/**
 * Texts that come from code instead of a locale file (the engine's words, lib/engine-texts.ts), added by the
 * screens that need them so Login does not download them (issue 11): merged into every language loaded so
 * far, and into each one loaded later.
 */
let extraTexts: ((file: ResourceKey, language: Language) => ResourceKey) | null = null;
export function addTexts(extra: (file: ResourceKey, language: Language) => ResourceKey): void {
  extraTexts = extra;
  for (const language of Object.keys(i18n.store?.data ?? {})) {
    if (!isLanguage(language)) continue;
    const file = i18n.getResourceBundle(language, 'translation') as ResourceKey;
    i18n.addResourceBundle(language, 'translation', extra(file, language), true, true);
  }
}

const localeChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) return callback(null, {});
    translations[language]().then(
      (module) => callback(null, extraTexts ? extraTexts(module.default, language) : module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const I18N_OPTIONS = {
  fallbackLng: false,
  supportedLngs: ['es', 'en', 'pt'],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
} as const;

/** The prerender of Login at build time (decision 163): every language's texts given, no browser involved. */
export async function initI18nWithTexts(lng: Language, resources: Record<Language, ResourceKey>): Promise<void> {
  const bundles = Object.fromEntries(Object.entries(resources).map(([lang, texts]) => [lang, { translation: texts }]));
  await i18n.use(initReactI18next).init({ ...I18N_OPTIONS, lng, resources: bundles });
}

/**
 * Resolves once the user's language is loaded; changeLanguage loads the next one before switching.
 * No fallback language is fetched: every file has every key (locales.test.ts).
 */
export async function initI18n(): Promise<typeof i18n> {
  const lng = resolveLanguage({
    pathname: window.location.pathname,
    stored: getStoredLanguage(),
    navigatorLanguages: navigator.languages,
  });
  await i18n
    .use(localeChunks)
    .use(initReactI18next)
    .init({ ...I18N_OPTIONS, lng })
    .catch(() => undefined); // a language chunk that cannot load leaves the keys showing, never a blank page
  applyLanguageSideEffects(lng);
  syncLanguageCookie();
  i18n.on('languageChanged', (next) => {
    if (isLanguage(next)) applyLanguageSideEffects(next);
  });
  return i18n;
}

function applyLanguageSideEffects(lang: Language): void {
  document.documentElement.lang = lang === 'pt' ? 'pt-BR' : lang; // dayjs's locale: dates-locale.ts
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
}
