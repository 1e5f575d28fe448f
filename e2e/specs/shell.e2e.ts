import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { repoRoot } from '../support/server.ts';
import { horizontalOverflow } from '../support/screens.ts';
import { expectPath, logIn } from '../support/session.ts';

const DEMO = { email: 'demo@medida.app', password: 'Medida-Demo-2026' };
const SHOTS = path.join(repoRoot, 'e2e/artifacts/screens');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
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
      await page.getByTestId('user-menu').waitFor();
      const sidebar = page.getByTestId('sidebar');
      // Desktop starts with the sidebar open, a phone with it closed (off-screen to the left).
      const before = viewport === DESKTOP;
      await expect.poll(async () => (await sidebar.boundingBox())!.x >= 0).toBe(before);
      await page.getByTestId('sidebar-toggle').click();
      await expect.poll(async () => (await sidebar.isVisible()) && (await sidebar.boundingBox())!.x >= 0).toBe(!before);
      await page.getByTestId('sidebar-toggle').click();
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

  it('shows login, registration and the shell in es, en and pt without overflowing a phone screen', async () => {
    for (const lang of ['es', 'en', 'pt'] as Lang[]) {
      for (const [name, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const { context, page } = await newPage(browser, viewport);
        await page.goto('/pages/login');
        await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
        await page.reload();
        await expect.poll(() => page.getByTestId('login-submit').textContent()).toBe(tr(lang, 'auth.login.submit'));
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SHOTS, `login-${lang}-${name}.png`), fullPage: true });

        await page.goto('/pages/register');
        await page.getByTestId('register-form').waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SHOTS, `register-${lang}-${name}.png`), fullPage: true });

        await logIn(page, DEMO.email, DEMO.password);
        await expectPath(page, '/dashboard');
        await page.getByTestId('user-menu').waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SHOTS, `dashboard-${lang}-${name}.png`), fullPage: true });
        await context.close();
      }
    }
  });
});
