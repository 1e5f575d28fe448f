import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { LoginPage } from '../pages/login-page.ts';
import { RegisterPage, type Registration } from '../pages/register-page.ts';
import { Shell } from '../pages/shell.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { mailedLinkPath } from '../support/outbox.ts';
import { forEveryScreen, screenshotWithoutOverflow } from '../support/screens.ts';
import { expectPath, logIn, logOut } from '../support/session.ts';
import { lane } from '../support/lane.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const renata = (email: string, password: string, birth: Registration['birth']): Registration => ({
  nombre: 'Renata',
  apellido: 'Registro',
  email,
  password,
  birth,
});

describe('registration', () => {
  it('registers, opens the mailed link and is signed in (no second login); the terms must be accepted', async () => {
    const { context, page } = await newPage(browser);
    const email = 'renata.registro@e2e.medida.test';
    const password = 'Registro-Clave-2026';
    await (await new LoginPage(page).open()).registerLink.click();
    await expectPath(page, '/pages/register');
    const register = new RegisterPage(page);
    await register.fill(renata(email, password, [1991, 6, 15]));

    // Without the terms nothing is sent, and the box says why.
    await register.submitButton.click();
    await page.getByText(register.t('validation.termsRequired')).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pages/register');

    await register.acceptTermsAndSubmit();
    // The same "check your inbox" for a new and a taken e-mail (decision 017); a development server says where.
    await register.sent.waitFor();
    await register.devOutbox.waitFor();
    await page.goto(await mailedLinkPath(lane().dataDir, email, 'verify-email'));
    await expectPath(page, '/dashboard');
    const shell = new Shell(page);
    await expect.poll(() => shell.userMenuButton.textContent()).toContain('Renata');
    expect(await shell.verifyBanner.count()).toBe(0);
    await logOut(page);
    await logIn(page, email, password);
    await expectPath(page, '/dashboard');
    await context.close();
  });

  it('asks for confirmation when the age is exactly 13', async () => {
    const { context, page } = await newPage(browser);
    const register = await new RegisterPage(page).open();
    const today = new Date();
    await register.fill(
      renata('trece@e2e.medida.test', 'Trece-Anios-2026', [
        today.getFullYear() - 13,
        today.getMonth(),
        today.getDate(),
      ]),
    );
    await register.acceptTermsAndSubmit();
    await register.ageConfirmation.getByText(register.t('messages.ageConfirm13')).waitFor();
    await register.button('common.confirm', register.ageConfirmation).click();
    await register.sent.waitFor();
    // Signed in before opening the link: a banner asks for it, with "send again".
    await mailedLinkPath(lane().dataDir, 'trece@e2e.medida.test', 'verify-email');
    await logIn(page, 'trece@e2e.medida.test', 'Trece-Anios-2026');
    await expectPath(page, '/dashboard');
    const shell = new Shell(page);
    await shell.verifyBanner.waitFor();
    await shell.button('auth.verifyBanner.resend', shell.verifyBanner).click();
    await shell.expectToast(shell.t('auth.verifyBanner.sentTitle'));
    await context.close();
  });

  it('shows "check your inbox", the confirm-your-e-mail banner and the unlock page in es/en/pt, desktop and phone', async () => {
    await forEveryScreen(browser, async (page, lang, viewport) => {
      const email = `inbox.${lang}.${viewport}@e2e.medida.test`;
      const password = 'Bandeja-Entrada-2026';
      await page.goto('/pages/login');
      await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
      const register = await new RegisterPage(page, lang).open();
      await register.fill(renata(email, password, [1989, 9, 20]));
      await register.acceptTermsAndSubmit();
      await register.sent.waitFor();
      await screenshotWithoutOverflow(page, `register-sent-${lang}-${viewport}`);

      await mailedLinkPath(lane().dataDir, email, 'verify-email');
      await logIn(page, email, password, lang);
      await expectPath(page, '/dashboard');
      const shell = new Shell(page, lang);
      await expect.poll(() => shell.verifyBanner.textContent()).toContain(shell.t('auth.verifyBanner.text'));
      await screenshotWithoutOverflow(page, `verify-banner-${lang}-${viewport}`);

      await logOut(page, lang);
      await page.goto(`/pages/unlock#token=${'U'.repeat(43)}`);
      await page
        .getByRole('alert')
        .filter({ hasText: shell.t('auth.unlock.failedTitle') })
        .waitFor();
      await screenshotWithoutOverflow(page, `unlock-refused-${lang}-${viewport}`);
    });
  });
});
