import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { lane } from './lane.ts';

/**
 * The run's one Chromium (started by the global setup), connected to: each spec file gets its own connection and
 * closes it, which closes the contexts it opened, not the browser. A start per file cost a second or two each.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A fresh context (empty local storage) pointed at the test server; a Chilean browser unless `locale` says. */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  locale = 'es-CL',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: lane().baseURL, viewport, locale });
  const page = await context.newPage();
  return { context, page };
}

/** A download's bytes. Over the shared browser's connection Playwright gives no local path, only a stream. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
