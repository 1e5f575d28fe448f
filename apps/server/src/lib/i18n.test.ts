import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { languageFromHeader, translate } from './i18n.ts';

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'es'],
    ['', 'es'],
    ['en', 'en'],
    ['pt-BR,pt;q=0.9,en;q=0.8', 'pt'],
    ['de-DE,de;q=0.9', 'es'],
    ['fr;q=0.9, en;q=0.5', 'en'],
    ['en;q=0.2, pt;q=0.8', 'pt'],
    ['en;q=0', 'es'],
  ])('%s → %s', (header, expected) => expect(languageFromHeader(header)).toBe(expected));
});

describe('translate', () => {
  it('interpolates parameters and falls back to the key itself', () => {
    expect(translate('en', 'mail.welcome.subject')).toBe('Welcome to Medida');
    expect(translate('pt', 'mail.passwordReset.body', { nombre: 'Ana', link: 'L', minutes: 30 })).toContain('Olá Ana');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });

  it('has the same keys in es, en and pt', () => {
    const keys = (lang: string) => {
      const out: string[] = [];
      const walk = (node: Record<string, unknown>, prefix: string) => {
        for (const [k, v] of Object.entries(node)) {
          if (typeof v === 'object') walk(v as Record<string, unknown>, `${prefix}${k}.`);
          else out.push(`${prefix}${k}`);
        }
      };
      walk(JSON.parse(readFileSync(new URL(`../i18n/${lang}.json`, import.meta.url), 'utf8')), '');
      return out.sort();
    };
    expect(keys('en')).toEqual(keys('es'));
    expect(keys('pt')).toEqual(keys('es'));
  });
});
