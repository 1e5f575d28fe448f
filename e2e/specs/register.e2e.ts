import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { pickDate } from '../support/date-picker.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { mailedLinkPath } from '../support/outbox.ts';
import { forEveryScreen, screenshotWithoutOverflow } from '../support/screens.ts';
import { expectPath, logIn, logOut } from '../support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fillRegistration(page: Page, email: string, password: string, lang: Lang = 'es'): Promise<void> {
  await page.getByTestId('register-nombre').fill('Renata');
  await page.getByTestId('register-apellido').fill('Registro');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirmation').fill(password);
  await page.getByTestId('register-sexo').click();
  await page.getByRole('option', { name: tr(lang, 'sexo.Femenino') }).click();
}

describe('registration', () => {
  it('registers, opens the mailed link and is signed in (no second login); the terms must be accepted', async () => {
    const { context, page } = await newPage(browser);
    const email = 'renata.registro@e2e.medida.test';
    const password = 'Registro-Clave-2026';
    await page.goto('/pages/login');
    await page.getByTestId('register-link').click();
    await expectPath(page, '/pages/register');
    await fillRegistration(page, email, password);
    await pickDate(page, 'register-nacimiento', 1991, 6, 15);

    // Without the terms nothing is sent.
    await page.getByTestId('register-submit').click();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/pages/register');

    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-submit').click();
    // The same "check your inbox" for a new and a taken e-mail (decision 017); a development server says where.
    await page.getByTestId('register-sent').waitFor();
    await page.getByTestId('register-outbox').waitFor();
    await page.goto(await mailedLinkPath(inject('dataDir'), email, 'verify-email'));
    await expectPath(page, '/dashboard');
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('Renata');
    expect(await page.getByTestId('verify-banner').count()).toBe(0);
    await logOut(page);
    await logIn(page, email, password);
    await expectPath(page, '/dashboard');
    await context.close();
  });

  it('asks for confirmation when the age is exactly 13', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/pages/register');
    await fillRegistration(page, 'trece@e2e.medida.test', 'Trece-Anios-2026');
    const today = new Date();
    await pickDate(page, 'register-nacimiento', today.getFullYear() - 13, today.getMonth(), today.getDate());
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-submit').click();
    await page.getByText(tr('es', 'messages.ageConfirm13')).waitFor();
    await page.getByTestId('confirm-age').click();
    await page.getByTestId('register-sent').waitFor();
    // Signed in before opening the link: a banner asks for it, with "send again".
    await mailedLinkPath(inject('dataDir'), 'trece@e2e.medida.test', 'verify-email');
    await logIn(page, 'trece@e2e.medida.test', 'Trece-Anios-2026');
    await expectPath(page, '/dashboard');
    await page.getByTestId('verify-banner').waitFor();
    await page.getByTestId('verify-banner-resend').click();
    await page
      .locator('.mantine-Notification-root', { hasText: tr('es', 'auth.verifyBanner.sentTitle') })
      .first()
      .waitFor();
    await context.close();
  });

  it('shows "check your inbox", the confirm-your-e-mail banner and the unlock page in es/en/pt, desktop and phone', async () => {
    await forEveryScreen(browser, async (page, lang, viewport) => {
      const email = `inbox.${lang}.${viewport}@e2e.medida.test`;
      const password = 'Bandeja-Entrada-2026';
      await page.goto('/pages/login');
      await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
      await page.goto('/pages/register');
      await fillRegistration(page, email, password, lang);
      await pickDate(page, 'register-nacimiento', 1989, 9, 20);
      await page.getByTestId('register-terms').check();
      await page.getByTestId('register-submit').click();
      await expect
        .poll(() => page.getByTestId('register-sent').textContent())
        .toContain(tr(lang, 'auth.register.sentTitle'));
      await screenshotWithoutOverflow(page, `register-sent-${lang}-${viewport}`);

      await mailedLinkPath(inject('dataDir'), email, 'verify-email');
      await logIn(page, email, password);
      await expectPath(page, '/dashboard');
      await expect
        .poll(() => page.getByTestId('verify-banner').textContent())
        .toContain(tr(lang, 'auth.verifyBanner.text'));
      await screenshotWithoutOverflow(page, `verify-banner-${lang}-${viewport}`);

      await logOut(page);
      await page.goto(`/pages/unlock#token=${'U'.repeat(43)}`);
      await expect
        .poll(() => page.getByTestId('unlock-error').textContent())
        .toContain(tr(lang, 'auth.unlock.failedTitle'));
      await screenshotWithoutOverflow(page, `unlock-refused-${lang}-${viewport}`);
    });
  });
});
