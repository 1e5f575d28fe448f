import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { EvaluationWizard } from '../pages/evaluation-wizard.ts';
import { ProfileModal } from '../pages/profile-modal.ts';
import { namePattern } from '../pages/screen.ts';
import { Shell } from '../pages/shell.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bioimpedanceEvaluation, findClientId, signInForApi, type Api } from '../support/api.ts';
import { seriousAxeViolations, type AxeFinding } from '../support/axe.ts';
import { launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { revealWhenInView, SHOTS } from '../support/screens.ts';

// Issue 15 (accessibility): axe-core finds no serious or critical violation on the listed pages, in
// Spanish (the default) at desktop width and on the login page at phone width.

let browser: Browser;
let page: Page;
let closeContext: () => Promise<void>;
let api: Api;
let clientId = 0;
let evaluationId = 0;

function report(findings: AxeFinding[]): string {
  return findings.map((f) => `${f.impact} ${f.id}: ${f.help}\n    ${f.targets.join('\n    ')}`).join('\n');
}

/** Every screen is checked before the test fails, so one run lists all that is wrong. */
const failures: string[] = [];

async function expectNoSeriousViolation(where: string): Promise<void> {
  const findings = await seriousAxeViolations(page);
  if (findings.length) failures.push(`${where}\n${report(findings)}`);
}

/** Waits until the page has loaded what it shows, charts included (no request in flight, no loader left). */
async function settled(): Promise<void> {
  await page.waitForLoadState('networkidle');
  await revealWhenInView(page);
  await expect
    .poll(() => page.locator('.mantine-Loader-root, .mantine-Skeleton-root').count(), { timeout: 15_000 })
    .toBe(0);
}

/** axe's serious and critical rules, and exactly one h1 (issue 15: one main heading per page). */
async function checkScreen(where: string): Promise<void> {
  await settled();
  await page.screenshot({ path: path.join(SHOTS, `a11y-${where.replaceAll(' ', '-')}.png`), fullPage: true });
  const headings = await page.locator('h1').count();
  if (headings !== 1) failures.push(`${where}\n${headings} h1 elements (one expected)`);
  await expectNoSeriousViolation(where);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  closeContext = () => opened.context.close();
  const signedIn = await signInForApi(page, E2E_USERS.a11y);
  api = signedIn.api;
  clientId = await findClientId(api, signedIn.userId, E2E_USERS.a11yClient.email);
  const created = await api('/web/ingresaevaluacion', {
    method: 'POST',
    body: bioimpedanceEvaluation({ id_evaluado: clientId, id_evaluador: signedIn.userId, fecha: '2026-01-15' }, {}),
  });
  expect(created.status).toBe(200);
  const list = await api<{ datos: { id: number }[] }>(
    `/web/listaevaluaciones?type=1&page=1&limit=10&id_evaluado=${clientId}`,
  );
  evaluationId = list.json.datos[0]!.id;
});

afterEach(() => {
  const found = failures.splice(0);
  expect(found.join('\n\n')).toBe('');
});

afterAll(async () => {
  await closeContext?.();
  await browser?.close();
});

describe('axe-core: no serious or critical violation', () => {
  it('on the signed-in screens', async () => {
    const screens: [string, string][] = [
      ['dashboard', '/dashboard'],
      ['client list', '/users'],
      ['client detail', `/users/${clientId}`],
      ['evaluation detail', `/evaluations/detail?evaluationID=${evaluationId}`],
      ['network', '/networkusers'],
      ['evaluations list', '/evaluations'],
    ];
    for (const [name, url] of screens) {
      await page.goto(url);
      await checkScreen(name);
    }
  });

  it('on the wizard, both steps', async () => {
    await page.goto('/evaluations');
    await settled();
    const wizard = new EvaluationWizard(page);
    await wizard.open();
    await expectNoSeriousViolation('wizard step 1');
    await wizard.pickClient('Barrera', E2E_USERS.a11yClient.email);
    await wizard.next();
    // Focus moves to the first field of the step shown (not left on the vanished Next button).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.mantine-Stepper-content') !== null))
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    // The Yes/No groups are named by their question.
    for (const question of ['fuma', 'alcohol', 'ejercita'] as const)
      expect(await wizard.yesNo(question).count()).toBe(1);
    await expectNoSeriousViolation('wizard step 2');
    await wizard.backButton.click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.mantine-Stepper-content') !== null))
      .toBe(true);
    await page.keyboard.press('Escape');
  });

  it('on the profile and the chat', async () => {
    await page.goto('/dashboard');
    await settled();
    await new Shell(page).openProfile();
    await new ProfileModal(page).editButton.waitFor();
    await expectNoSeriousViolation('profile');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: namePattern(tr('es', 'chat.open')) }).click();
    await page.getByRole('textbox', { name: tr('es', 'chat.search') }).waitFor();
    await expectNoSeriousViolation('chat');
  });

  it('on the public pages, desktop and phone', async () => {
    for (const viewport of [undefined, PHONE]) {
      const { context, page: publicPage } = await newPage(browser, viewport);
      try {
        page = publicPage;
        for (const [name, url] of [
          ['login', '/pages/login'],
          ['registration', '/pages/register'],
        ] as const) {
          await page.goto(url);
          await checkScreen(`${name} ${viewport ? 'phone' : 'desktop'}`);
        }
        // A visible focus ring of at least 2 px on what the keyboard reaches.
        await page.keyboard.press('Tab');
        const ring = await page.evaluate(() => {
          const style = getComputedStyle(document.activeElement!);
          return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
        });
        expect(ring.style).not.toBe('none');
        expect(ring.width).toBeGreaterThanOrEqual(2);
      } finally {
        await context.close();
      }
    }
  });
});
