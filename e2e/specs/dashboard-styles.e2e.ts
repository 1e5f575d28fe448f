import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

// Decision 171: the dashboard renders with styles/signed-in.css alone, not all of Mantine's styles (all.css). A
// Mantine component added to the layout or a card without its file in signed-in.css would show unstyled there.
// This spec loads all.css into the painted dashboard and checks that no element's computed style changes.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Window = typeof window & { stylesBefore?: string[][] };

/** Every element's computed style, in document order, kept in the page for `changedStyles`. */
const keepStyles = (page: Page) =>
  page.evaluate(() => {
    (window as Window).stylesBefore = Array.from(document.querySelectorAll('body *'), (element) => {
      const style = getComputedStyle(element);
      return Array.from(style, (property) => `${property}: ${style.getPropertyValue(property)}`);
    });
  });

/** The elements (at most 10) whose computed style differs from what `keepStyles` kept, with what changed. */
const changedStyles = (page: Page) =>
  page.evaluate(() => {
    const before = (window as Window).stylesBefore ?? [];
    const elements = Array.from(document.querySelectorAll('body *'));
    if (elements.length !== before.length) return [`${before.length} elements before, ${elements.length} after`];
    const changes: string[] = [];
    elements.forEach((element, i) => {
      const style = getComputedStyle(element);
      const after = Array.from(style, (property) => `${property}: ${style.getPropertyValue(property)}`);
      const changed = after.filter((line, j) => line !== before[i]![j]);
      if (changed.length > 0 && changes.length < 10)
        changes.push(
          `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ${changed.slice(0, 8).join('; ')}`,
        );
    });
    return changes;
  });

/** Adds the build's all.css (named in index.html's first-screen plan) and waits until it applies. */
const addAllStyles = (page: Page) =>
  page.evaluate(async () => {
    const href = /\/assets\/all-[\w-]+\.css/.exec(document.documentElement.outerHTML)?.[0];
    if (!href) throw new Error('all.css is not named in index.html');
    if (Array.from(document.styleSheets).some((sheet) => sheet.href?.endsWith(href)))
      throw new Error('all.css is already on the dashboard');
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    await new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = reject;
      document.head.appendChild(link);
    });
  });

/** After a menu's or drawer's transition. */
const settle = (page: Page) => page.waitForTimeout(600);

describe('the dashboard with its own styles (decision 171)', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)
    it(`looks the same without and with all of Mantine's styles (${name}, the user menu open)`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await openSignedIn(page, E2E_USERS.home, '/dashboard', 'en');
      await page.getByTestId('dash-latest').waitFor();
      await page.waitForLoadState('networkidle');
      if (name === 'phone') await page.getByTestId('sidebar-toggle').click(); // the sidebar is a drawer
      await page.getByTestId('user-menu').click();
      await settle(page);
      await keepStyles(page);
      await addAllStyles(page);
      await settle(page);
      expect(await changedStyles(page)).toEqual([]);
      await context.close();
    });
});
