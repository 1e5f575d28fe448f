import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { expectPath, logIn } from '../support/session.ts';

// Issue 11, decision 107: index.html's inline script preloads the first screen's chunks and language and
// starts the signed-in first screen's requests; the CSP lets it run by its hash, and the app uses each early
// answer instead of asking again.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Console errors (a CSP refusal shows there) and every /web request the page makes, with its path. */
function watch(page: Page) {
  const errors: string[] = [];
  const api: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/web/')) api.push(url.pathname);
  });
  return { errors, api };
}

const preloaded = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload], link[rel=preload]')).map(
      (link) => new URL(link.href).pathname,
    ),
  );

describe('first screen', () => {
  it("preloads Login's chunk and the stored language's texts, with no CSP refusal", async () => {
    const { context, page } = await newPage(browser);
    await context.addInitScript(() => window.localStorage.setItem('lang', 'pt')); // before index.html's script
    const seen = watch(page);
    await page.goto(`${inject('baseURL')}/pages/login`);
    await page.getByTestId('login-form').waitFor();
    const links = await preloaded(page);
    expect(links.some((href) => /^\/assets\/login-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(links.some((href) => /^\/assets\/pt-[\w-]+\.js$/.test(href))).toBe(true);
    expect(links.some((href) => /^\/assets\/(es|en)-[\w-]+\.js$/.test(href))).toBe(false);
    expect(links.some((href) => href.includes('main-layout'))).toBe(false);
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  it('starts the dashboard, its session and its figures with the entry, and asks the server for each once', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, E2E_USERS.home.email, E2E_USERS.home.password);
    await expectPath(page, '/dashboard');
    await page.getByTestId('dash-latest').waitFor(); // the signed-in page's own requests are over
    const seen = watch(page);
    await page.reload();
    await page.getByTestId('dash-latest').waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(E2E_USERS.home.nombre);
    const links = await preloaded(page);
    for (const chunk of ['main-layout', 'dashboard-page'])
      expect(links.some((href) => href.startsWith(`/assets/${chunk}-`))).toBe(true);
    const count = (path: string) => seen.api.filter((p) => p === path).length;
    expect(count('/web/authenticate/user')).toBe(1);
    expect(count('/web/getdash')).toBe(1);
    expect(count('/web/datosusuario')).toBe(1);
    expect(seen.errors).toEqual([]);
    await context.close();
  });
});
