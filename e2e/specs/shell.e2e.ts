import { LoginPage } from '../pages/login-page.ts';
import { RegisterPage } from '../pages/register-page.ts';
import { Shell } from '../pages/shell.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { forEveryScreen, screenshotWithoutOverflow } from '../support/screens.ts';
import { expectPath, logIn } from '../support/session.ts';

const DEMO = { email: 'demo@medida.app', password: 'Medida-Demo-2026' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('app shell', () => {
  it('toggles the sidebar on desktop and on a phone', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await newPage(browser, viewport);
      await logIn(page, DEMO.email, DEMO.password);
      await expectPath(page, '/dashboard');
      const shell = new Shell(page);
      await shell.userMenuButton.waitFor();
      const sidebar = shell.sidebar;
      // Desktop starts with the sidebar open, a phone with it closed (off-screen to the left).
      const before = viewport === DESKTOP;
      await expect.poll(async () => (await sidebar.boundingBox())!.x >= 0).toBe(before);
      await shell.sidebarToggle.click();
      await expect.poll(async () => (await sidebar.isVisible()) && (await sidebar.boundingBox())!.x >= 0).toBe(!before);
      await shell.sidebarToggle.click();
      await expect.poll(async () => (await sidebar.isVisible()) && (await sidebar.boundingBox())!.x >= 0).toBe(before);
      await context.close();
    }
  });

  it('scrolls to the top on every route change', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 400 });
    await page.goto('/pages/politicas');
    await page.getByTestId('politicas').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/pages/login');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectPath(page, '/pages/login');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  // The signed-in shell is screenshotted with the dashboard (home.e2e.ts).
  it('shows login and registration in es, en and pt without overflowing a phone screen', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      await page.goto('/pages/login');
      await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
      await page.reload();
      await new LoginPage(page, lang).submitButton.waitFor();
      await screenshotWithoutOverflow(page, `login-${lang}-${name}`);

      await page.goto('/pages/register');
      await new RegisterPage(page, lang).submitButton.waitFor();
      await screenshotWithoutOverflow(page, `register-${lang}-${name}`);
    });
  });
});
