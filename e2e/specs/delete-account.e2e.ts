import { DeleteAccountPage } from '../pages/delete-account-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { mailedLinkPath } from '../support/outbox.ts';
import { forEveryScreen, screenshotWithoutOverflow } from '../support/screens.ts';
import { logIn, openSignedIn } from '../support/session.ts';

// Deleting one's own account (issue 12, decision 113).
const HOME = E2E_USERS.home;
const LEAVER = { email: `leaver.${Date.now()}@e2e.medida.test`, password: 'Me-Voy-Clave-2026' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // A professional with nobody under it: signs up through the API.
  const res = await fetch(`${inject('baseURL')}/web/creacuenta`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      nombre: 'Lucía',
      apellido: 'Salida',
      email: LEAVER.email,
      password: LEAVER.password,
      nacimiento: '1990-05-05',
      sexo: 'Femenino',
      lang: 'es',
      variant: 'register',
      terms_accepted: true,
    }),
  });
  expect(res.status).toBe(202);
  // The account exists once its confirmation link has gone out (the work runs after the answer).
  await mailedLinkPath(inject('dataDir'), LEAVER.email, 'verify-email');
});
afterAll(async () => {
  await browser?.close();
});

async function openPage(page: Page, user: { email: string; password: string }, lang: Lang = 'es') {
  await openSignedIn(page, user, '/delete-account', lang);
  const screen = new DeleteAccountPage(page, lang);
  await screen.heading.waitFor();
  return screen;
}

describe('delete-account', () => {
  it('tells a professional with clients to remove them first, with no form', async () => {
    const { context, page } = await newPage(browser);
    const screen = await openPage(page, HOME);
    await screen.blocked.waitFor();
    expect(await screen.submitButton.count()).toBe(0);
    await context.close();
  });

  it('is screenshotted in es, en and pt at desktop and phone width without overflow', async () => {
    for (const [who, user] of [
      ['form', LEAVER],
      ['blocked', HOME],
    ] as const) {
      await forEveryScreen(browser, async (page, lang, name) => {
        const screen = await openPage(page, user, lang);
        await (who === 'form' ? screen.submitButton : screen.blocked).waitFor();
        await screenshotWithoutOverflow(page, `delete-account-${who}-${lang}-${name}`);
      });
    }
  });

  it('asks for the e-mail and the password, then ends the session; the old login no longer works', async () => {
    const { context, page } = await newPage(browser);
    const screen = await openPage(page, LEAVER);
    await screen.deleteWith('otra@persona.cl', LEAVER.password);
    await expect
      .poll(() => screen.descriptionOf(screen.confirmation))
      .toContain(tr('es', 'deleteAccount.confirmationMismatch'));
    await screen.deleteWith(LEAVER.email, 'no es mi clave');
    await expect.poll(() => screen.descriptionOf(screen.password)).toContain('contraseña actual');
    expect(await screen.password.getAttribute('aria-invalid')).toBe('true');
    await screen.password.fill(LEAVER.password);
    await screen.submitButton.click();
    await page.waitForURL('**/pages/login');
    await logIn(page, LEAVER.email, LEAVER.password);
    await new LoginPage(page).submitButton.waitFor();
    await expect.poll(() => page.url()).toContain('/pages/login');
    await context.close();
  });
});
