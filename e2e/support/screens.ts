import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
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
    try {
      await waiting.first().scrollIntoViewIfNeeded();
    } catch (error) {
      // A part already in view may render between the count and the scroll: then it is no longer waiting.
      if ((await waiting.count()) < left) continue;
      throw error;
    }
    await expect.poll(() => waiting.count(), { timeout: 15_000 }).toBeLessThan(left);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Writes `<name>.png` into SHOTS, for a person to look at; nothing under `E2E_SHOTS=off` (what CI sets: no one looks
 * at its pictures, and encoding some 180 of them cost the run CPU, decision 232). The checks around a call still run.
 */
export async function saveShot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.E2E_SHOTS === 'off') return;
  await mkdir(SHOTS, { recursive: true });
  await target.screenshot({ path: path.join(SHOTS, `${name}.png`), ...options });
}

/** Shows the charts, asserts the page does not scroll sideways, then saves `<name>.png` (the whole page). */
export async function screenshotWithoutOverflow(page: Page, name: string): Promise<void> {
  await revealWhenInView(page);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await saveShot(page, name, { fullPage: true });
}

/**
 * `E2E_SCREENS=rotate` (what CI sets, to stay within its time on two cores, decision 212): one language at one width
 * per loop, the next of the six pairs at each loop of a file, the first chosen by the file's name, so that the suite
 * meets every pair. Unset or `all`: every language at both widths (decision 167).
 */
const ROTATE = process.env.E2E_SCREENS === 'rotate';
const PAIRS = LANGS.flatMap((lang) => VIEWPORTS.map(([name, viewport]) => ({ lang, name, viewport })));
/** Loops run so far, by spec file: the files of a lane share this module (isolate: false in vitest.config.ts). */
const loopsByFile = new Map<string, number>();

/** This file's loop number, counted from 0: the next at each call. */
function nextLoop(): number {
  const file = expect.getState().testPath ?? '';
  const loop = loopsByFile.get(file) ?? 0;
  loopsByFile.set(file, loop + 1);
  return loop;
}

const nameSum = (name: string) => [...name].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);

function fileOffset(): number {
  return nameSum(path.basename(expect.getState().testPath ?? ''));
}

/** The (language, width) pairs a screen loop shows under `E2E_SCREENS`; each call is one loop. */
export function screenPairs(): { lang: Lang; name: ViewportName; viewport: (typeof VIEWPORTS)[number][1] }[] {
  if (!ROTATE) return PAIRS;
  return [PAIRS[(fileOffset() + nextLoop()) % PAIRS.length]!];
}

/** The languages a loop at one fixed width shows under `E2E_SCREENS`: one, the next at each loop of a file, or all. */
export function screenLanguages(): readonly Lang[] {
  if (!ROTATE) return LANGS;
  return [LANGS[(fileOffset() + nextLoop()) % LANGS.length]!];
}

/** Runs `show` once per language and viewport (see `E2E_SCREENS`), each in a fresh browser context. */
export async function forEveryScreen(
  browser: Browser,
  show: (page: Page, lang: Lang, viewport: ViewportName) => Promise<void>,
): Promise<void> {
  for (const { lang, name, viewport } of screenPairs()) {
    const { context, page } = await newPage(browser, viewport);
    try {
      await show(page, lang, name);
    } finally {
      await context.close();
    }
  }
}

/**
 * The rounds of a flow written once per language (sign-up to PDF, the ISAK profile, the decimal sweep, credits asked
 * for and granted). Under `E2E_SCREENS=rotate` (CI), one: the language whose turn it is by the file's name, so that the
 * flow files between them meet every language (decision 235). Unset or `all`: every round.
 */
export function flowRounds<T extends { lang: Lang }>(fileUrl: string, rounds: readonly T[]): readonly T[] {
  if (!ROTATE) return rounds;
  const lang = LANGS[nameSum(path.basename(fileUrl)) % LANGS.length];
  return rounds.filter((round) => round.lang === lang);
}
