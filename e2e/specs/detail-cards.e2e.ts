import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { EXAM_CATALOGUE } from '@medida/domain';
import { bioimpedanceEvaluation, findClientId, signInForApi } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { forEveryScreen, screenshotWithoutOverflow, saveShot } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';
import { EvaluationDetailPage } from '../pages/evaluation-detail-page.ts';

// Issue 31 B, C and D12 (decisions 192, 195, 196), on one evaluation in es/en/pt on desktop and phone: the energy card
// lists the twelve resting-energy equations with their sample and validity, the professional's choice first; the labs
// card shows each exam's type and its percentile or why there is none, a glucose the laboratory reported as 99.6
// printed and classed as 99.6, and the note that every class is decided on the value as shown.
const PRO = E2E_USERS.screens;

let browser: Browser;
let evaluationId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  try {
    const { api, userId } = await signInForApi(page, PRO);
    const clientId = await findClientId(api, userId, E2E_USERS.screensClient.email);
    const base = bioimpedanceEvaluation({ id_evaluado: clientId, id_evaluador: userId, fecha: '2026-03-06' }, {});
    const created = await api<{ evaluacion: { id: number } }>('/web/ingresaevaluacion', {
      method: 'POST',
      body: {
        ...base,
        ejercita: 'Si',
        hace: 6,
        frecentrena: 4,
        bmr_equation: 'bmr_henry_oxford_2005',
        clinical_data: {
          ...base.clinical_data,
          exams: [
            { name: 'fasting_glucose', value: 99.6, status: true },
            { name: 'total_cholesterol', value: 190, status: true },
            { name: 'hdl', value: 45, status: true },
            { name: 'fasting_triglycerides', value: 120, status: true },
          ],
        },
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

describe('the energy and labs cards of the evaluation detail', () => {
  it('lists the resting-energy equations, the exams with type and percentile, and the classification note', async () => {
    await forEveryScreen(browser, async (page, lang, viewport) => {
      await openSignedIn(page, PRO, `/evaluations/detail?evaluationID=${evaluationId}`, lang);
      await new EvaluationDetailPage(page, lang).rendered();
      const energy = page.getByTestId('card-energy');
      await energy.waitFor();
      const rows = energy.locator('[data-testid=bmr-row]');
      expect(await rows.count()).toBe(12);
      expect(await rows.first().getAttribute('data-equation')).toBe('bmr_henry_oxford_2005');
      expect(await energy.textContent()).toContain(tr(lang, 'evaluations.bmrTable.title'));
      await screenshotWithoutOverflow(page, `detail-cards-page-${lang}-${viewport}`);
      await energy.scrollIntoViewIfNeeded();
      await saveShot(energy, `energy-card-${lang}-${viewport}`);

      const card = page.getByTestId('card-labs');
      await card.waitFor();
      expect(await page.getByTestId('lab-percentile-hdl').textContent()).toBe(
        `${tr(lang, 'evaluations.results.percentile')}: ${tr(lang, 'evaluations.results.noPercentile')}`,
      );
      expect(await page.getByTestId('percentile-reason').textContent()).toBe(
        `* ${EXAM_CATALOGUE.hdl.percentile_reference[lang]}`,
      );
      expect(await page.getByTestId('lab-type-non_hdl').textContent()).toContain(
        tr(lang, 'evaluations.results.examTypeCalculated'),
      );
      expect(await page.getByTestId('lab-fasting_glucose').textContent()).toContain(lang === 'en' ? '99.6' : '99,6');
      expect(await page.getByTestId('classification-note').textContent()).toBe(
        tr(lang, 'evaluations.results.classifiedAsShown'),
      );
      await card.scrollIntoViewIfNeeded();
      await saveShot(card, `labs-card-${lang}-${viewport}`);
      // The composition card says it too, beside BMI with WHO's two decimals (decision 196).
      const composition = page.getByTestId('card-composition');
      expect(await page.getByTestId('classification-note-composition').textContent()).toBe(
        tr(lang, 'evaluations.results.classifiedAsShown'),
      );
      expect(await page.getByTestId('metric-bmi-value').textContent()).toMatch(/^\d+[.,]\d{2}$/);
      await composition.scrollIntoViewIfNeeded();
      await saveShot(composition, `classification-note-${lang}-${viewport}`);
    });
  });
});
