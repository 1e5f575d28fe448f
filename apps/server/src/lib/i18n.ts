import { LANGUAGES, languageSchema, type Language } from '@medida/contracts';
import { dateTimeFormat, I18N_DEFAULTS } from '@medida/domain';
// Imported, not read from disk at a path: the same under tsx, vitest and the compiled bundle (dist/).
import en from '../i18n/en.json' with { type: 'json' };
import es from '../i18n/es.json' with { type: 'json' };
import pt from '../i18n/pt.json' with { type: 'json' };

type Catalog = { [key: string]: string | Catalog };

/** The server's own texts plus the engine's field errors and warnings, which live in @medida/domain (decision 150). */
function withEngineTexts(catalog: Catalog, lang: Language): Catalog {
  const out: Catalog = structuredClone(catalog);
  for (const [key, texts] of Object.entries(I18N_DEFAULTS)) {
    const parts = key.split('.');
    const leaf = parts.pop() ?? key;
    let node = out;
    for (const part of parts) node = (node[part] ??= {}) as Catalog;
    node[leaf] = texts[lang];
  }
  return out;
}

const catalogs: Record<Language, Catalog> = {
  es: withEngineTexts(es, 'es'),
  en: withEngineTexts(en, 'en'),
  pt: withEngineTexts(pt, 'pt'),
};

const FALLBACK_LANGUAGE: Language = 'es';

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A stored language code as one of ours; anything else reads as the fallback. */
export function asLanguage(lang: string): Language {
  return languageSchema.safeParse(lang).success ? (lang as Language) : FALLBACK_LANGUAGE;
}

export function hasTranslation(key: string): boolean {
  return lookup(catalogs[FALLBACK_LANGUAGE], key) !== undefined;
}

/** Translates `key` into `lang` (es fallback), replacing {{name}} placeholders. Unknown keys come back as is. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(catalogs[lang], key) ?? lookup(catalogs[FALLBACK_LANGUAGE], key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** The best of es/en/pt from an Accept-Language header (q-values honoured), es otherwise. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return FALLBACK_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const [lang = ''] = tag.split('-');
      return { lang, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const match = ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.lang));
  return (match?.lang as Language | undefined) ?? FALLBACK_LANGUAGE;
}

const DATE_LOCALES: Record<Language, string> = { es: 'es', en: 'en-GB', pt: 'pt-BR' };

/** A moment as a reader of `lang` in `timeZone` writes it, with the zone named ("3 de diciembre de 2026, 14:30 (America/Santiago)"). */
export function formatInstant(when: Date, lang: Language, timeZone: string): string {
  const text = dateTimeFormat(DATE_LOCALES[lang], { dateStyle: 'long', timeStyle: 'short', timeZone }).format(when);
  return `${text} (${timeZone})`;
}
