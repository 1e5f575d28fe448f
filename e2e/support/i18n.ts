import { readFileSync } from 'node:fs';
import path from 'node:path';
// The engine's words (levels, methods, warnings) are merged in exactly as the web app does (decision 150).
import { withEngineTexts } from '../../apps/web/src/lib/engine-texts.ts';
import { repoRoot } from './server.ts';

export type Lang = 'es' | 'en' | 'pt';
const cache = new Map<Lang, Record<string, unknown>>();

/** The web app's own translation for a key, so specs assert on what a user reads in each language. */
export function tr(lang: Lang, key: string): string {
  if (!cache.has(lang)) {
    const file = JSON.parse(readFileSync(path.join(repoRoot, 'apps/web/src/locales', `${lang}.json`), 'utf8'));
    cache.set(lang, withEngineTexts(file, lang) as Record<string, unknown>);
  }
  let node: unknown = cache.get(lang);
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`missing ${lang} translation for ${key}`);
  return node;
}
