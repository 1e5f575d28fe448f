import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import type { Language } from '@medida/contracts';
import es from '../locales/es.json';
import en from '../locales/en.json';
import pt from '../locales/pt.json';
import { FALLBACK_LANGUAGE, dateLocale, resolveLanguage } from './language.ts';
import { getStoredLanguage, isLanguage } from './storage.ts';

/** Bundled translations: three small files, so no lazy loading of namespaces. */
export const i18n = i18next.createInstance();

export function initI18n(): typeof i18n {
  const lng = resolveLanguage({
    pathname: window.location.pathname,
    stored: getStoredLanguage(),
    navigatorLanguages: navigator.languages,
  });
  void i18n.use(initReactI18next).init({
    resources: { es: { translation: es }, en: { translation: en }, pt: { translation: pt } },
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: ['es', 'en', 'pt'],
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  applyLanguageSideEffects(lng);
  i18n.on('languageChanged', (next) => {
    if (isLanguage(next)) applyLanguageSideEffects(next);
  });
  return i18n;
}

function applyLanguageSideEffects(lang: Language): void {
  document.documentElement.lang = lang === 'pt' ? 'pt-BR' : lang;
  dayjs.locale(dateLocale(lang));
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
}
