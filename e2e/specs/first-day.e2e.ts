import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { pickDate } from '../support/date-picker.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { mailedLinkPath } from '../support/outbox.ts';
import { fillPerson } from '../support/person-form.ts';
import { expectPath, logIn } from '../support/session.ts';

// Issue 15: a professional's first day, as a new user lives it.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const es = (key: string) => tr('es', key);

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

describe("a professional's first day", () => {
  it('sign-up → signed in with 10 credits → first client → first evaluation, the balance and cost shown first', async () => {
    const { context, page } = await newPage(browser); // browser locale es-CL
    await page.goto('/pages/login');
    await page.getByText(es('auth.login.subtitle')).waitFor();
    await page.getByTestId('register-link').click();
    await expectPath(page, '/pages/register');
    // The country comes from the browser's locale (es-CL → Chile).
    await expect.poll(() => page.getByTestId('register-pais').inputValue(), { timeout: 15_000 }).toBe('Chile');
    await page.getByTestId('register-nombre').fill('Primera');
    await page.getByTestId('register-apellido').fill('Jornada');
    await page.getByTestId('register-email').fill('primera.jornada@e2e.medida.test');
    await page.getByTestId('register-password').fill('Primera-Jornada-2026');
    await page.getByTestId('register-confirmation').fill('Primera-Jornada-2026');
    await page.getByTestId('register-sexo').click();
    await page.getByRole('option', { name: es('sexo.Femenino') }).click();
    await pickDate(page, 'register-nacimiento', 1990, 2, 8);
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-sent').waitFor();

    // The mailed link signs in at once, with the sign-up credits and what they are for.
    await page.goto(await mailedLinkPath(inject('dataDir'), 'primera.jornada@e2e.medida.test', 'verify-email'));
    await expectPath(page, '/dashboard');
    await expect.poll(() => page.getByTestId('dashboard-credits').textContent()).toBe('10');
    await expect
      .poll(() => page.getByTestId('credits-explanation').textContent())
      .toBe(tr('es', 'credits.whatIs_one').replace('{{count}}', '1'));
    // The UI kit is out of the main navigation, behind "Design system" in the sidebar's footer.
    expect(await page.getByTestId('nav-theme').isVisible()).toBe(false);
    await page.getByTestId('nav-design-system').click();
    await page.getByTestId('nav-theme').waitFor({ state: 'visible' });

    await page.goto('/users');
    await page.getByTestId('new-client').click();
    const modal = page.getByTestId('new-client-modal');
    await modal.waitFor();
    await fillPerson(page, {
      nombre: 'Paula',
      apellido: 'Primera',
      email: 'paula.primera@e2e.medida.test',
      rut: '11.111.111-1',
    });
    // A client is created only with its consent to store health data (decision 141).
    await page.getByTestId('client-consent').check();
    await page.getByTestId('client-submit').click();
    await expectToast(page, es('messages.createdUser'));
    await modal.waitFor({ state: 'detached' });

    await page.getByTestId('new-evaluation').click();
    await page.getByTestId('evaluation-wizard').waitFor();
    const credits = page.getByTestId('wizard-credits');
    await credits.waitFor();
    expect([await credits.getAttribute('data-balance'), await credits.getAttribute('data-cost')]).toEqual(['10', '1']);
    await page.getByTestId('wizard-client-search').fill('Paula');
    await page.locator('[data-testid=wizard-client-option][data-email="paula.primera@e2e.medida.test"]').click();
    await page.getByTestId('wizard-method-3').click();
    await page.getByTestId('wizard-next').click();
    const values = { peso: '64', estatura: '165', pcintura: '74', pcadera: '98', pbrazo: '27', ppierna: '52' };
    for (const [field, value] of Object.entries({ ...values, cuello: '32', presion_s: '115', presion_d: '75' }))
      await page.getByTestId(`field-${field}`).fill(value);
    await page.getByTestId('field-temperatura').fill('36.5');
    await page.getByTestId('wizard-save').click();
    await expectToast(page, es('messages.evaluationCreatedTitle'));
    await page.waitForURL((url) => url.pathname === '/evaluations/detail');

    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('dashboard-credits').textContent()).toBe('9');
    await context.close();
  });

  it('with fewer credits than an evaluation costs, the wizard says why and what to do, and does not start', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, E2E_USERS.noCredits.email, E2E_USERS.noCredits.password);
    await expectPath(page, '/dashboard');
    await page.getByTestId('new-evaluation').click();
    await page.getByTestId('wizard-no-credits').waitFor();
    expect(await page.getByTestId('wizard-no-credits').textContent()).toContain(es('credits.cannotStartTitle'));
    expect(await page.getByTestId('wizard-client-search').count()).toBe(0);
    expect(await page.getByTestId('wizard-next').isDisabled()).toBe(true);
    await context.close();
  });
});
