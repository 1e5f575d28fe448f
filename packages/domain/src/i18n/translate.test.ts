import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate.ts';
import { EXAM_IDS } from '../exams.ts';
import type { Lang } from '../exams.ts';
import { I18N_DEFAULTS, WARNING_KEYS } from '../i18n-keys.ts';
import { EQUATIONS } from '../registry.ts';
import type { EquationRef } from '../result.ts';
import { subjectA } from '../test/factories.ts';
import { CATEGORY_NAMES } from './categories.ts';
import { CLIENT_CITATIONS, EQUATION_NAMES } from './equation-names.ts';
import {
  categoryName,
  engineText,
  equationCitation,
  equationName,
  examName,
  localizeEquation,
  localizeResult,
  methodName,
} from './translate.ts';
import { CONDITION_NAMES, METHOD_NAMES, NUTRIENT_NAMES } from './vocabulary.ts';
import { MEASURE_NAMES, RESULT_NAMES, RISK_NAMES } from './evaluation-labels.ts';

const LANGS: readonly Lang[] = ['es', 'en', 'pt'];

/** Texts that are the same word in English and Spanish or Portuguese (proper names, international terms). */
const SAME_IN_ENGLISH = new Set([
  'Normal',
  'Superior',
  'Prediabetes',
  'Diabetes',
  'Lupus',
  'No',
  'HIV',
  'Excelente',
  'Alcohol',
  'Central',
]);

/** Every entry of a table whose es or pt text is the English one: an untranslated entry. */
function untranslated(table: Readonly<Record<string, Record<Lang, string>>>): string[] {
  return Object.entries(table)
    .filter(([, t]) => !SAME_IN_ENGLISH.has(t.en) && (t.es === t.en || t.pt === t.en))
    .map(([key]) => key);
}

describe('the engine translations (decision 150)', () => {
  it('name every equation of the registry in es, en and pt', () => {
    for (const eq of EQUATIONS) {
      for (const lang of LANGS) expect(EQUATION_NAMES[eq.id]?.[lang], `${eq.id} ${lang}`).toBeTruthy();
    }
    expect(Object.keys(EQUATION_NAMES).sort()).toEqual(EQUATIONS.map((e) => e.id).sort());
  });

  it('keep English only in English', () => {
    for (const table of [
      EQUATION_NAMES,
      CATEGORY_NAMES,
      METHOD_NAMES,
      NUTRIENT_NAMES,
      CONDITION_NAMES,
      I18N_DEFAULTS,
      MEASURE_NAMES,
      RISK_NAMES,
      RESULT_NAMES,
    ])
      expect(untranslated(table)).toEqual([]);
  });

  it('keep the English name the engine states (the registry is the English source)', () => {
    for (const eq of EQUATIONS) expect(equationName(eq.id, 'en')).toBe(eq.name);
  });

  it('give a client citation free of internal notes, the published ones unchanged', () => {
    for (const eq of EQUATIONS) {
      for (const lang of LANGS) {
        const citation = equationCitation(eq.id, lang, eq.citation);
        expect(citation, eq.id).not.toMatch(/formulas\.md|convention|§/i);
      }
    }
    const durnin = EQUATIONS.find((e) => e.id === 'durnin_womersley_1974')!;
    // The published reference as published; the words around it in the reader's language (issue 30 item 13).
    expect(equationCitation(durnin.id, 'es', durnin.citation)).toContain(
      'Durnin JVGA, Womersley J. Br J Nutr 1974;32:77-97',
    );
    expect(equationCitation(durnin.id, 'es', durnin.citation)).toContain('(tabla 5); menores de 17 años');
    expect(equationCitation(durnin.id, 'en', durnin.citation)).toBe(durnin.citation);
    expect(equationName(durnin.id, 'es')).toBe(
      'Ecuación de Durnin y Womersley, bíceps + tríceps + subescapular + suprailíaco',
    );
  });

  it('keep English words out of the Spanish and Portuguese citations, the English one as published', () => {
    const english =
      /classes:|\bTable \d|\bunder \d+ y\b|\bused by\b|\bas (printed )?in\b|\bfinal phase\b|\bupdated\b|\((men|women)\) and/;
    for (const eq of EQUATIONS) {
      for (const lang of ['es', 'pt'] as const)
        expect(equationCitation(eq.id, lang, eq.citation), `${eq.id} ${lang}`).not.toMatch(english);
      if (!/formulas\.md|convention|§/i.test(eq.citation))
        expect(equationCitation(eq.id, 'en', eq.citation), eq.id).toBe(eq.citation);
    }
  });

  it('leave untranslated only published references: each part dated, no English label (issue 30 item 13)', () => {
    // A citation without its own es/pt text is shown as published; that is right only for a bibliography
    // ("Siri WE. Adv Biol Med Phys 1956;4:239-280"), not for English prose ("Value reported by…", "cut-offs: …").
    const published = (part: string) => /\b(1[89]|20)\d\d\b/.test(part) && !/^[a-z][\w -]*:/.test(part.trim());
    for (const eq of EQUATIONS)
      if (!CLIENT_CITATIONS[eq.id]) expect(eq.citation.split('; ').every(published), eq.id).toBe(true);
  });

  it('translate every equation a real result cites', () => {
    const outcome = evaluate(subjectA());
    if (!outcome.ok) throw new Error('subject A evaluates');
    const refs: EquationRef[] = [];
    JSON.stringify(outcome.result, (key, value: unknown) => {
      if (value && typeof value === 'object' && 'citation' in value && 'id' in value) refs.push(value as EquationRef);
      return value;
    });
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      const es = localizeEquation(ref, 'es');
      expect(es.id).toBe(ref.id);
      expect(es.name, ref.id).toBe(EQUATION_NAMES[ref.id]!.es);
    }
    expect(localizeEquation(null, 'pt')).toBeNull();
    const pt = localizeResult(outcome.result, 'pt');
    expect(pt.body_fat.equation.name).toBe(EQUATION_NAMES[outcome.result.body_fat.equation.id]!.pt);
    expect(pt.food_guide.equation.name).toBe(EQUATION_NAMES[outcome.result.food_guide.equation.id]!.pt);
    expect(pt.comparisons.map((c) => c.equation.id)).toEqual(outcome.result.comparisons.map((c) => c.equation.id));
    expect(pt.body_fat.percent).toBe(outcome.result.body_fat.percent);
    expect(outcome.result.body_fat.equation.name).toBe(equationName(outcome.result.body_fat.equation.id, 'en'));
  });

  it('read codes in each language, an unknown code readable', () => {
    expect(categoryName('obesity_1', 'es')).toBe('Obesidad grado I');
    expect(categoryName('stage1', 'pt')).toBe('Hipertensão estágio 1');
    expect(categoryName('something_new', 'en')).toBe('something new');
    expect(categoryName(null, 'en')).toBe('');
    expect(methodName(4, 'pt')).toBe('Quatro dobras');
    expect(examName('fasting_glucose', 'pt')).toBe('Glicemia de jejum');
    for (const id of EXAM_IDS) for (const lang of LANGS) expect(examName(id, lang)).toBeTruthy();
  });

  it('fill warning parameters with the language decimal separator', () => {
    expect(engineText(WARNING_KEYS.outsideSampleBmi, 'es', { bmi: 24.9 })).toContain('24,9');
    expect(engineText(WARNING_KEYS.outsideSampleBmi, 'en', { bmi: 24.9 })).toContain('24.9');
    expect(engineText(WARNING_KEYS.outsideSampleAge, 'pt', { min: 18 })).toContain('{{max}}');
  });
});
