import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { saveShot } from '../support/screens.ts';
import { mailedLinkPath, waitForMail } from '../support/outbox.ts';
import { expectPath, logIn, logOut, storedToken } from '../support/session.ts';
import { LoginPage } from '../pages/login-page.ts';
import { ChangePasswordDialog, ForgotPasswordPage, ResetPasswordPage } from '../pages/password-pages.ts';
import { RegisterPage } from '../pages/register-page.ts';
import { Shell } from '../pages/shell.ts';
import { lane } from '../support/lane.ts';

const DEMO = { email: 'demo@medida.app', password: 'Medida-Demo-2026' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('access guard', () => {
  it('sends an anonymous visitor to Login and /pages to the 404 page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/users');
    await expectPath(page, '/pages/login');
    await page.goto('/');
    await expectPath(page, '/pages/login');
    await page.goto('/pages');
    await expectPath(page, '/pages/404');
    await page.goto('/pages/politicas');
    await expectPath(page, '/pages/politicas');
    await context.close();
  });

  it('sends a signed-in professional from Login to the Dashboard, and a client (type 2) to Evaluaciones', async () => {
    const pro = await newPage(browser);
    await logIn(pro.page, DEMO.email, DEMO.password);
    await expectPath(pro.page, '/dashboard');
    await pro.page.goto('/pages/login');
    await expectPath(pro.page, '/dashboard');
    await pro.context.close();

    const client = await newPage(browser);
    await logIn(client.page, E2E_USERS.client.email, E2E_USERS.client.password);
    await expectPath(client.page, '/evaluations');
    for (const blocked of ['/dashboard', '/users', '/networkusers']) {
      await client.page.goto(blocked);
      await expectPath(client.page, '/evaluations');
    }
    await client.context.close();
  });
});

describe('log in and log out', () => {
  it('rejects a wrong password with a message and keeps no token', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO.email, 'not-the-password');
    await new LoginPage(page).error.waitFor();
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('logs in, shows the shell with the user, and logging out revokes the token', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO.email, DEMO.password);
    await expectPath(page, '/dashboard');
    await expect.poll(() => new Shell(page).userMenuButton.textContent(), { timeout: 15_000 }).toContain('Demo');
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    await logOut(page);
    expect(await storedToken(page)).toBeNull();
    const res = await page.request.get('/web/authenticate/user', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
    await page.goto('/dashboard');
    await expectPath(page, '/pages/login');
    await context.close();
  });
});

describe('forced password change', () => {
  it('a user with cambia_pass = 1 must change the password before anything else', async () => {
    const { context, page } = await newPage(browser);
    const user = E2E_USERS.forcedChange;
    await logIn(page, user.email, user.password);
    const change = new ChangePasswordDialog(page);
    const modal = change.root;
    await modal.waitFor();
    // It cannot be dismissed: Escape and a click outside leave it open.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await modal.isVisible()).toBe(true);
    // Behind it a bare frame, as for a required second factor: no sidebar, no profile menu waiting for a name.
    expect(await new Shell(page, 'es').sidebar.count()).toBe(0);
    expect(await page.getByText(tr('es', 'common.loadingName')).count()).toBe(0);
    await saveShot(page, 'forced-password-change-es-desktop');

    const newPassword = 'Nueva-Clave-Segura-2026';
    // The session was just opened with the temporary password: it is not asked for again.
    expect(await change.currentPassword.count()).toBe(0);
    await change.setPassword(newPassword, newPassword + 'x');
    await change.submitButton.click();
    await expect
      .poll(() => change.descriptionOf(change.confirmation))
      .toContain(tr('es', 'messages.passwordDoNotMatch'));
    expect(await modal.isVisible()).toBe(true);

    await change.confirmation.fill(newPassword);
    await change.submitButton.click();
    await modal.waitFor({ state: 'hidden' });
    await logOut(page);

    await logIn(page, user.email, newPassword);
    await expectPath(page, '/dashboard');
    expect(await change.root.isVisible()).toBe(false);
    await context.close();
  });
});

describe('password recovery', () => {
  it('follows the e-mailed link, sets a new password, and the link works only once', async () => {
    const { context, page } = await newPage(browser);
    const email = 'recover.me@e2e.medida.test';
    const password = 'Recuperar-Clave-2026';
    // A fresh account through the API, so this test does not depend on the others' order.
    const created = await page.request.post('/web/creacuenta', {
      data: {
        nombre: 'Rita',
        apellido: 'Recupera',
        email,
        password,
        nacimiento: '1988-03-02',
        sexo: 'Femenino',
        lang: 'es',
        variant: 'register',
        terms_accepted: true,
      },
    });
    expect(created.status()).toBe(202);
    await mailedLinkPath(lane().dataDir, email, 'verify-email'); // the account exists once its link went out

    await (await new LoginPage(page).open()).forgotLink.click();
    await new ForgotPasswordPage(page).ask(email);
    await page.getByText(tr('es', 'messages.passwordResetText')).first().waitFor();

    const mail = await waitForMail(lane().dataDir, email, /reset-password#token=/);
    const link = /https?:\/\/[^\s"<>]+\/pages\/reset-password#token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    const linkPath = new URL(link!).pathname + new URL(link!).hash;

    const newPassword = 'Recuperada-Clave-2026';
    const reset = new ResetPasswordPage(page);
    await page.goto(linkPath);
    await reset.setPassword(newPassword);
    await reset.submitButton.click();
    await expectPath(page, '/pages/login');

    await logIn(page, email, newPassword);
    await expectPath(page, '/dashboard');
    await logOut(page);

    // The same link a second time is refused with a way to ask for a new one.
    await page.goto(linkPath);
    await reset.setPassword('Otra-Clave-Mas-2026');
    await reset.submitButton.click();
    await reset.requestNewLink.waitFor();
    await context.close();
  });
});

describe('languages', () => {
  it('switching language changes the visible text and survives a reload', async () => {
    const { context, page } = await newPage(browser);
    let login = await new LoginPage(page).open();
    await login.submitButton.waitFor();
    for (const lang of ['en', 'pt'] as const) {
      await login.switchLanguage(lang);
      login = new LoginPage(page, lang);
      await login.submitButton.waitFor();
      await page.reload();
      await login.submitButton.waitFor();
    }
    await context.close();
  });

  it('register-pacific is always in Spanish, whatever language was chosen', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/pages/login');
    await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
    await page.goto('/pages/register-pacific');
    await new RegisterPage(page, 'es').submitButton.waitFor();
    // Leaving the page brings back the user's own choice.
    await new LoginPage(page, 'en').open();
    await new LoginPage(page, 'en').submitButton.waitFor();
    await context.close();
  });
});
