import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { bioimpedanceEvaluation, findClientId, signInForApi } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { forEveryScreen, screenshotWithoutOverflow, SHOTS } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';

// Issue 31 B (decision 192): the energy card lists the twelve resting-energy equations with their derivation sample
// and whether the client is inside it, the professional's choice starred, in es/en/pt on desktop and phone.
const PRO = E2E_USERS.screens;

let browser: Browser;
let evaluationId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  try {
    const { api, userId } = await signInForApi(page, PRO);
    const clientId = await findClientId(api, userId, E2E_USERS.screensClient.email);
    const created = await api<{ evaluacion: { id: number } }>('/web/ingresaevaluacion', {
      method: 'POST',
      body: {
        ...bioimpedanceEvaluation({ id_evaluado: clientId, id_evaluador: userId, fecha: '2026-03-05' }, {}),
        ejercita: 'Si',
        hace: 6,
        frecentrena: 4,
        bmr_equation: 'bmr_henry_oxford_2005',
      },
    });
    expect(created.status).toBe(200);
    evaluationId = created.json.evaluacion.id;
  } finally {
    await context.close();
  }
});
afterAll(async () => {
  await browser?.close();
});

describe('the energy card', () => {
  it('lists every resting-energy equation with its sample and validity, the chosen one first', async () => {
    await forEveryScreen(browser, async (page, lang, viewport) => {
      await openSignedIn(page, PRO, `/evaluations/detail?evaluationID=${evaluationId}`, lang);
      const card = page.getByTestId('card-energy');
      await card.waitFor();
      const rows = card.locator('[data-testid=bmr-row]');
      expect(await rows.count()).toBe(12);
      expect(await rows.first().getAttribute('data-equation')).toBe('bmr_henry_oxford_2005');
      expect(await card.textContent()).toContain(tr(lang, 'evaluations.bmrTable.title'));
      await screenshotWithoutOverflow(page, `energy-card-page-${lang}-${viewport}`);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: path.join(SHOTS, `energy-card-${lang}-${viewport}.png`) });
    });
  });
});
