import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { expectPath, logIn, openSignedIn } from '../support/session.ts';
import { lane } from '../support/lane.ts';

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

/** Chromium asks for /favicon.ico by itself on a page without an icon link (openSignedIn's /favicon.svg). */
const browsersOwn = (url: string) => url !== '' && new URL(url).pathname === '/favicon.ico';

/** Console errors (a CSP refusal shows there) and every /web request the page makes, with its path. */
function watch(page: Page) {
  const errors: string[] = [];
  const api: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !browsersOwn(message.location().url))
      errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !browsersOwn(response.url()))
      errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
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
    await page.goto(`${lane().baseURL}/pages/login`);
    await page.getByTestId('login-form').waitFor();
    const links = await preloaded(page);
    expect(links.some((href) => /^\/assets\/login-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(links.some((href) => /^\/assets\/pt-[\w-]+\.js$/.test(href))).toBe(true);
    expect(links.some((href) => /^\/assets\/(es|en)-[\w-]+\.js$/.test(href))).toBe(false);
    expect(links.some((href) => href.includes('signed-in'))).toBe(false);
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  it('starts the dashboard, its session, figures, credits and what its cards ask for with the entry, and asks the server for each once', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, E2E_USERS.home.email, E2E_USERS.home.password);
    await expectPath(page, '/dashboard');
    await page.getByTestId('dash-latest').waitFor(); // the signed-in page's own requests are over
    const seen = watch(page);
    await page.reload();
    await page.getByTestId('dash-latest').waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(E2E_USERS.home.nombre);
    const links = await preloaded(page);
    for (const chunk of ['signed-in', 'dashboard'])
      expect(links.some((href) => href.startsWith(`/assets/${chunk}-`))).toBe(true);
    const count = (path: string) => seen.api.filter((p) => p === path).length;
    expect(count('/web/authenticate/user')).toBe(1);
    expect(count('/web/getdash')).toBe(1);
    expect(count('/web/datosusuario')).toBe(1);
    expect(count('/web/creditos')).toBe(1);
    // Decision 243: the ISAK precision, a top account's credit requests and the wrong-way card's units.
    expect(count('/web/isak/tem')).toBe(1);
    expect(count('/web/credit-requests')).toBe(1);
    expect(count('/web/listadoperfil')).toBe(1);
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  it('paints the dashboard without all.css, starts the chat and the overlays after its cards, and loads all.css for the next page', async () => {
    const { context, page } = await newPage(browser);
    await openSignedIn(page, E2E_USERS.home, '/favicon.svg');
    // Decision 171: what each request found on the page when it started.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const cards = document.querySelector('[data-testid="credits-explanation"]') !== null;
          seen.push(`${new URL(entry.name).pathname} ${cards ? 'after' : 'before'}`);
        }
      }).observe({ type: 'resource' });
    });
    const seen = watch(page);
    await page.goto('/dashboard');
    await page.getByTestId('dash-latest').waitFor();
    // A resource's timing entry comes when its answer has arrived, not when Playwright sees the request leave.
    const entries = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    await expect
      .poll(async () => (await entries()).some((line) => line.startsWith('/web/getUserChatRooms')))
      .toBe(true);
    const started = await entries();
    expect(started.filter((line) => /\/assets\/all-[\w-]+\.css/.test(line))).toEqual([]);
    expect(
      started.filter((line) => line.startsWith('/web/getUserChatRooms') || /\/assets\/overlays-/.test(line)),
    ).not.toEqual([]);
    for (const line of started)
      if (line.startsWith('/web/getUserChatRooms') || /\/assets\/overlays-/.test(line)) expect(line).toMatch(/ after$/);
    // Another page waits for every Mantine style: all.css is applied when its cards show.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-sessions').click();
    await expectPath(page, '/sessions');
    await page.getByTestId('session-card').first().waitFor();
    expect(
      await page.evaluate(() =>
        Array.from(document.styleSheets).some((sheet) => /\/assets\/all-[\w-]+\.css$/.test(sheet.href ?? '')),
      ),
    ).toBe(true);
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  it('sends a stale token from the dashboard to Login, once the early session answer says 401', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/favicon.svg');
    await page.evaluate(() => window.localStorage.setItem('token', 'stale-token-of-a-revoked-session'));
    await page.goto('/dashboard');
    await expectPath(page, '/pages/login');
    await page.getByTestId('login-form').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});

