import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { mailedLinkPath, waitForMail } from '../support/outbox.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { forEveryScreen, screenshotWithoutOverflow, saveShot } from '../support/screens.ts';
import { expectPath, logIn, openSignedIn } from '../support/session.ts';
import sharp from 'sharp';
import { ProfileModal } from '../pages/profile-modal.ts';
import { Shell } from '../pages/shell.ts';
import { lane } from '../support/lane.ts';

// The profile's edit form (issue 12, decision 116) as the seeded client (the saved path: profile.int.test.ts).
const CLIENT = E2E_USERS.client;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The seeded client signed in, in `lang`, with its profile dialog open. */
async function openOwnProfile(page: Page, lang: Lang = 'es'): Promise<ProfileModal> {
  await openSignedIn(page, CLIENT, '/evaluations', lang);
  await new Shell(page, lang).openProfile();
  const profile = new ProfileModal(page, lang);
  await profile.root.waitFor();
  return profile;
}

describe('profile', () => {
  it('opens its own data with the language, the e-mail read-only, the edit rules applied; screens in es/en/pt', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      const profile = await openOwnProfile(page, lang);
      await profile.editButton.click();
      await profile.saveButton.waitFor();
      expect(await profile.field('fields.email', profile.root).getAttribute('readonly')).not.toBeNull();
      await page.waitForTimeout(300);
      await saveShot(page, `profile-edit-${lang}-${name}`, { fullPage: true });
      if (lang === 'es' && name === 'desktop') {
        await profile.field('fields.telefono', profile.root).fill('+56 9 8765 4321');
        // The fixture client has no address, RUT or location: one's own profile asks only what sign-up asked
        // (decision 185), so the phone saves alone.
        await profile.saveButton.click();
        await page.getByText(tr('es', 'profile.saved')).first().waitFor();
        expect(await profile.fieldErrors.count()).toBe(0);
      }
    });
  });

  it('changes its e-mail only through a link to the new address, after the current password; screens in es/en/pt', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      const profile = await openOwnProfile(page, lang);
      await profile.changeEmailButton.click();
      await profile.changeEmail.waitFor();
      const wanted = `client-new-${lang}-${name}@example.com`;
      await profile.newEmail.fill(wanted);
      await profile.currentPassword.fill('not the password');
      await profile.changeEmailSubmit.click();
      // The password field says it is wrong; the new address is fine.
      await expect.poll(() => profile.currentPassword.getAttribute('aria-invalid')).toBe('true');
      expect((await profile.descriptionOf(profile.currentPassword)).trim()).not.toBe('');
      expect(await profile.newEmail.getAttribute('aria-invalid')).not.toBe('true');
      await page.waitForTimeout(300);
      await saveShot(page, `profile-email-${lang}-${name}`);
      await profile.currentPassword.fill(CLIENT.password);
      await profile.changeEmailSubmit.click();
      await profile.changeEmailSent(wanted).waitFor();
      await page.waitForTimeout(300);
      await saveShot(page, `profile-email-sent-${lang}-${name}`);
      await waitForMail(lane().dataDir, wanted, /confirm-email#token=/);
    });
  });

  it('uploads a picture, sees it in the header as a 512 px square, and removes it; screens in es/en/pt', async () => {
    // A landscape photo: the server crops it to a square and shrinks it to 512 px.
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1c7ed6' } })
      .jpeg()
      .toBuffer();
    const headerAvatar = (page: Page) => new Shell(page).headerAvatar;
    const { context, page } = await newPage(browser, DESKTOP);
    await logIn(page, CLIENT.email, CLIENT.password);
    await expectPath(page, '/evaluations');
    await expect.poll(() => headerAvatar(page).count()).toBe(0);
    await new Shell(page).openProfile();
    const profile = new ProfileModal(page);
    await profile.root.waitFor();
    const chooser = page.waitForEvent('filechooser');
    await profile.uploadPictureButton.click();
    await (await chooser).setFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect
      .poll(() => headerAvatar(page).getAttribute('src'), { timeout: 10_000 })
      .toMatch(/^\/web\/avatars\/[0-9a-f-]{36}$/);
    const size = await headerAvatar(page).evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([512, 512]);
    await context.close();

    await forEveryScreen(browser, async (p, lang, name) => {
      const shown = await openOwnProfile(p, lang);
      await expect.poll(() => new Shell(p, lang).headerAvatar.count(), { timeout: 10_000 }).toBe(1);
      await shown.picture.waitFor();
      await p.waitForTimeout(300);
      await screenshotWithoutOverflow(p, `profile-avatar-${lang}-${name}`);
    });

    const again = await newPage(browser, DESKTOP);
    await (await openOwnProfile(again.page)).removePictureButton.click();
    await expect.poll(() => headerAvatar(again.page).count(), { timeout: 10_000 }).toBe(0);
    await again.context.close();
  });

  // Issue 30 item 5: sign-up asks no ID, address or place; the profile must not ask them to change the language.
  for (const lang of ['es', 'en', 'pt'] as const) {
    it(`a freshly registered professional changes only the language and the units, and it saves (${lang})`, async () => {
      const user = await registeredProfessional(lang);
      const { context, page } = await newPage(browser);
      await openSignedIn(page, user, '/dashboard', lang);
      await new Shell(page, lang).openProfile();
      const profile = new ProfileModal(page, lang);
      await profile.root.waitFor();
      await profile.editButton.click();
      await profile.saveButton.waitFor();
      const other = lang === 'pt' ? 'es' : 'pt';
      await page.getByTestId('profile-lang').click();
      await page.getByRole('option', { name: tr(lang, `consent.language.${other}`) }).click();
      await page.getByTestId('profile-units').click();
      await page.getByRole('option', { name: tr(lang, 'profile.unitSystem.imperial') }).click();
      await profile.saveButton.click();
      await page.getByText(tr(lang, 'profile.saved')).first().waitFor();
      expect(await profile.fieldErrors.count()).toBe(0);
      const saved = await page.request.get('/web/listadoperfil', {
        headers: { Authorization: `Bearer ${user.token}`, 'X-Requested-With': 'XMLHttpRequest' },
      });
      expect(await saved.json()).toMatchObject({ data: { lang: other, units: 'imperial' } });
      await context.close();
    });
  }
});

/** A professional who signed up in `lang` through the API and opened its confirmation link: no ID, address or place. */
async function registeredProfessional(lang: Lang) {
  const email = `fresh.${lang}.${Date.now()}@e2e.medida.test`;
  const password = 'Recien-Llegada-2026';
  const call = (url: string, body: unknown) =>
    fetch(lane().baseURL + url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify(body),
    });
  const registered = await call('/web/creacuenta', {
    nombre: 'Fresca',
    apellido: 'Nueva',
    email,
    password,
    nacimiento: '1991-03-03',
    sexo: 'Femenino',
    lang,
    variant: 'register',
    terms_accepted: true,
  });
  expect(registered.status).toBe(202);
  const link = await mailedLinkPath(lane().dataDir, email, 'verify-email');
  const confirmed = await call('/web/confirmaregistro', {
    token: new URLSearchParams(link.split('#')[1]).get('token'),
  });
  expect(confirmed.status).toBe(200);
  const { token } = (await confirmed.json()) as { token: string };
  return { email, password, token };
}
