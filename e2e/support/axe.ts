import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/** One axe finding reduced to what a reader needs to fix it. */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

let axeSource: string | undefined;

async function loadAxe(): Promise<string> {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is now and returns the serious and critical
 * violations, each with the selectors of at most five offending nodes.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  // A modal or menu still fading in or out would be judged at half opacity: wait for transitions to end.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an inline script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await loadAxe());
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
  });
}
