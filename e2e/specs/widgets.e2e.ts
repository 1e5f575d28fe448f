import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { repoRoot } from '../support/server.ts';
import { expectPath, logIn } from '../support/session.ts';

// The widgets page (issue 12, decision 114) as the home fixture professional; it restores the defaults.
const SHOTS = path.join(repoRoot, 'e2e/artifacts/screens');
const HOME = E2E_USERS.home;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function openWidgets(page: Page, lang: Lang = 'es') {
  await logIn(page, HOME.email, HOME.password);
  await expectPath(page, '/dashboard');
  await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
  await page.goto('/widgets');
  await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(tr(lang, 'widgets.title'));
  await page.getByTestId('widgets-gallery').waitFor();
}

describe('widgets', () => {
  it('hides a card, moves another first and sets the follow-up interval; the dashboard follows', async () => {
    const { context, page } = await newPage(browser);
    await openWidgets(page);
    await page.getByTestId('widget-toggle-credits').click();
    // Latest evaluations to the top: three steps up (counts, weekly above it).
    await page.getByTestId('widget-up-latest').click();
    await page.getByTestId('widget-up-latest').click();
    await page.getByTestId('widgets-weeks').fill('4');
    await page.getByTestId('widgets-save').click();
    await page.goto('/dashboard');
    await page.getByTestId('dash-latest').waitFor();
    expect(await page.getByTestId('dash-credits').count()).toBe(0);
    // The latest card comes before the counts.
    const order = await page.evaluate(() => {
      const latest = document.querySelector('[data-testid="dash-latest"]');
      const clients = document.querySelector('[data-testid="dash-clients"]');
      return latest && clients ? latest.compareDocumentPosition(clients) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeGreaterThan(0);
    expect(await page.getByTestId('dash-follow-up').textContent()).toContain('4');

    // Back to the defaults for the other specs.
    await page.goto('/widgets');
    await page.getByTestId('widgets-gallery').waitFor();
    await page.getByTestId('widget-toggle-credits').click();
    for (let i = 0; i < 2; i++) await page.getByTestId('widget-down-latest').click();
    await page.getByTestId('widgets-weeks').fill('8');
    await page.getByTestId('widgets-save').click();
    await page.goto('/dashboard');
    await page.getByTestId('dash-credits').waitFor();
    await context.close();
  });

  it('is screenshotted in es, en and pt at desktop and phone width without overflow', async () => {
    for (const lang of ['es', 'en', 'pt'] as Lang[]) {
      for (const [name, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const { context, page } = await newPage(browser, viewport);
        await openWidgets(page, lang);
        await page.getByTestId('dash-weekly').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await page.screenshot({ path: path.join(SHOTS, `widgets-${lang}-${name}.png`), fullPage: true });
        await context.close();
      }
    }
  });
});
