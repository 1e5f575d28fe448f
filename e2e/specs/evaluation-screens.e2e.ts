import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bioimpedanceEvaluation, findClientId, signInForApi } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { EvaluationWizard } from '../pages/evaluation-wizard.ts';
import { forEveryScreen, screenshotWithoutOverflow } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';

// Issue 14 "one language per screen": the evaluations list and each step of the wizard, in es, en and pt
// at desktop and phone width, in the interface language only (screens written for a look by hand).
const PRO = E2E_USERS.screens;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  try {
    const { api, userId } = await signInForApi(page, PRO);
    const clientId = await findClientId(api, userId, E2E_USERS.screensClient.email);
    const created = await api('/web/ingresaevaluacion', {
      method: 'POST',
      body: bioimpedanceEvaluation({ id_evaluado: clientId, id_evaluador: userId, fecha: '2026-02-20' }, {}),
    });
    expect(created.status).toBe(200);
  } finally {
    await context.close();
  }
});
afterAll(async () => {
  await browser?.close();
});

async function openList(page: Page, lang: Lang): Promise<void> {
  await openSignedIn(page, PRO, '/evaluations', lang);
  // A table on desktop, cards on a phone: the row that is shown.
  await page.locator('[data-testid=evaluation-row]:visible').first().waitFor();
}

describe('evaluations list and wizard screens', () => {
  it('shows the list and both wizard steps in one language, on desktop and phone', async () => {
    await forEveryScreen(browser, async (page, lang, viewport) => {
      await openList(page, lang);
      // textContent, not innerText: badges are upper-cased by CSS.
      const body = async () => (await page.locator('body').textContent()) ?? '';
      expect(await body()).toContain(tr(lang, 'evaluations.list.title'));
      expect(await body()).toContain(tr(lang, 'evaluations.types.1'));
      await screenshotWithoutOverflow(page, `evaluations-list-${lang}-${viewport}`);

      // The wizard's button is compact on a phone, with the same name.
      const wizard = new EvaluationWizard(page, lang);
      await wizard.open();
      await wizard.pickClient('Conceição', E2E_USERS.screensClient.email);
      await wizard.method(4).click();
      expect(await body()).toContain(tr(lang, 'evaluations.wizard.method'));
      await screenshotWithoutOverflow(page, `wizard-step1-${lang}-${viewport}`);

      await wizard.next();
      await wizard.measurement('triceps').waitFor();
      for (const key of [
        'evaluations.fields.triceps',
        'evaluations.wizard.clinical',
        'evaluations.wizard.rockportHint',
      ])
        expect(await body()).toContain(tr(lang, key));
      await screenshotWithoutOverflow(page, `wizard-step2-${lang}-${viewport}`);
    });
  });
});
