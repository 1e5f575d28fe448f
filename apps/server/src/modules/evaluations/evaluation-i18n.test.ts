import { LANGUAGES } from '@medida/contracts';
import { I18N_DEFAULTS } from '@medida/domain';
import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n.ts';

// The 422 field map is translated on the server: every key the engine can emit needs a text in es, en and pt.
describe('engine translation keys in the server catalogues', () => {
  it.each(LANGUAGES)('%s has every engine key with the engine default text', (lang) => {
    const missing = Object.entries(I18N_DEFAULTS)
      .filter(([key, texts]) => translate(lang, key) !== texts[lang])
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has the server-side evaluation keys', (lang) => {
    for (const key of [
      'evaluation.errors.futureDate',
      'errors.insufficientCreditsEvaluation',
      'messages.evaluationCreated',
      'messages.evaluationDeleted',
      'mail.evaluationReport.body',
    ]) {
      expect(translate(lang, key)).not.toBe(key);
    }
  });
});
