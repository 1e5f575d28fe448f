import { EvaluationDetailPage } from '../pages/evaluation-detail-page.ts';
import { EvaluationWizard } from '../pages/evaluation-wizard.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DASHBOARD_WEEKS } from '@medida/contracts';
import { bioimpedanceEvaluation, findClientId, signInForApi, type Api } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { pickDateIn } from '../support/date-picker.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { forEveryScreen, screenshotWithoutOverflow } from '../support/screens.ts';
import { expectPath, logIn, openSignedIn, storedToken } from '../support/session.ts';
import { lane } from '../support/lane.ts';

// The professional's home (issue 12), as the home fixture professional with three clients of its own.
const HOME = E2E_USERS.home;
const [RISING, DUE, NEW] = E2E_USERS.homeClients;

let browser: Browser;
let api: Api;
let homeId = 0;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function evaluate(clientId: number, fecha: string, pgrasa: number, pcintura: number) {
  const body = bioimpedanceEvaluation(
    { id_evaluado: clientId, id_evaluador: homeId, fecha },
    { peso: 70, estatura: 165, presion_s: 120, pcadera: 100, pbrazo: 30, pgrasa, pcintura },
  );
  expect((await api('/web/ingresaevaluacion', { method: 'POST', body })).status).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  ({ api, userId: homeId } = await signInForApi(page, HOME));
  // Rita: two evaluations, body fat and waist up in the latest; Diego: one, 100 days ago (due); Nora: none.
  const rising = await findClientId(api, homeId, RISING.email);
  await evaluate(rising, daysAgo(30), 28, 84);
  await evaluate(rising, daysAgo(2), 30, 87);
  await evaluate(await findClientId(api, homeId, DUE.email), daysAgo(100), 22, 90);
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('dashboard', () => {
  it("shows the professional's figures, follow-ups and wrong-way changes, and evaluates a due client in one click", async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, HOME.email, HOME.password);
    await expectPath(page, '/dashboard');
    await expect.poll(() => page.getByTestId('dash-clients').textContent()).toBe('3');
    expect(await page.getByTestId('dash-evaluations-total').textContent()).toBe('3');
    expect(await page.getByTestId('dashboard-credits').textContent()).toBe('47');
    const followUp = page.getByTestId('dash-follow-up');
    // Never evaluated first, then the longest-waiting.
    await expect
      .poll(() => followUp.locator('a').allTextContents())
      .toEqual([`${NEW.nombre} ${NEW.apellido}`, `${DUE.nombre} ${DUE.apellido}`]);
    const wrongWay = page.getByTestId('dash-wrong-way');
    expect(await wrongWay.locator('a').allTextContents()).toEqual([`${RISING.nombre} ${RISING.apellido}`]);
    expect(await wrongWay.textContent()).toContain('28,0 → 30,0');
    // By evaluation date, not by entry: Diego's (100 days ago) was entered last (issue 30 item 11a).
    const rising = `${RISING.nombre} ${RISING.apellido}`;
    expect(await page.getByTestId('dash-latest').locator('a').allTextContents()).toEqual([
      rising,
      rising,
      `${DUE.nombre} ${DUE.apellido}`,
    ]);
    expect(await page.getByTestId('dash-credits').textContent()).toContain('-1');

    await followUp.getByRole('button', { name: `${NEW.nombre} ${NEW.apellido}` }).click();
    await new EvaluationWizard(page).root.getByText(`${NEW.nombre} ${NEW.apellido}`, { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // The wrong-way entry opens the latest evaluation.
    await wrongWay.locator('a').first().click();
    await page.waitForURL('**/evaluations/detail?evaluationID=*');
    await context.close();
  });

  it('is screenshotted in es, en and pt at desktop and phone width without overflow', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      await openSignedIn(page, HOME, '/dashboard', lang);
      await expect
        .poll(() => page.getByTestId('dash-latest').locator('h4').textContent())
        .toBe(tr(lang, 'dashboard.latest.title'));
      // One bar per week, each with its count (decision 167: plain bars, no chart library).
      const bars = page.getByTestId('dash-weekly').getByTestId('weekly-bar');
      expect(await bars.count()).toBe(DASHBOARD_WEEKS);
      for (const label of await bars.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))))
        expect(label).toMatch(/: \d+$/);
      await screenshotWithoutOverflow(page, `home-dashboard-${lang}-${name}`);
    });
  });

  it('sends a client (type 2) to the evaluations, and its token gets 403 from getdash', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, E2E_USERS.client.email, E2E_USERS.client.password);
    await expectPath(page, '/evaluations');
    const clientToken = await storedToken(page);
    const res = await fetch(`${lane().baseURL}/web/getdash`, {
      headers: { Authorization: `Bearer ${clientToken}` },
    });
    expect(res.status).toBe(403);
    await context.close();
  });
});

describe('dating and editing an evaluation', () => {
  it('enters a past record with its date, then edits it into version 2 and compares the versions', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, HOME.email, HOME.password);
    await expectPath(page, '/dashboard');
    // Nora (never evaluated) from the follow-up card, dated on the 3rd of last year's March.
    const year = new Date().getUTCFullYear() - 1;
    await page
      .getByTestId('dash-follow-up')
      .getByRole('button', { name: `${NEW.nombre} ${NEW.apellido}` })
      .click();
    const wizard = new EvaluationWizard(page);
    await wizard.changeClientButton.waitFor();
    await pickDateIn(page, wizard.date, year, 2, 3, 'month');
    await wizard.next();
    await wizard.fillMeasurements(1, {
      peso: '64',
      estatura: '162',
      presion_s: '118',
      presion_d: '76',
      pcintura: '74',
      pcadera: '97',
      pbrazo: '27',
      ppierna: '54',
      pgrasa: '31',
    });
    await wizard.measurement('temperatura').fill('36.5');
    await wizard.saveButton.click();
    await page.waitForURL('**/evaluations/detail?evaluationID=*');
    await expect.poll(() => page.getByTestId('evaluation-meta').textContent()).toContain(`${year}`);

    // Edit: the same wizard, filled, the client fixed; save as version 2.
    const detail = new EvaluationDetailPage(page);
    await detail.button('evaluations.edit.action').click();
    await wizard.root.getByText(`${NEW.nombre} ${NEW.apellido}`, { exact: true }).waitFor();
    expect(await wizard.changeClientButton.count()).toBe(0);
    await wizard.next();
    expect(await wizard.measurement('pgrasa').inputValue()).toBe('31');
    await wizard.measurement('pgrasa').fill('29');
    await wizard.saveButton.click();
    const versions = page.getByTestId('evaluation-versions');
    await versions.waitFor();
    expect(await versions.getByTestId('evaluation-version').count()).toBe(2);
    const diff = page.getByTestId('version-diff');
    await expect.poll(() => diff.getByTestId('version-diff-input').first().textContent()).toContain('31');
    expect(await diff.textContent()).toContain('29');
    await screenshotWithoutOverflow(page, 'home-evaluation-versions-es-desktop');

    // Version 1 stays readable, marked as an earlier version, without Edit.
    await versions.getByRole('link').first().click();
    await page.getByTestId('evaluation-older-version').waitFor();
    expect(await detail.button('evaluations.edit.action').count()).toBe(0);
    await context.close();
  });
});
