import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { EvaluationWizard } from '../pages/evaluation-wizard.ts';
import { OperatorConsole } from '../pages/operator-console.ts';
import { namePattern, Screen } from '../pages/screen.ts';
import { SecondFactorPanel } from '../pages/second-factor-panel.ts';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import type { Lang } from '../support/i18n.ts';
import { flowRounds, screenshotWithoutOverflow } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';
import { authenticator } from '../support/totp.ts';

// Issue 36 (decision 229): a new professional with 0 credits asks the Medida team for 20 from the wizard, an operator
// grants them in its console, and the professional saves the evaluation — in es, en and pt. The operator signs in
// once: the console first leads it through the second factor's enrolment. One language runs at phone width, so every
// screen and dialog of the flow is shot at both widths.

const ROUNDS: { lang: Lang; width: 'desktop' | 'phone' }[] = [
  { lang: 'es', width: 'desktop' },
  { lang: 'en', width: 'phone' },
  { lang: 'pt', width: 'desktop' },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A screen once its dialogs' and toasts' transitions are over (a modal shot mid-fade is unreadable). */
async function shot(page: Page, name: string, lang: Lang, width: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await screenshotWithoutOverflow(page, `operator-credits-${name}-${lang}-${width}`);
}

/** The operator's first visit: the console answers nothing until an authenticator is set up (decision 229). */
async function enrolOperator(page: Page): Promise<void> {
  const operator = E2E_USERS.operator;
  await openSignedIn(page, operator, '/operator', 'es');
  const panel = new SecondFactorPanel(page, 'es');
  const enrolment = page.getByTestId('second-factor-enrolment');
  await enrolment.waitFor();
  await shot(page, 'enrolment', 'es', 'desktop');
  await panel.field('secondFactor.currentPassword', enrolment).fill(operator.password);
  await panel.button('secondFactor.continue', enrolment).click();
  const app = authenticator(((await panel.manualKey.textContent()) ?? '').replace(/\s/g, ''));
  await panel.confirm(await app.next(), enrolment);
  await panel.expectToast(panel.t('secondFactor.enabled'));
  await panel.button('secondFactor.codesDone').click();
  await enrolment.waitFor({ state: 'detached' });
  await new OperatorConsole(page, 'es').heading('operator.accounts.title').waitFor();
}

/** The account page's dialogs (grant without a request, suspend), the audit trail and the accounts list. */
async function otherConsoleScreens(desk: OperatorConsole, name: string, lang: Lang, width: string): Promise<void> {
  const page = desk.page;
  for (const [open, title] of [
    ['operator.grant.open', 'operator.grant.title'],
    ['operator.suspend.open', 'operator.suspend.title'],
  ] as const) {
    await desk.button(open).click();
    const dialog = desk.dialog(title);
    await dialog.waitFor();
    await shot(page, title.split('.')[1]!, lang, width);
    await desk.button('common.cancel', dialog).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  await page.goto('/operator/audit');
  await page.getByRole('cell', { name: `Pagada ${lang}` }).waitFor();
  await shot(page, 'audit', lang, width);
  await page.goto('/operator');
  await desk.heading('operator.accounts.title').waitFor();
  await page.getByRole('link', { name, exact: true }).waitFor();
  await shot(page, 'accounts', lang, width);
}

describe('credits asked for and granted (issue 36)', () => {
  // CI runs one round, by turn (decision 235); a full run all three.
  const rounds = flowRounds(import.meta.url, ROUNDS);
  it(`0 credits → asked for 20 in the wizard → granted in the console → the evaluation saved, in ${rounds.map((r) => r.lang).join(', ')}`, async () => {
    const { context: operatorContext, page: operatorPage } = await newPage(browser, DESKTOP);
    try {
      await enrolOperator(operatorPage);
      for (const { lang, width } of rounds) {
        const viewport = width === 'phone' ? PHONE : DESKTOP;
        const asker = E2E_USERS.askers[lang];
        const client = E2E_USERS.askerClients[lang];
        const name = `${asker.nombre} ${asker.apellido}`;

        // The professional: the wizard refuses to start and offers to ask the team.
        const { context, page } = await newPage(browser, viewport);
        try {
          await openSignedIn(page, asker, '/dashboard', lang);
          const wizard = new EvaluationWizard(page, lang);
          await wizard.open();
          const noCredits = wizard.root.getByTestId('wizard-no-credits');
          await noCredits.waitFor();
          await wizard.button('creditRequests.ask', noCredits).click();
          const ask = wizard.dialog('creditRequests.title');
          await ask.getByRole('radio', { name: /^20\D/ }).check();
          await wizard.field('creditRequests.note', ask).fill(`Factura ${lang}`);
          await shot(page, 'ask-dialog', lang, width);
          await wizard.button('creditRequests.send', ask).click();
          await wizard.expectToast(wizard.t('creditRequests.sentTitle'));
          await ask.waitFor({ state: 'hidden' });
          await noCredits.getByText(wizard.t('creditRequests.state.requested'), { exact: true }).waitFor();
          await shot(page, 'wizard-waiting', lang, width);

          // The operator, in the same language and width: the request, granted with a note.
          await operatorPage.setViewportSize(viewport);
          await operatorPage.evaluate((l) => window.localStorage.setItem('lang', l), lang);
          await operatorPage.goto('/operator/requests');
          const desk = new OperatorConsole(operatorPage, lang);
          const card = desk.requestCard(20, name);
          await card.waitFor();
          await shot(operatorPage, 'requests', lang, width);
          await desk.button('operator.decision.grant', card).click();
          await desk.grantRequestDialog.waitFor();
          await shot(operatorPage, 'grant-request-dialog', lang, width);
          await desk.button('common.cancel', desk.grantRequestDialog).click();
          await desk.grantRequestDialog.waitFor({ state: 'hidden' });
          await desk.grantRequest(card, `Pagada ${lang}`);
          await card.waitFor({ state: 'detached' });

          // Its account now holds the 20 credits, the granted request and the ledger's entry.
          await desk.openAccount(asker.email, name);
          await operatorPage
            .getByRole('table', { name: desk.t('operator.account.ledger') })
            .getByRole('cell', { name: '+20', exact: true })
            .waitFor();
          await desk.requestCard(20, name).getByText(desk.t('creditRequests.state.granted'), { exact: true }).waitFor();
          await shot(operatorPage, 'account', lang, width);
          // The console's other screens and dialogs: every language, or each in one under E2E_SCREENS=rotate.
          await otherConsoleScreens(desk, name, lang, width);

          // The professional: the wizard opened again starts, and the evaluation is saved.
          await wizard.cancel();
          await wizard.open();
          await wizard.root.getByTestId('wizard-credits').and(page.locator('[data-balance="20"]')).waitFor();
          await wizard.pickClient(client.apellido, client.email);
          await wizard.next();
          await wizard.fillMeasurements(1);
          expect(await wizard.saveAndOpenDetail()).toBeGreaterThan(0);
          // The dashboard's credits line lists the request, granted.
          await page.goto('/dashboard');
          await page
            .getByRole('region', { name: namePattern(new Screen(page, lang).t('creditRequests.mine')) })
            .getByText(wizard.t('creditRequests.state.granted'), { exact: true })
            .waitFor();
          await shot(page, 'dashboard', lang, width);
        } finally {
          await context.close();
        }
      }
    } finally {
      await operatorContext.close();
    }
  });
});
