import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { forEveryScreen, screenshotWithoutOverflow, SHOTS } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';

// Companies (issue 12, decision 112) as the home fixture professional.
const HOME = E2E_USERS.home;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openCompanies(page: Page) {
  await openSignedIn(page, HOME, '/companies');
  await page.getByTestId('page-title').waitFor();
}

async function saveCompany(page: Page, name: string, taxId?: string) {
  await page.getByTestId('company-name').fill(name);
  if (taxId !== undefined) await page.getByTestId('company-tax-id').fill(taxId);
  await page.getByTestId('company-submit').click();
}

const cardNames = (page: Page) => page.getByTestId('company-card-name').allTextContents();

describe('companies', () => {
  it('creates, renames, archives and restores companies, and offers the live ones in the client form', async () => {
    const { context, page } = await newPage(browser);
    await openCompanies(page);
    await page.getByTestId('empty-state').waitFor();
    await page.getByTestId('new-company').click();
    await saveCompany(page, 'Gimnasio Norte', '76.123.456-7');
    await page.getByTestId('company-form').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('company-card').count()).toBe(1);
    expect(await page.getByTestId('company-card').textContent()).toContain('76.123.456-7');

    // A second one, first with a name already taken: the server's message under the field.
    await page.getByTestId('new-company').click();
    await saveCompany(page, 'gimnasio norte');
    await expect
      .poll(() => page.getByTestId('company-form').textContent())
      .toContain('Tu cuenta ya tiene una empresa con este nombre.');
    await saveCompany(page, 'Clínica Sur');
    await expect.poll(() => page.getByTestId('company-card').count()).toBe(2);

    // Rename, then archive (confirmed) and restore.
    await page.getByTestId('company-card').filter({ hasText: 'Clínica Sur' }).getByTestId('edit-company').click();
    await saveCompany(page, 'Clínica Sur Oriente');
    await expect.poll(() => cardNames(page)).toEqual(['Clínica Sur Oriente', 'Gimnasio Norte']);
    await page.getByTestId('company-card').filter({ hasText: 'Gimnasio Norte' }).getByTestId('archive-company').click();
    await page.getByTestId('confirm-archive').click();
    await page.getByTestId('company-archived').waitFor();

    // The client form offers the default company and the live one, not the archived one.
    await page.goto('/users');
    await page.getByTestId('new-client').click();
    await page.getByTestId('new-client-modal').waitFor();
    await page.getByTestId('person-company').click();
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Clínica Sur Oriente', 'Medida']);
    await page.keyboard.press('Escape');

    await page.goto('/companies');
    await page.getByTestId('restore-company').click();
    await expect.poll(() => page.getByTestId('company-archived').count()).toBe(0);
    await context.close();
  });

  it('is screenshotted in es, en and pt at desktop and phone width without overflow', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      await openCompanies(page);
      await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
      await page.reload();
      await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(tr(lang, 'companies.title'));
      await page.getByTestId('company-card').first().waitFor();
      await screenshotWithoutOverflow(page, `companies-${lang}-${name}`);
      if (lang === 'en' && name === 'desktop') {
        await page.getByTestId('edit-company').first().click();
        await page.getByTestId('company-form').waitFor();
        await page.waitForTimeout(400); // the modal's opening transition
        await page.screenshot({ path: path.join(SHOTS, `companies-modal-${lang}-${name}.png`) });
      }
    });
  });
});
