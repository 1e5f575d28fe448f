import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@medida/contracts/constants';
import { FALLBACK_LANGUAGE, resolveLanguage } from './language.ts';
import { paths } from '../config/paths.ts';
import { getStoredLanguage, getToken, isLanguage, syncLanguageCookie } from './storage.ts';

export const i18n = i18next.createInstance();

/**
 * Two chunks per language (issue 11, decision 215): Login's texts, and the others with the engine's words (decision
 * 252), loaded with any other screen (`loadAllTexts`). A visitor downloads its own language only, never all three.
 * Split by vite/locale-texts.ts.
 */
const firstTexts: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  es: () => import('../locales/es.json?texts=first'),
  en: () => import('../locales/en.json?texts=first'),
  pt: () => import('../locales/pt.json?texts=first'),
};
const restTexts: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  es: () => import('../locales/es.json?texts=rest'),
  en: () => import('../locales/en.json?texts=rest'),
  pt: () => import('../locales/pt.json?texts=rest'),
};

/** Whether every screen's texts are wanted (any visit but Login's), or Login's only so far. */
let allTexts = true;
let allLoaded: Promise<void> | null = null;

type Tree = { [key: string]: unknown };
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null;
/** Login's texts and the others share a section or two (`legal`): merged key by key. */
function mergeTexts(first: ResourceKey, rest: ResourceKey): ResourceKey {
  const out: Tree = { ...(first as Tree) };
  for (const [key, value] of Object.entries(rest as Tree)) {
    const current = out[key];
    out[key] = isTree(current) && isTree(value) ? mergeTexts(current, value) : value;
  }
  return out;
}

async function readTexts(language: Language): Promise<ResourceKey> {
  const first = (await firstTexts[language]()).default;
  // Read after the first part arrived: a screen that asked for every text meanwhile gets them in this language too.
  return allTexts ? mergeTexts(first, (await restTexts[language]()).default) : first;
}

/**
 * Every screen's texts, in each language loaded so far and in each one loaded later: the screens other than Login
 * wait for it with their chunk (app/router.tsx); Login asks for it when the visitor starts on its form.
 */
export function loadAllTexts(): Promise<void> {
  allTexts = true;
  allLoaded ??= Promise.all(
    Object.keys(i18n.store?.data ?? {})
      .filter(isLanguage)
      .map(async (language) => {
        const rest = (await restTexts[language]()).default;
        i18n.addResourceBundle(language, 'translation', rest, true, true);
      }),
  ).then(() => undefined);
  return allLoaded;
}

const localeChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) return callback(null, {});
    readTexts(language).then(
      (file) => callback(null, file),
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
  // Login without a session shows Login only: its own texts first, the others when a screen needs them.
  allTexts =
    allLoaded !== null ||
    window.location.pathname.toLowerCase().replace(/\/+$/, '') !== paths.login ||
    getToken() !== null;
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
