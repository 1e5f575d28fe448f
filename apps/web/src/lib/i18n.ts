import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@medida/contracts/constants';
import { withEngineTexts } from './engine-texts.ts';
import { FALLBACK_LANGUAGE, resolveLanguage } from './language.ts';
import { getStoredLanguage, isLanguage } from './storage.ts';

export const i18n = i18next.createInstance();

/** One chunk per language: a visitor downloads its own translations only, never all three (issue 11). */
const translations: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  es: () => import('../locales/es.json'),
  en: () => import('../locales/en.json'),
  pt: () => import('../locales/pt.json'),
};

const localeChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) return callback(null, {});
    translations[language]().then(
      (module) => callback(null, withEngineTexts(module.default, language)),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

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
    .init({
      lng,
      fallbackLng: false,
      supportedLngs: ['es', 'en', 'pt'],
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    })
    .catch(() => undefined); // a language chunk that cannot load leaves the keys showing, never a blank page
  applyLanguageSideEffects(lng);
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
