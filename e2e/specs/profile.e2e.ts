import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { waitForMail } from '../support/outbox.ts';
import type { Lang } from '../support/i18n.ts';
import { forEveryScreen, screenshotWithoutOverflow, SHOTS } from '../support/screens.ts';
import { expectPath, logIn, openSignedIn } from '../support/session.ts';
import sharp from 'sharp';

// The profile's edit form (issue 12, decision 116) as the seeded client (the saved path: profile.int.test.ts).
const CLIENT = E2E_USERS.client;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The seeded client signed in, in `lang` when given, with its profile modal open. */
async function openOwnProfile(page: Page, lang?: Lang): Promise<void> {
  await openSignedIn(page, CLIENT, '/evaluations', lang);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-profile').click();
  await page.getByTestId('profile-modal').waitFor();
}

describe('profile', () => {
  it('opens its own data with the language, the e-mail read-only, the edit rules applied; screens in es/en/pt', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      await openOwnProfile(page, lang);
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
    });
  });

  it('changes its e-mail only through a link to the new address, after the current password; screens in es/en/pt', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      await openOwnProfile(page, lang);
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
    });
  });

  it('uploads a picture, sees it in the header as a 512 px square, and removes it; screens in es/en/pt', async () => {
    // A landscape photo: the server crops it to a square and shrinks it to 512 px.
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1c7ed6' } })
      .jpeg()
      .toBuffer();
    const headerAvatar = (page: Page) => page.getByTestId('user-menu-avatar').locator('img');
    const { context, page } = await newPage(browser, DESKTOP);
    await logIn(page, CLIENT.email, CLIENT.password);
    await expectPath(page, '/evaluations');
    await expect.poll(() => headerAvatar(page).count()).toBe(0);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    await page.getByTestId('profile-modal').waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('profile-avatar-upload').click();
    await (await chooser).setFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect
      .poll(() => headerAvatar(page).getAttribute('src'), { timeout: 10_000 })
      .toMatch(/^\/web\/avatars\/[0-9a-f-]{36}$/);
    const size = await headerAvatar(page).evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([512, 512]);
    await context.close();

    await forEveryScreen(browser, async (p, lang, name) => {
      await openOwnProfile(p, lang);
      await expect.poll(() => headerAvatar(p).count(), { timeout: 10_000 }).toBe(1);
      await p.getByTestId('profile-avatar').locator('img').waitFor();
      await p.waitForTimeout(300);
      await screenshotWithoutOverflow(p, `profile-avatar-${lang}-${name}`);
    });

    const again = await newPage(browser, DESKTOP);
    await openOwnProfile(again.page);
    await again.page.getByTestId('profile-avatar-remove').click();
    await expect.poll(() => headerAvatar(again.page).count(), { timeout: 10_000 }).toBe(0);
    await again.context.close();
  });
});
