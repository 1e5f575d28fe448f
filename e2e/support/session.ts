import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { LoginPage } from '../pages/login-page.ts';
import { Shell } from '../pages/shell.ts';
import type { Lang } from './i18n.ts';

/** Login's form, in the language the page shows (Spanish unless the visitor chose another). */
export async function logIn(page: Page, email: string, password: string, lang: Lang = 'es'): Promise<void> {
  await (await new LoginPage(page, lang).open()).logIn(email, password);
}

/**
 * Signed in without Login's form (auth.e2e.ts tests the form): the token from `/web/authenticate`, kept where the
 * app keeps it, then `path` opened in `lang`. One page load instead of three (Login, the dashboard, `path`).
 * Returns the session token.
 */
export async function openSignedIn(
  page: Page,
  user: { email: string; password: string },
  path: string,
  lang: Lang = 'es',
): Promise<string> {
  const res = await page.request.post('/web/authenticate', {
    data: { email: user.email, password: user.password },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([t, l]) => {
      window.localStorage.setItem('token', t);
      window.localStorage.setItem('lang', l);
    },
    [token, lang] as const,
  );
  await page.goto(path);
  return token;
}

export async function logOut(page: Page, lang: Lang = 'es'): Promise<void> {
  await new Shell(page, lang).logOut();
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
  expect(pathOf(page)).toBe(pathname);
}
