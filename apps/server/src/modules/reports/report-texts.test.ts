import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@medida/contracts';
import { REPORT_TEXT_KEYS, text } from './report-texts.ts';

/** The same word in English and in Spanish or Portuguese by nature. */
const SAME_IN_ENGLISH = new Set(['Normal', 'No']);

// Issue 14: every text the PDF prints exists in es, en and pt and is not English left in a Spanish or
// Portuguese report (the engine's words are checked in packages/domain/src/i18n/translate.test.ts).
describe('the report texts in es, en and pt', () => {
  it('has every key in every language, never empty', () => {
    const missing = REPORT_TEXT_KEYS.flatMap((key) =>
      LANGUAGES.filter((lang) => !text(lang, key)?.trim()).map((lang) => `${lang}:${key}`),
    );
    expect(REPORT_TEXT_KEYS.length).toBeGreaterThan(80);
    expect(missing).toEqual([]);
  });

  it('has no Spanish or Portuguese text left in English', () => {
    const same = REPORT_TEXT_KEYS.filter((key) => {
      const english = text('en', key);
      return !SAME_IN_ENGLISH.has(english) && (text('es', key) === english || text('pt', key) === english);
    });
    expect(same).toEqual([]);
  });
});
