import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Language } from '@medida/contracts';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import pt from '../../../locales/pt.json';
import { withEngineTexts } from '../../../lib/engine-texts.ts';

// Issue 14 "one language per screen": every text the evaluation detail can show exists in es, en and pt
// (the web's own keys and the engine's words from @medida/domain), and es/pt are not English left in place.

const FILES = { es, en, pt } as const;
const merged = Object.fromEntries(
  (Object.keys(FILES) as Language[]).map((lang) => [lang, withEngineTexts(FILES[lang], lang)]),
) as Record<Language, unknown>;

const here = import.meta.dirname;
const SOURCES = [
  path.join(here, '..', 'evaluation-detail-page.tsx'),
  ...readdirSync(here)
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => path.join(here, f)),
];

/** Keys written out in the detail's sources: t('evaluations.detail.sources'). */
function staticKeys(): string[] {
  const keys = new Set<string>();
  for (const file of SOURCES) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) keys.add(m[1]!);
  }
  return [...keys];
}

/** Keys built at run time (t(`evaluations.levels.${code}`)): every key under the prefix is walked. */
function dynamicPrefixes(): string[] {
  const prefixes = new Set<string>();
  for (const file of SOURCES) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*`([a-zA-Z0-9_.]+)\.\$\{/g)) prefixes.add(m[1]!);
  }
  return [...prefixes];
}

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

function leafKeys(tree: unknown, prefix: string): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => leafKeys(v, `${prefix}.${k}`));
}

/** The same in English and in Spanish or Portuguese by nature: proper names, units, international terms. */
const SAME_ALLOWED = new Set([
  // US customary units keep their abbreviations in every language.
  '= {{feet}} ft {{inches}} in',
  'Normal',
  'Superior',
  'Diabetes',
  'Prediabetes',
  // The Heath–Carter somatotype category (decision 198): the same word in the three languages.
  'Central',
  'No',
  'Lupus',
  'Alcohol',
  'Error',
  'HIV',
  'Excelente',
  'HOMA-IR',
  'VAI',
  'METS-VF',
  'kcal',
  'kg',
  'cm',
  'mm',
  '%',
]);

describe('evaluation detail texts in es, en and pt', () => {
  const keys = [...staticKeys(), ...dynamicPrefixes().flatMap((prefix) => leafKeys(lookup(merged.es, prefix), prefix))]
    .filter((k) => k.includes('.'))
    // A counted text lives in its plural forms (key_one, key_other).
    .flatMap((k) => (lookup(merged.es, k) === undefined ? [`${k}_one`, `${k}_other`] : [k]));

  it('finds the keys the detail uses', () => {
    expect(keys.length).toBeGreaterThan(150);
    expect(dynamicPrefixes()).toContain('evaluations.levels');
  });

  it('has every key in every language, never empty', () => {
    const missing = (Object.keys(merged) as Language[]).flatMap((lang) =>
      keys
        .filter((k) => typeof lookup(merged[lang], k) !== 'string' || lookup(merged[lang], k) === '')
        .map((k) => `${lang}:${k}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no Spanish or Portuguese text left in English', () => {
    const same = keys.filter((k) => {
      const english = lookup(merged.en, k) as string;
      // Placeholders and punctuation only ("{{name}} · {{date}}"): nothing to translate.
      if (SAME_ALLOWED.has(english) || !/\p{L}/u.test(english.replace(/\{\{\w+\}\}/g, ''))) return false;
      return lookup(merged.es, k) === english || lookup(merged.pt, k) === english;
    });
    expect(same).toEqual([]);
  });
});
