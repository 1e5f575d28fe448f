import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { waitForMail } from '../support/outbox.ts';
import { type Lang } from '../support/i18n.ts';
import { repoRoot } from '../support/server.ts';
import { expectPath, logIn } from '../support/session.ts';

// The profile's edit form (issue 12, decision 116) as the seeded client (the saved path: profile.int.test.ts).
const SHOTS = path.join(repoRoot, 'e2e/artifacts/screens');
const CLIENT = E2E_USERS.client;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('profile', () => {
  it('opens its own data with the language, the e-mail read-only, the edit rules applied; screens in es/en/pt', async () => {
    for (const lang of ['es', 'en', 'pt'] as Lang[]) {
      for (const [name, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const { context, page } = await newPage(browser, viewport);
        await logIn(page, CLIENT.email, CLIENT.password);
        await expectPath(page, '/evaluations');
        await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
        await page.reload();
        await page.getByTestId('user-menu').click();
        await page.getByTestId('user-menu-profile').click();
        await page.getByTestId('profile-edit').click();
        await page.getByTestId('profile-edit-form').waitFor();
        expect(await page.getByTestId('person-email').getAttribute('readonly')).not.toBeNull();
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(SHOTS, `profile-edit-${lang}-${name}.png`), fullPage: true });
        if (lang === 'es' && name === 'desktop') {
          await page.getByTestId('person-telefono').fill('+56 9 8765 4321');
          // The fixture client has no address, RUT or location: the edit forms' rules stop the save.
          await page.getByTestId('profile-save').click();
          await expect
            .poll(() => page.getByTestId('profile-edit-form').locator('.mantine-InputWrapper-error').count())
            .toBeGreaterThan(2);
        }
        await context.close();
      }
    }
  });

  it('changes its e-mail only through a link to the new address, after the current password; screens in es/en/pt', async () => {
    for (const lang of ['es', 'en', 'pt'] as Lang[]) {
      for (const [name, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const { context, page } = await newPage(browser, viewport);
        await logIn(page, CLIENT.email, CLIENT.password);
        await expectPath(page, '/evaluations');
        await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
        await page.reload();
        await page.getByTestId('user-menu').click();
        await page.getByTestId('user-menu-profile').click();
        await page.getByTestId('profile-change-email').click();
        const modal = page.getByTestId('change-email-modal');
        await modal.waitFor();
        const wanted = `client-new-${lang}-${name}@example.com`;
        await page.getByTestId('change-email-new').fill(wanted);
        await page.getByTestId('change-email-password').fill('not the password');
        await page.getByTestId('change-email-submit').click();
        await expect.poll(() => modal.locator('.mantine-InputWrapper-error').count()).toBe(1);
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(SHOTS, `profile-email-${lang}-${name}.png`) });
        await page.getByTestId('change-email-password').fill(CLIENT.password);
        await page.getByTestId('change-email-submit').click();
        await expect.poll(() => page.getByTestId('change-email-sent').textContent()).toContain(wanted);
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(SHOTS, `profile-email-sent-${lang}-${name}.png`) });
        await waitForMail(inject('dataDir'), wanted, /confirm-email#token=/);
        await context.close();
      }
    }
  });
});
