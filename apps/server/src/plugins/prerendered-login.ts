import { statSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@medida/contracts/constants';
import { languageFromHeader } from '../lib/i18n.ts';

/**
 * Login prerendered at build time, one HTML file per language (decision 163, apps/web/scripts/prerender.mjs):
 * the browser paints it on arrival instead of after the app's JavaScript. The app mirrors the visitor's stored
 * language into this cookie (apps/web/src/lib/storage.ts); not a secret, only a preference.
 */
const LANG_COOKIE = 'medida_lang';

/** The prerendered files under the build, relative to it (what @fastify/static's sendFile takes). */
export const prerenderedLoginFile = (lang: Language) => `prerendered/login-${lang}.html`;

/**
 * The prerendered files as the server found them at start-up, when it hashed their inline script for the CSP
 * (spa.ts). A file rewritten since (a build replaced under the running server) would carry a script the browser
 * refuses, and that script starts the app: `current` then says no and index.html is sent instead.
 */
export function prerenderedLoginAtStart(distDir: string): { current(lang: Language): boolean } | null {
  const stamp = (lang: Language) => {
    try {
      return statSync(path.join(distDir, prerenderedLoginFile(lang))).mtimeMs;
    } catch {
      return null;
    }
  };
  const atStart = new Map(LANGUAGES.map((lang) => [lang, stamp(lang)]));
  if ([...atStart.values()].some((time) => time === null)) return null;
  return { current: (lang) => stamp(lang) === atStart.get(lang) };
}

/** Whether a request's path is Login's address, as the app's guard reads it (case and trailing slashes aside). */
export function isLoginAddress(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  return pathname.toLowerCase().replace(/\/+$/, '') === '/pages/login';
}

/**
 * The language the app will show a visitor on Login: its stored choice (the cookie), then the browser's
 * languages (Accept-Language mirrors navigator.languages), then Spanish: lib/language.ts's rule, short of the
 * register variants that Login does not have.
 */
export function prerenderedLoginLanguage(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, value] = part.trim().split('=', 2);
    const stored = LANGUAGES.find((lang) => lang === value);
    if (name === LANG_COOKIE && stored) return stored;
  }
  return languageFromHeader(acceptLanguage);
}
