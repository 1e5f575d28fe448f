// The engine's words in es/en/pt without the engine itself (no zod, no equations): the web app adds them to
// its translations with the signed-in layout (apps/web/src/lib/engine-texts.ts, decision 164).
export type { Localized } from './exams.ts';
export { I18N_DEFAULTS } from './i18n-keys.ts';
export { ISAK_SITE_NAMES, MEASURE_NAMES, RESULT_NAMES, RISK_NAMES } from './i18n/evaluation-labels.ts';
export { CATEGORY_NAMES } from './i18n/categories.ts';
export { ISAK_LABELS } from './i18n/isak-labels.ts';
export { CONDITION_NAMES, METHOD_NAMES, NUTRIENT_NAMES } from './i18n/vocabulary.ts';
