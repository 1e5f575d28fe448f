import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { EvaluationWizard } from '../pages/evaluation-wizard.ts';
import { LoginPage } from '../pages/login-page.ts';
import { ClientsPage } from '../pages/people-pages.ts';
import { RegisterPage } from '../pages/register-page.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { mailedLinkPath } from '../support/outbox.ts';
import { expectPath, logIn } from '../support/session.ts';
import { lane } from '../support/lane.ts';

// Issue 15: a professional's first day, as a new user lives it.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const es = (key: string) => tr('es', key);

describe("a professional's first day", () => {
  it('sign-up → signed in with 10 credits → first client → first evaluation, the balance and cost shown first', async () => {
    const { context, page } = await newPage(browser); // browser locale es-CL
    await page.goto('/pages/login');
    await page.getByText(es('auth.login.subtitle')).waitFor();
    await new LoginPage(page).registerLink.click();
    await expectPath(page, '/pages/register');
    const register = new RegisterPage(page);
    // The country comes from the browser's locale (es-CL → Chile).
    await expect.poll(() => register.field('fields.pais').inputValue(), { timeout: 15_000 }).toBe('Chile');
    await register.fill({
      nombre: 'Primera',
      apellido: 'Jornada',
      email: 'primera.jornada@e2e.medida.test',
      password: 'Mañana-Tranquila-2026',
      birth: [1990, 2, 8],
    });
    await register.acceptTermsAndSubmit();
    await register.sent.waitFor();

    // The mailed link signs in at once, with the sign-up credits and what they are for.
    await page.goto(await mailedLinkPath(lane().dataDir, 'primera.jornada@e2e.medida.test', 'verify-email'));
    await expectPath(page, '/dashboard');
    await expect.poll(() => page.getByTestId('dashboard-credits').textContent()).toBe('10');
    await expect
      .poll(() => page.getByTestId('credits-explanation').textContent())
      .toBe(tr('es', 'credits.whatIs_one').replace('{{count}}', '1'));
    // No clients yet: the follow-up card says so, not "every client has a recent evaluation"; the sign-up
    // credits are named as welcome credits, not "From" nobody (issue 30 item 11).
    await page.getByTestId('dash-follow-up').getByText(es('dashboard.followUp.noClients')).waitFor();
    await page.getByTestId('dash-credits').getByText(es('dashboard.credits.welcome')).waitFor();
    // The UI kit is out of the main navigation, behind "Design system" in the sidebar's footer.
    expect(await page.getByTestId('nav-theme').isVisible()).toBe(false);
    await page.getByTestId('nav-design-system').click();
    await page.getByTestId('nav-theme').waitFor({ state: 'visible' });

    const form = await (await new ClientsPage(page).open()).openNew();
    // No company unless one is chosen (issue 30 item 11f).
    expect(await form.input('company').inputValue()).toBe('');
    await form.fill({
      nombre: 'Paula',
      apellido: 'Primera',
      email: 'paula.primera@e2e.medida.test',
      rut: '11.111.111-1',
    });
    // A client is created only with its consent to store health data (decision 141).
    await form.consent.check();
    await form.submit('people.clients.create').click();
    await form.expectToast(es('messages.createdUser'));
    await form.root.waitFor({ state: 'detached' });

    const wizard = new EvaluationWizard(page);
    await wizard.open();
    // The balance and the cost come first.
    await wizard.root.getByText(wizard.t('credits.balance_other', { count: 10 })).waitFor();
    await wizard.root.getByText(wizard.t('credits.cost_one', { count: 1 })).waitFor();
    await wizard.pickClient('Paula', 'paula.primera@e2e.medida.test');
    await wizard.method(3).click();
    await wizard.next();
    await wizard.fillMeasurements(3, {
      peso: '64',
      estatura: '165',
      pcintura: '74',
      pcadera: '98',
      pbrazo: '27',
      ppierna: '52',
      cuello: '32',
      presion_s: '115',
      presion_d: '75',
    });
    await wizard.saveAndOpenDetail();

    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('dashboard-credits').textContent()).toBe('9');
    await context.close();
  });

  it('with fewer credits than an evaluation costs, the wizard says why and what to do, and does not start', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, E2E_USERS.noCredits.email, E2E_USERS.noCredits.password);
    await expectPath(page, '/dashboard');
    const wizard = new EvaluationWizard(page);
    await wizard.open();
    await wizard.root
      .getByRole('alert')
      .filter({ hasText: es('credits.cannotStartTitle') })
      .waitFor();
    expect(await wizard.clientSearch.count()).toBe(0);
    expect(await wizard.nextButton.isDisabled()).toBe(true);
    await context.close();
  });
});
