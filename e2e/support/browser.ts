import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium on this machine: no sandbox, no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
] as const;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A fresh context (empty local storage) pointed at the test server; a Chilean browser unless `locale` says. */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  locale = 'es-CL',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: inject('baseURL'), viewport, locale });
  const page = await context.newPage();
  return { context, page };
}
