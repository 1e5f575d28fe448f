import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DeleteAccountPage } from '../pages/delete-account-page.ts';
import { ClientsPage, HandoverDialog } from '../pages/people-pages.ts';
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
      const deletion = new DeleteAccountPage(page, lang);
      await deletion.blocked.waitFor();
      await screenshotWithoutOverflow(page, `handover-delete-blocked-${lang}-${name}`);
      await deletion.handOverEveryoneButton.click();
      const handover = new HandoverDialog(page, lang);
      await handover.receiver.click();
      await page.getByRole('option').first().waitFor();
      await screenshotWithoutOverflow(page, `handover-modal-${lang}-${name}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      const clients = await new ClientsPage(page, lang).open();
      await clients.selectBox(`${ANA.nombre} ${ANA.apellido}`).check();
      await clients.handOverSelectedButton.waitFor();
      await screenshotWithoutOverflow(page, `handover-clients-selected-${lang}-${name}`);
    });
  });

  it('hands one chosen client to the sibling from My clients', async () => {
    const { context, page } = await newPage(browser);
    await openSignedIn(page, GIVER, '/users');
    const clients = new ClientsPage(page);
    const row = clients.row(ANA.email);
    await clients.selectBox(`${ANA.nombre} ${ANA.apellido}`).check();
    await clients.handOverSelectedButton.click();
    const handover = new HandoverDialog(page);
    await expect
      .poll(() => handover.root.textContent())
      .toContain(tr('es', 'handover.summaryClients_one').replace('{{count}}', '1'));
    // Submitting without a receiver asks for one; nothing is sent.
    await handover.submitButton.click();
    await expect.poll(() => handover.root.textContent()).toContain(tr('es', 'handover.receiverRequired'));
    await handover.pickReceiver(/Sofía Lado/);
    await handover.submitButton.click();
    await expect.poll(() => row.count()).toBe(0);
    await context.close();

    const check = await newPage(browser);
    expect(await clientEmails(check.page, E2E_USERS.handoverSibling)).toEqual([ANA.email]);
    await check.context.close();
  });

  it('hands everyone over to the account above from the delete page, then deletes the account', async () => {
    const { context, page } = await newPage(browser);
    await openSignedIn(page, GIVER, '/delete-account', 'en');
    const deletion = new DeleteAccountPage(page, 'en');
    await deletion.blocked.waitFor();
    // With clients left, keeping the network is not a choice (decision 184).
    expect(await page.getByTestId('delete-people-keep_network').count()).toBe(0);
    await deletion.handOverEveryoneButton.click();
    const handover = new HandoverDialog(page, 'en');
    await handover.pickReceiver(/Tadeo Cumbre/);
    await handover.submitButton.click();
    // Nobody is left under the user: the warning and the choice about people go, the plain form stays.
    await deletion.blocked.waitFor({ state: 'detached' });
    expect(await page.getByTestId('delete-people').count()).toBe(0);
    await deletion.deleteWith(GIVER.email, GIVER.password);
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
