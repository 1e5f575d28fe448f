import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EQUATION_NAMES } from '@medida/domain';
import type { Browser, Page } from 'playwright-core';
import { bioimpedanceEvaluation, findClientId, signInForApi } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { forEveryScreen, revealWhenInView, screenshotWithoutOverflow } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';

// Issue 14 "history across methods" (decision 151) and "one language per screen" (decision 150): a client
// measured by bioimpedance, then by four skinfolds; the detail of the second marks the change of method.
const PRO = E2E_USERS.historian;

let browser: Browser;
let secondId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  try {
    const { api, userId } = await signInForApi(page, PRO);
    const clientId = await findClientId(api, userId, E2E_USERS.historyClient.email);
    const ids = { id_evaluado: clientId, id_evaluador: userId };
    const first = await api('/web/ingresaevaluacion', {
      method: 'POST',
      body: bioimpedanceEvaluation({ ...ids, fecha: '2026-01-12' }, { peso: 68, pgrasa: 31, pcintura: 84 }),
    });
    expect(first.status).toBe(200);
    const { pgrasa: _notThisMethod, ...base } = bioimpedanceEvaluation({ ...ids, fecha: '2026-03-02' }, { peso: 66 });
    const second = await api<{ evaluacion: { id: number } }>('/web/ingresaevaluacion', {
      method: 'POST',
      body: { ...base, evaluation_type: 4, pcintura: 81, triceps: 18, subescapular: 16, abdominal: 24, cuadriceps: 22 },
    });
    expect(second.status).toBe(200);
    secondId = second.json.evaluacion.id;
  } finally {
    await context.close();
  }
});
afterAll(async () => {
  await browser?.close();
});

async function openDetail(page: Page, lang: 'es' | 'en' | 'pt'): Promise<void> {
  await openSignedIn(page, PRO, `/evaluations/detail?evaluationID=${secondId}`, lang);
  await page.getByTestId('evaluation-history').waitFor();
  await revealWhenInView(page);
  await page.getByTestId('history-chart-fat').waitFor();
}

describe('history across methods', () => {
  it('marks the method change, compares weight and waist but not fat %, and breaks the fat line', async () => {
    const { context, page } = await newPage(browser);
    try {
      await openDetail(page, 'es');
      const rows = page.getByTestId('history-row');
      expect(await rows.count()).toBe(2);
      const current = page.locator(`[data-testid=history-row][data-id="${secondId}"]`);
      expect(await current.getByTestId('history-method-change').textContent()).toBe(
        tr('es', 'evaluations.history.methodChange'),
      );
      // The older row (bioimpedance, the first) has no marker: nothing before it.
      expect(await page.getByTestId('history-method-change').count()).toBe(1);
      const notCompared = current.getByTestId('history-not-compared');
      expect(await notCompared.first().getAttribute('data-reason')).toBe('method');
      expect(await page.getByTestId('change-peso').textContent()).toContain('−2');
      expect(await page.getByTestId('change-fat').textContent()).toContain(tr('es', 'evaluations.history.otherMethod'));
      // Two runs of fat % (one dot each), one line of weight over both visits.
      expect(await page.getByTestId('history-chart-fat').getAttribute('data-runs')).toBe('2');
      expect(await page.getByTestId('history-chart-peso').getAttribute('data-runs')).toBe('1');
      expect(await page.getByTestId('history-chart-peso').textContent()).toContain(
        tr('es', 'evaluations.history.dateAxis'),
      );
    } finally {
      await context.close();
    }
  });

  it('shows the detail in one language, on desktop and phone', async () => {
    await forEveryScreen(browser, async (page, lang, viewport) => {
      await openDetail(page, lang);
      // Equation names follow the interface language (the footnotes list every one the page cites).
      const footnotes = (await page.getByTestId('equation-footnotes').textContent()) ?? '';
      expect(footnotes).toContain(EQUATION_NAMES.bmi_quetelet![lang]);
      // No English name where the language has its own: each footnote starts with the equation's name.
      const items = await page.getByTestId('equation-footnotes').locator('li').allTextContents();
      for (const names of Object.values(EQUATION_NAMES)) {
        if (names[lang] !== names.en) expect(items.filter((item) => item.startsWith(`${names.en}.`))).toEqual([]);
      }
      expect(footnotes).not.toMatch(/formulas\.md|Product convention/);
      await screenshotWithoutOverflow(page, `evaluation-history-${lang}-${viewport}`);
    });
  });
});
