import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { OneTimeLinkPage } from '../pages/one-time-link-page.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInForApi, type Api } from '../support/api.ts';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { waitForMail } from '../support/outbox.ts';
import { repoRoot } from '../support/server.ts';
import { expectPath, logIn } from '../support/session.ts';
import { lane } from '../support/lane.ts';
import { saveShot } from '../support/screens.ts';

const SHOTS = path.join(repoRoot, 'e2e/artifacts/screens');
const LANGS: Lang[] = ['es', 'en', 'pt'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** The page as it stands, at desktop and phone width. */
async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    await saveShot(page, `${name}-${size}`, { fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** Chile, Región Metropolitana, Santiago: the address the edit form sends back. */
async function santiago(api: Api) {
  const get = async <T>(path: string): Promise<T> => (await api<T>(path)).json;
  const { countries } = await get<{ countries: { id: number; name: string }[] }>('/web/countries');
  const chile = countries.find((c) => c.name === 'Chile')!;
  const { states } = await get<{ states: { id: number; name: string }[] }>(`/web/states?country_id=${chile.id}`);
  const rm = states.find((s) => /Metropolitana/.test(s.name))!;
  const { cities } = await get<{ cities: { id: number; name: string }[] }>(`/web/cities?state_id=${rm.id}`);
  return { pais_id: chile.id, region_id: rm.id, comuna_id: cities.find((c) => c.name === 'Santiago')!.id };
}

describe('confirming a new login e-mail from the mailed link (issue 10 item 3)', () => {
  it('a network professional confirms the new address it asked for (its parent may not), then logs in with it', async () => {
    const child = E2E_USERS.networkChild;
    const newEmail = 'network.child.new@e2e.medida.test';
    const own = await newPage(browser);
    const { api: childApi, userId: childId } = await signInForApi(own.page, child);

    // The child chose its own password: the parent's edit with a new address is refused, nothing stored (decision 202).
    const parent = await newPage(browser);
    const { api } = await signInForApi(parent.page, E2E_USERS.emailParent);
    const refusedEdit = await api<{ error: { message: Record<string, string[]> } }>('/web/editaperfil', {
      method: 'POST',
      body: {
        id_usuario: childId,
        nombre: child.nombre,
        apellido: child.apellido,
        email: newEmail,
        telefono: '+56933334444',
        nacimiento: child.nacimiento,
        sexo: child.sexo,
        direccion: 'Calle Falsa 123',
        ...(await santiago(api)),
        rut: child.rut,
        especialidad: 'Kinesiólogo',
        trabajo: 'Dependiente',
        empresa: 'Clínica Norte',
      },
    });
    expect(refusedEdit.status).toBe(422);
    expect(refusedEdit.json.error.message.email?.[0]).toMatch(/solo ella puede cambiar el correo/);
    await parent.context.close();

    const asked = await childApi('/web/cambiaemail', {
      method: 'POST',
      body: { email: newEmail, password: child.password },
    });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    await own.context.close();

    const mail = await waitForMail(lane().dataDir, newEmail, /confirm-email#token=/);
    const link = /https?:\/\/[^\s"<>]+\/pages\/confirm-email#token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    const linkPath = new URL(link!).pathname + new URL(link!).hash;

    const { context, page } = await newPage(browser);
    await page.goto(linkPath);
    await page.getByText(tr('es', 'auth.confirmEmail.successText')).waitFor();
    // The token is wiped from the address bar once read.
    expect(new URL(page.url()).hash).toBe('');
    // The confirmed state in every language (the switcher re-renders it in place; the token is spent).
    let shown = new OneTimeLinkPage(page, 'es', 'auth.confirmEmail');
    for (const lang of LANGS) {
      if (lang !== 'es') await shown.switchLanguage(lang);
      shown = new OneTimeLinkPage(page, lang, 'auth.confirmEmail');
      await shown.success.getByText(tr(lang, 'auth.confirmEmail.successText')).waitFor();
      await shoot(page, `confirm-email-success-${lang}`);
    }
    await shown.switchLanguage('es');
    await new OneTimeLinkPage(page, 'es', 'auth.confirmEmail').loginLink.click();
    await expectPath(page, '/pages/login');

    await logIn(page, newEmail, child.password);
    await expectPath(page, '/dashboard');

    // The link is single-use: a second visit shows the server's translated refusal and the way to log in.
    const again = await newPage(browser);
    await again.page.goto(linkPath);
    const refused = new OneTimeLinkPage(again.page, 'es', 'auth.confirmEmail').refusal;
    await refused.waitFor();
    await expect.poll(() => refused.textContent()).toMatch(/no es válido/);
    await again.context.close();
    await context.close();
  });

  it('refuses an invalid token in the reader’s language and a link without one, each with a link to log in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/pages/login');
    const refusal = { es: /no es válido/, en: /invalid or has expired/, pt: /inválido ou expirou/ };
    // Well-formed but never issued: the server's 410, in the language the page asked in.
    const unknownToken = 'A'.repeat(43);
    for (const lang of LANGS) {
      await page.goto('/pages/login');
      await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
      await page.goto(`/pages/confirm-email#token=${unknownToken}`);
      const shown = new OneTimeLinkPage(page, lang, 'auth.confirmEmail');
      await expect.poll(() => shown.refusal.textContent()).toMatch(refusal[lang]);
      expect(await shown.success.count()).toBe(0);
      expect(new URL(page.url()).hash).toBe('');
      await shoot(page, `confirm-email-invalid-${lang}`);
    }
    await page.evaluate(() => window.localStorage.setItem('lang', 'es'));

    await page.goto('/pages/confirm-email');
    const noToken = new OneTimeLinkPage(page, 'es', 'auth.confirmEmail');
    await noToken.refusal.getByText(tr('es', 'auth.confirmEmail.noToken')).waitFor();
    await noToken.loginLink.click();
    await expectPath(page, '/pages/login');
    await context.close();
  });
});
