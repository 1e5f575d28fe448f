import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import type { Lang } from '../support/i18n.ts';
import { CompaniesPage } from '../pages/companies-page.ts';
import { ClientsPage } from '../pages/people-pages.ts';
import { forEveryScreen, screenshotWithoutOverflow, saveShot } from '../support/screens.ts';
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

async function openCompanies(page: Page, lang: Lang = 'es'): Promise<CompaniesPage> {
  await openSignedIn(page, HOME, '/companies', lang);
  const companies = new CompaniesPage(page, lang);
  await companies.heading.waitFor();
  return companies;
}

describe('companies', () => {
  it('creates, renames, archives and restores companies, and offers the live ones in the client form', async () => {
    const { context, page } = await newPage(browser);
    const companies = await openCompanies(page);
    await companies.emptyState.waitFor();
    await companies.button('companies.new').click();
    await companies.save('Gimnasio Norte', '76.123.456-7');
    await companies.dialog_.waitFor({ state: 'detached' });
    await expect.poll(() => companies.cards.count()).toBe(1);
    expect(await companies.card('Gimnasio Norte').textContent()).toContain('76.123.456-7');

    // A second one, first with a name already taken: the server's message under the field.
    await companies.button('companies.new').click();
    await companies.save('gimnasio norte');
    await expect
      .poll(() => companies.descriptionOf(companies.field('companies.name', companies.dialog_)))
      .toContain('Tu cuenta ya tiene una empresa con este nombre.');
    await companies.save('Clínica Sur');
    await expect.poll(() => companies.cards.count()).toBe(2);

    // Rename, then archive (confirmed) and restore.
    await companies.button('companies.rename', companies.card('Clínica Sur')).click();
    await companies.save('Clínica Sur Oriente');
    await companies.card('Clínica Sur Oriente').waitFor();
    expect(await companies.names()).toEqual(['Clínica Sur Oriente', 'Gimnasio Norte']);
    await companies.archive('Gimnasio Norte');
    await companies.archivedBadge(companies.card('Gimnasio Norte')).waitFor();

    // The client form offers the default company and the live one, not the archived one.
    const form = await (await new ClientsPage(page).open()).openNew();
    await form.field('fields.company', form.root).click();
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Clínica Sur Oriente', 'Medida']);
    await page.keyboard.press('Escape');

    await companies.open();
    await companies.button('companies.restore', companies.card('Gimnasio Norte')).click();
    await expect.poll(() => companies.archivedBadge().count()).toBe(0);
    await context.close();
  });

  it('is screenshotted in es, en and pt at desktop and phone width without overflow', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      const companies = await openCompanies(page, lang);
      await companies.cards.first().waitFor();
      await screenshotWithoutOverflow(page, `companies-${lang}-${name}`);
      if (lang === 'en' && name === 'desktop') {
        await companies.button('companies.rename', companies.cards.first()).click();
        await companies.dialog_.waitFor();
        await page.waitForTimeout(400); // the modal's opening transition
        await saveShot(page, `companies-modal-${lang}-${name}`);
      }
    });
  });
});
