import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/pages/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function logOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL('**/pages/login');
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
  expect(pathOf(page)).toBe(pathname);
}
