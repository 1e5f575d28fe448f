import { LANGUAGES, type Language } from '@medida/contracts/constants';

/** localStorage keys (spec §9: the user token and the language). E2E tests rely on these names. */
export const TOKEN_KEY = 'token';
const LANG_KEY = 'lang';

// localStorage can throw (private mode, disabled storage): the app then works for the tab's lifetime.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: keep going without persistence */
  }
}

export const getToken = (): string | null => read(TOKEN_KEY);
export const setToken = (token: string): void => write(TOKEN_KEY, token);
export const clearToken = (): void => write(TOKEN_KEY, null);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function getStoredLanguage(): Language | null {
  const value = read(LANG_KEY);
  return isLanguage(value) ? value : null;
}
/**
 * The stored choice mirrored in a cookie for the server, which sends Login prerendered in that language
 * (decision 163). Not a secret; only documents under /pages need it (Path), never the API.
 */
const LANG_COOKIE = 'medida_lang';

function mirrorLanguageCookie(): void {
  const lang = getStoredLanguage();
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${LANG_COOKIE}=${lang ?? ''}; Path=/pages; Max-Age=${lang ? 31_536_000 : 0}; SameSite=Lax${secure}`;
  } catch {
    /* cookies disabled: the server falls back to Accept-Language */
  }
}

export function setStoredLanguage(lang: Language): void {
  write(LANG_KEY, lang);
  mirrorLanguageCookie();
}

/** At start-up: a choice stored before the cookie existed (or removed by hand) reaches the cookie too. */
export const syncLanguageCookie = mirrorLanguageCookie;