// Decision 163: the server sends Login prerendered in the visitor's language (the app's `medida_lang` cookie,
// then Accept-Language), the browser paints it before any script, and the app hydrates that HTML in place.
describe('prerendered Login', () => {
  const TITLES = { es: 'Iniciar sesión', en: 'Log in', pt: 'Entrar' } as const;

  /** Remembers the heading the browser painted from the HTML, before any script of the app ran. */
  const rememberPaintedHeading = (page: Page) =>
    page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { painted: Element | null }).painted = document.querySelector('h1');
      }),
    );
  const keptPaintedHeading = (page: Page) =>
    page.evaluate(() => {
      const painted = (window as unknown as { painted: Element | null }).painted;
      return painted !== null && painted === document.querySelector('h1') && painted.isConnected;
    });

  for (const [locale, lang] of [
    ['es-CL', 'es'],
    ['en-US', 'en'],
    ['pt-BR', 'pt'],
  ] as const)
    it(`arrives as HTML in ${lang} (Accept-Language) and the app takes over the same elements`, async () => {
      const context = await browser.newContext({ baseURL: lane().baseURL, locale });
      const page = await context.newPage();
      const seen = watch(page);
      await rememberPaintedHeading(page);
      const response = await page.goto('/pages/login');
      const html = (await response?.text()) ?? '';
      expect(html).toContain(`data-prerendered="${lang}"`);
      expect(html).toContain(`>${TITLES[lang]}</h1>`);
      // The app is in charge once a submit validates; the heading is still the one painted from the HTML.
      await page.getByTestId('login-submit').click();
      await page.getByRole('alert').or(page.locator('[id$="-error"]')).first().waitFor();
      expect(await keptPaintedHeading(page)).toBe(true);
      expect(seen.errors).toEqual([]);
      await context.close();
    });

  it('keeps what was typed and the submit made before the app took over, and signs in', async () => {
    const { context, page } = await newPage(browser);
    // The entry waits: the visitor types and submits into the painted HTML meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/pages/login', { waitUntil: 'domcontentloaded' });
    await page.getByTestId('login-email').fill(E2E_USERS.home.email);
    await page.getByTestId('login-password').fill(E2E_USERS.home.password);
    await page.getByTestId('login-password').press('Enter');
    release();
    await expectPath(page, '/dashboard');
    await context.close();
  });

  it('follows the language chosen on Login: the cookie brings it back in that language', async () => {
    const { context, page } = await newPage(browser); // es-CL
    const seen = watch(page);
    await page.goto('/pages/login');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLES.es);
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLES.en);
    const again = await page.goto('/pages/login');
    expect(await again?.text()).toContain('data-prerendered="en"');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLES.en);
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  it('renders afresh where the HTML does not fit: a stored language without its cookie, a signed-in user', async () => {
    const { context, page } = await newPage(browser); // es-CL: the server sends Spanish
    await context.addInitScript(() => window.localStorage.setItem('lang', 'pt'));
    const seen = watch(page);
    const response = await page.goto('/pages/login');
    expect(await response?.text()).toContain('data-prerendered="es"');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLES.pt);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-prerender-stale'))).toBe(false);
    expect(seen.errors).toEqual([]);
    await context.close();

    const signedIn = await newPage(browser);
    await logIn(signedIn.page, E2E_USERS.home.email, E2E_USERS.home.password);
    await expectPath(signedIn.page, '/dashboard');
    await signedIn.page.goto('/pages/login');
    await expectPath(signedIn.page, '/dashboard');
    await signedIn.context.close();
  });
});
