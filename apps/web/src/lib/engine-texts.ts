import type { ResourceKey } from 'i18next';
import {
  CATEGORY_NAMES,
  CONDITION_NAMES,
  I18N_DEFAULTS,
  ISAK_SITE_NAMES,
  ISAK_LABELS,
  MEASURE_NAMES,
  METHOD_NAMES,
  NUTRIENT_NAMES,
  RESULT_NAMES,
  RISK_NAMES,
  type Localized,
} from '@medida/domain/texts';
import type { Language } from '@medida/contracts/constants';

type Tree = { [key: string]: string | Tree };

const column = (table: Readonly<Record<string, Localized>>, lang: Language): Record<string, string> =>
  Object.fromEntries(Object.entries(table).map(([code, texts]) => [code, texts[lang]]));

/** "evaluation.errors.required" → { evaluation: { errors: { required } } }, as i18next reads keys. */
function nested(flat: Record<string, string>): Tree {
  const root: Tree = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    const leaf = parts.pop() ?? key;
    let node = root;
    for (const part of parts) node = (node[part] ??= {}) as Tree;
    node[leaf] = value;
  }
  return root;
}

/**
 * The engine's words (decision 150) under the keys the screens use: `domain.*` (field errors and
 * warnings), `evaluations.levels|types|conditions|foodGuide.nutrients`, and the labels the PDF prints
 * too (decision 155) under `evaluations.fields|risks|results`. They live in @medida/domain, shared with
 * the PDF; the locale files hold only the web's own texts.
 */
function engineResources(lang: Language): Tree {
  return {
    domain: nested(column(I18N_DEFAULTS, lang)),
    evaluations: {
      levels: column(CATEGORY_NAMES, lang),
      types: column(METHOD_NAMES, lang),
      conditions: column(CONDITION_NAMES, lang),
      foodGuide: { nutrients: column(NUTRIENT_NAMES, lang) },
      fields: column(MEASURE_NAMES, lang),
      risks: column(RISK_NAMES, lang),
      results: column(RESULT_NAMES, lang),
      isakSites: column(ISAK_SITE_NAMES, lang),
      isakResult: column(ISAK_LABELS, lang),
    },
  };
}

function merge(target: Tree, extra: Tree): Tree {
  const out: Tree = { ...target };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return out;
}

/**
 * A locale file with the engine's words added: at build time into each language's other-screens texts
 * (vite/locale-texts.ts, decision 252), which every screen but Login's first loads; in the tests, into every file.
 */
export function withEngineTexts(file: ResourceKey, lang: Language): ResourceKey {
  return merge(file as Tree, engineResources(lang));
}
