import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, newPage, PHONE } from './browser.ts';
import type { Lang } from './i18n.ts';
import { repoRoot } from './server.ts';

/** Where the screens looked at by hand are written (git-ignored). */
export const SHOTS = path.join(repoRoot, 'e2e/artifacts/screens');

const LANGS: readonly Lang[] = ['es', 'en', 'pt'];
const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;
export type ViewportName = (typeof VIEWPORTS)[number][0];

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Scrolls each part of the page that renders only once seen (charts: `WhenInView`, decision 164) into view
 * until none is left waiting, then back to the top: what a reader scrolling down the page gets.
 */
export async function revealWhenInView(page: Page): Promise<void> {
  const waiting = page.locator('[data-when-in-view]');
  for (let left = await waiting.count(); left > 0; left = await waiting.count()) {
    await waiting.first().scrollIntoViewIfNeeded();
    await expect.poll(() => waiting.count(), { timeout: 15_000 }).toBeLessThan(left);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Shows the charts, asserts the page does not scroll sideways, then writes `<name>.png` (the whole page) into SHOTS. */
export async function screenshotWithoutOverflow(page: Page, name: string): Promise<void> {
  await revealWhenInView(page);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * `E2E_SCREENS=rotate` (what CI sets, to stay within its time on two cores): every language once per call, at
 * desktop or phone width alternately, starting one step further at each call, so that a call shows both widths and
 * every language meets both across the suite. Unset or `all`: every language at both widths (decision 167).
 */
const ROTATE = process.env.E2E_SCREENS === 'rotate';
let rotation = 0;

/** Runs `show` once per language and viewport (see `E2E_SCREENS`), each in a fresh browser context. */
export async function forEveryScreen(
  browser: Browser,
  show: (page: Page, lang: Lang, viewport: ViewportName) => Promise<void>,
): Promise<void> {
  const offset = rotation++;
  for (const [langIndex, lang] of LANGS.entries()) {
    for (const [viewportIndex, [name, viewport]] of VIEWPORTS.entries()) {
      if (ROTATE && (langIndex + offset) % VIEWPORTS.length !== viewportIndex) continue;
      const { context, page } = await newPage(browser, viewport);
      try {
        await show(page, lang, name);
      } finally {
        await context.close();
      }
    }
  }
}
