import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../../e2e/support/chromium-args.ts';

// Chromium keeps only the last `--disable-features` it is given. Playwright gives its own list first and ours after,
// so ours must repeat Playwright's, or the browser suite runs without what Playwright turns off (decision 258).

/** The `disabledFeatures` array of playwright-core's bundled `chromiumSwitches`, as its source spells it. */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(path.resolve(import.meta.dirname, '../../e2e/package.json'));
  const bundle = readFileSync(
    path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib/coreBundle.js'),
    'utf8',
  );
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle);
  if (!list) throw new Error("playwright-core's disabledFeatures list was not found: read chromiumSwitches again");
  return [...list[1]!.matchAll(/^\s*"([^"]+)"/gm)].map((m) => m[1]!);
}

describe('the browser suite’s Chromium arguments', () => {
  it('repeat every feature Playwright turns off, in the one --disable-features they give', () => {
    expect(playwrightDisabledFeatures()).toEqual([...PLAYWRIGHT_DISABLED_FEATURES]);
    const disable = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(disable).toHaveLength(1);
    const features = disable[0]!.slice('--disable-features='.length).split(',');
    expect(features).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup']));
  });
});
