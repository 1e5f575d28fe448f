import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInForApi } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { forEveryScreen, screenshotWithoutOverflow } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';

// Handing clients and network professionals over, then deleting the account (issue 12, decision 117).
const GIVER = E2E_USERS.handoverGiver;
const [ANA, BRUNO, CARLA, DIEGO] = E2E_USERS.handoverClients as [
  (typeof E2E_USERS.handoverClients)[number],
  (typeof E2E_USERS.handoverClients)[number],
  (typeof E2E_USERS.handoverClients)[number],
  (typeof E2E_USERS.handoverClients)[number],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function pickReceiver(page: Page, name: RegExp) {
  await page.getByTestId('handover-receiver').click();
  await page.getByRole('option', { name }).click();
}

/** The e-mails of the clients directly under a professional, as its My clients list gives them. */
async function clientEmails(page: Page, user: { email: string; password: string }) {
  const { api, userId } = await signInForApi(page, user);
  const res = await api<{ clients: { profile: { email: string } }[] }>(
    `/web/getMyClients?type=2&parent_user_id=${userId}&limit=50&skip=0`,
  );
  return res.json.clients.map((c) => c.profile.email).sort();
}

describe('hand-over', () => {
  it('is screenshotted in es, en and pt at desktop and phone width: the delete page and My clients with a selection', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      await openSignedIn(page, GIVER, '/delete-account', lang);
      await page.getByTestId('delete-blocked').waitFor();
      await screenshotWithoutOverflow(page, `handover-delete-blocked-${lang}-${name}`);
      await page.getByTestId('handover-everyone').click();
      await page.getByTestId('handover-receiver').waitFor();
      await page.getByTestId('handover-receiver').click();
      await page.getByRole('option').first().waitFor();
      await screenshotWithoutOverflow(page, `handover-modal-${lang}-${name}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      await page.goto('/users');
      await page.getByTestId('client-row').locator('visible=true').first().waitFor();
      await page.getByTestId('client-row').locator('visible=true').first().getByTestId('select-person').check();
      await page.getByTestId('selection-bar').waitFor();
      await screenshotWithoutOverflow(page, `handover-clients-selected-${lang}-${name}`);
    });
  });

  it('hands one chosen client to the sibling from My clients', async () => {
    const { context, page } = await newPage(browser);
    await openSignedIn(page, GIVER, '/users');
    const row = page.locator(`[data-testid="client-row"][data-email="${ANA.email}"]`).locator('visible=true');
    await row.getByTestId('select-person').check();
    await page.getByTestId('handover-selected').click();
    await expect
      .poll(() => page.getByRole('dialog').textContent())
      .toContain(tr('es', 'handover.summaryClients_one').replace('{{count}}', '1'));
    // Submitting without a receiver asks for one; nothing is sent.
    await page.getByTestId('handover-submit').click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain(tr('es', 'handover.receiverRequired'));
    await pickReceiver(page, /Sofía Lado/);
    await page.getByTestId('handover-submit').click();
    await expect.poll(() => row.count()).toBe(0);
    await context.close();

    const check = await newPage(browser);
    expect(await clientEmails(check.page, E2E_USERS.handoverSibling)).toEqual([ANA.email]);
    await check.context.close();
  });

  it('hands everyone over to the account above from the delete page, then deletes the account', async () => {
    const { context, page } = await newPage(browser);
    await openSignedIn(page, GIVER, '/delete-account', 'en');
    await page.getByTestId('delete-blocked').waitFor();
    expect(await page.getByTestId('delete-account-form').count()).toBe(0);
    await page.getByTestId('handover-everyone').click();
    await pickReceiver(page, /Tadeo Cumbre/);
    await page.getByTestId('handover-submit').click();
    // Nobody is left under the user: the deletion form takes the place of the warning.
    await page.getByTestId('delete-account-form').waitFor();
    await page.getByTestId('delete-confirmation').fill(GIVER.email);
    await page.getByTestId('delete-password').fill(GIVER.password);
    await page.getByTestId('delete-account-submit').click();
    await page.waitForURL('**/pages/login');
    await context.close();

    // The top account now holds the giver's clients; the network professional keeps its own client.
    const top = await newPage(browser);
    expect(await clientEmails(top.page, E2E_USERS.handoverTop)).toEqual([BRUNO.email, CARLA.email].sort());
    await top.context.close();
    const branch = await newPage(browser);
    expect(await clientEmails(branch.page, E2E_USERS.handoverBranch)).toEqual([DIEGO.email]);
    await branch.context.close();
  });
});
