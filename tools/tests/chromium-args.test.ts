import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../../e2e/support/chromium-args.ts';

// Chromium keeps only the last `--disable-features` it is given. Playwright gives its own list first and ours after,
// so ours must repeat Playwright's, or the browser suite runs without what Playwright turns off (decision 258).

/** The `disabledFeatures` array of playwright-core's bundled `chromiumSwitches`, as its source spells it. */
function playwrightDisabledFeatures(): string[] {
  // The e2e workspace's own copy when npm did not hoist it, else the root's.
  const bundle = ['e2e/node_modules', 'node_modules']
    .map((dir) => path.resolve(import.meta.dirname, '../..', dir, 'playwright-core/lib/coreBundle.js'))
    .find((file) => existsSync(file));
  if (!bundle) throw new Error('playwright-core is not installed');
  const source = readFileSync(bundle, 'utf8');
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(source);
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
