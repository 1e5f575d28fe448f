import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ResourceKey } from 'i18next';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_TEXTS, localeTexts, splitTexts } from '../../vite/locale-texts.ts';
import { withEngineTexts } from './engine-texts.ts';

type Tree = { [key: string]: unknown };
const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const locale = (lang: string) => JSON.parse(read(`../locales/${lang}.json`)) as Tree;

/** What Login's first screen renders (decision 215): every key these files name must be in Login's texts. */
const LOGIN_FILES = [
  '../features/auth/login-page.tsx',
  '../features/auth/passkey-button.tsx',
  '../components/public-shell.tsx',
  '../components/language-button.tsx',
  '../components/language-switcher.tsx',
  '../components/chunk-error.tsx',
  '../components/page-loader.tsx',
  '../features/errors/not-found-page.tsx',
  '../features/errors/server-error-page.tsx',
  '../app/routes/route-error-boundary.tsx',
  './notify.ts',
];

const merge = (a: Tree, b: Tree): Tree =>
  Object.fromEntries(
    [...new Set([...Object.keys(a), ...Object.keys(b)])].map((key) => {
      const [x, y] = [a[key], b[key]];
      return [key, x && y && typeof x === 'object' && typeof y === 'object' ? merge(x as Tree, y as Tree) : (x ?? y)];
    }),
  );

const has = (tree: Tree, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree) !== undefined;

describe("Login's texts and the others (vite/locale-texts.ts, decision 215)", () => {
  it.each(['es', 'en', 'pt'])('%s: the two parts together are the whole file', (lang) => {
    const whole = locale(lang);
    const first = splitTexts(whole, FIRST_SCREEN_TEXTS, 'first');
    const rest = splitTexts(whole, FIRST_SCREEN_TEXTS, 'rest');
    expect(first.legal).toEqual({ linkText: (whole.legal as Tree).linkText });
    expect(merge(first, rest)).toEqual(whole);
  });

  it("holds every key Login's first screen names", () => {
    const first = splitTexts(locale('es'), FIRST_SCREEN_TEXTS, 'first');
    const keys = LOGIN_FILES.flatMap((file) => [...read(file).matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => m[1] ?? ''));
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((key) => !has(first, key))).toEqual([]);
  });

  it("adds the engine's words to the other screens' part, in its language only (decision 252)", async () => {
    const load = localeTexts().load as (this: { addWatchFile: (file: string) => void }, id: string) => Promise<string>;
    const file = fileURLToPath(new URL('../locales/pt.json', import.meta.url));
    const part = async (name: 'first' | 'rest') =>
      JSON.parse((await load.call({ addWatchFile: () => undefined }, `${file}?texts=${name}`)).slice(15, -1)) as Tree;
    const rest = await part('rest');
    expect(rest).toEqual(withEngineTexts(splitTexts(locale('pt'), FIRST_SCREEN_TEXTS, 'rest') as ResourceKey, 'pt'));
    expect(has(rest, 'domain')).toBe(true);
    expect(await part('first')).toEqual(splitTexts(locale('pt'), FIRST_SCREEN_TEXTS, 'first'));
  }, 30_000);
});
