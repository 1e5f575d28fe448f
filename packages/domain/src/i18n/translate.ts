import type { EquationRef } from '../equations/equation.ts';
import type { Sex } from '../equations/sex.ts';
import { EXAM_CATALOGUE } from '../exams.ts';
import type { ExamId, Lang, Localized } from '../exams.ts';
import { I18N_DEFAULTS } from '../i18n-keys.ts';
import type { ErrorKey, WarningKey } from '../i18n-keys.ts';
import { CATEGORY_NAMES } from './categories.ts';
import { CLIENT_CITATIONS, EQUATION_NAMES } from './equation-names.ts';
import { CONDITION_NAMES, METHOD_NAMES, NUTRIENT_NAMES } from './vocabulary.ts';
import { MEASURE_NAMES, RISK_NAMES } from './evaluation-labels.ts';
import { numberFormat } from './intl-formats.ts';

/**
 * The engine's codes in words, for the web app and the PDF alike (decision 150): one table per kind of
 * code, read by language. An unknown code comes back readable rather than dropped.
 */

const readable = (code: string): string => code.replaceAll('_', ' ');

/** The descriptive name of an equation or cut-off ("Ecuación de Durnin y Womersley…"). */
export function equationName(id: string, lang: Lang, fallback = readable(id)): string {
  return EQUATION_NAMES[id]?.[lang] ?? fallback;
}

/** The citation as a client's copy prints it: as published, internal notes replaced. */
export function equationCitation(id: string, lang: Lang, published: string): string {
  return CLIENT_CITATIONS[id]?.[lang] ?? published;
}

/** A result's equation reference with its name and citation in `lang` (id unchanged). */
export function localizeEquation<T extends EquationRef | null | undefined>(equation: T, lang: Lang): T {
  if (!equation) return equation;
  return {
    ...equation,
    name: equationName(equation.id, lang, equation.name),
    citation: equationCitation(equation.id, lang, equation.citation),
  };
}

/** A category code of a result (BMI class, fat range, blood-pressure stage, lab status, level…). */
export function categoryName(code: string | null | undefined, lang: Lang): string {
  if (!code) return '';
  return CATEGORY_NAMES[code]?.[lang] ?? readable(code);
}

/** The evaluation method of an evaluation type (1 bioimpedance … 4 four skinfolds). */
export function methodName(type: number | string, lang: Lang): string {
  return METHOD_NAMES[String(type)]?.[lang] ?? String(type);
}

/** A nutrient of the food guide (energy_kcal, sugars_g…). */
export function nutrientName(code: string, lang: Lang): string {
  return NUTRIENT_NAMES[code]?.[lang] ?? readable(code);
}

/** A chronic condition as stored (the wizard's Spanish values); one the professional typed stays as typed. */
export function conditionName(value: string, lang: Lang): string {
  return CONDITION_NAMES[value]?.[lang] ?? value;
}

/** A measured input by its input name (pcintura, triceps…). */
export function measureName(field: string, lang: Lang): string {
  return (MEASURE_NAMES as Readonly<Record<string, Localized>>)[field]?.[lang] ?? readable(field);
}

/** A risk of a result by id (bmi_waist, metabolic_syndrome…); null for one without a shared name. */
export function riskName(id: string, lang: Lang): string | null {
  return (RISK_NAMES as Readonly<Record<string, Localized>>)[id]?.[lang] ?? null;
}

/** A laboratory exam's name. */
export function examName(id: ExamId, lang: Lang): string {
  return EXAM_CATALOGUE[id].name[lang];
}

/** A laboratory exam's reference limits as printed next to the value (sex-specific where they are). */
export function examLimit(id: ExamId, sex: Sex, lang: Lang): string {
  return EXAM_CATALOGUE[id].limit(sex)[lang];
}

const NUMBER_LOCALE: Record<Lang, string> = { es: 'es-CL', en: 'en-US', pt: 'pt-BR' };

/** An engine warning or field error in `lang`, its {{params}} filled in (numbers with the language's decimal comma). */
export function engineText(
  code: WarningKey | ErrorKey,
  lang: Lang,
  params: Readonly<Record<string, number | string>> = {},
): string {
  const template = I18N_DEFAULTS[code]?.[lang] ?? code;
  const format = numberFormat(NUMBER_LOCALE[lang], { maximumFractionDigits: 2 });
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => {
    const value = params[name];
    if (value === undefined) return match;
    return typeof value === 'number' ? format.format(value) : value;
  });
}

const isEquationRef = (v: object): v is EquationRef =>
  typeof (v as EquationRef).id === 'string' &&
  typeof (v as EquationRef).name === 'string' &&
  typeof (v as EquationRef).citation === 'string';

/**
 * A copy of a stored result (or any part of it) with every equation reference in `lang`, so a screen
 * or a report translates once and reads `name` and `citation` as usual. Codes and numbers are untouched.
 */
export function localizeResult<T>(value: T, lang: Lang): T {
  if (Array.isArray(value)) return value.map((item: unknown) => localizeResult(item, lang)) as T;
  if (value === null || typeof value !== 'object') return value;
  if (isEquationRef(value)) return localizeEquation(value, lang);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = localizeResult(item, lang);
  return out as T;
}
