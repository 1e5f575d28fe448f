import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ResourceKey } from 'i18next';
import { runnerImport, type Plugin } from 'vite';
import type { Language } from '@medida/contracts/constants';

type Tree = { [key: string]: unknown };

/**
 * The texts Login's first screen shows (its page, the public shell, the language switcher, the error pages and
 * toasts, validation and chunk errors): top-level sections, or one key of a section (`legal.linkText`). Decision 215.
 */
export const FIRST_SCREEN_TEXTS = [
  'common',
  'nav.home',
  'language',
  'chunk',
  'errors',
  'validation',
  'messages',
  'auth',
  'fields',
  'errorPages',
  'legal.linkText',
] as const;

/** The part of a locale file under `paths` (`first`), or the rest of it (`rest`). */
export function splitTexts(file: Tree, paths: readonly string[], part: 'first' | 'rest'): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(file)) {
    const whole = paths.includes(key);
    const inner = paths.filter((p) => p.startsWith(`${key}.`)).map((p) => p.slice(key.length + 1));
    if (inner.length > 0 && value !== null && typeof value === 'object') {
      const sub = splitTexts(value as Tree, inner, part);
      if (Object.keys(sub).length > 0) out[key] = sub;
    } else if (whole === (part === 'first')) out[key] = value;
  }
  return out;
}

const QUERY = /^(.*\/locales\/([a-z]{2})\.json)\?texts=(first|rest)$/;

type EngineTexts = { withEngineTexts: (file: ResourceKey, lang: Language) => ResourceKey };

/**
 * `locales/<lang>.json?texts=first` and `?texts=rest`: a locale file in two chunks, Login's texts and the others
 * (lib/i18n.ts loads the second with any other screen), so Login downloads 3 kB of texts instead of 19 (brotli). The
 * second also holds the engine's words in its language (lib/engine-texts.ts, decision 252), written here at build
 * time: the signed-in screens no longer load them in all three languages. Vite's module runner reads that module
 * (TypeScript, and @medida/domain's tables), which the config's own loader cannot.
 */
export function localeTexts(): Plugin {
  let engine: Promise<EngineTexts> | null = null;
  const engineTexts = () =>
    (engine ??= runnerImport<EngineTexts>(fileURLToPath(new URL('../src/lib/engine-texts.ts', import.meta.url)), {
      configFile: false,
      logLevel: 'silent',
    }).then((result) => result.module));
  return {
    name: 'medida-locale-texts',
    enforce: 'pre',
    async load(id) {
      const match = QUERY.exec(id);
      if (!match) return null;
      const [, file, lang, part] = match as unknown as [string, string, Language, 'first' | 'rest'];
      this.addWatchFile(file);
      const texts = splitTexts(JSON.parse(await readFile(file, 'utf8')) as Tree, FIRST_SCREEN_TEXTS, part);
      const full = part === 'rest' ? (await engineTexts()).withEngineTexts(texts as ResourceKey, lang) : texts;
      return `export default ${JSON.stringify(full)};`;
    },
  };
}
