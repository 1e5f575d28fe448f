import { CONSENT_TEXT_VERSION } from '@medida/contracts';
import { DeleteAccountPage } from '../pages/delete-account-page.ts';
import { HandoverDialog } from '../pages/people-pages.ts';
import { apiWith } from '../support/api.ts';
import { LoginPage } from '../pages/login-page.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { mailedLinkPath } from '../support/outbox.ts';
import { forEveryScreen, screenshotWithoutOverflow } from '../support/screens.ts';
import { logIn, openSignedIn } from '../support/session.ts';
import { lane } from '../support/lane.ts';

// Deleting one's own account (issue 12, decision 113).
const HOME = E2E_USERS.home;
const LEAVER = { email: `leaver.${Date.now()}@e2e.medida.test`, password: 'Me-Voy-Clave-2026' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // A professional with nobody under it: signs up through the API.
  const res = await fetch(`${lane().baseURL}/web/creacuenta`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      nombre: 'Lucía',
      apellido: 'Salida',
      email: LEAVER.email,
      password: LEAVER.password,
      nacimiento: '1990-05-05',
      sexo: 'Femenino',
      lang: 'es',
      variant: 'register',
      terms_accepted: true,
    }),
  });
  expect(res.status).toBe(202);
  // The account exists once its confirmation link has gone out (the work runs after the answer).
  await mailedLinkPath(lane().dataDir, LEAVER.email, 'verify-email');
});
afterAll(async () => {
  await browser?.close();
});

async function openPage(page: Page, user: { email: string; password: string }, lang: Lang = 'es') {
  await openSignedIn(page, user, '/delete-account', lang);
  const screen = new DeleteAccountPage(page, lang);
  await screen.heading.waitFor();
  return screen;
}

describe('delete-account', () => {
  it('tells a professional with clients to hand them over, or to delete everything: keeping a network needs no clients left', async () => {
    const { context, page } = await newPage(browser);
    const screen = await openPage(page, HOME);
    await screen.blocked.waitFor();
    await screen.handOverEveryoneButton.waitFor();
    await page.getByTestId('delete-people-everything').waitFor();
    expect(await page.getByTestId('delete-people-keep_network').count()).toBe(0);
    // Without a choice nothing is sent: the choice asks for itself.
    await screen.deleteWith(HOME.email, HOME.password);
    await expect
      .poll(() => page.getByTestId('delete-people').textContent())
      .toContain(tr('es', 'deleteAccount.choiceRequired'));
    await context.close();
  });

  it('is screenshotted in es, en and pt at desktop and phone width without overflow', async () => {
    for (const [who, user] of [
      ['form', LEAVER],
      ['blocked', HOME],
    ] as const) {
      await forEveryScreen(browser, async (page, lang, name) => {
        const screen = await openPage(page, user, lang);
        await (who === 'form' ? screen.submitButton : screen.blocked).waitFor();
        await screenshotWithoutOverflow(page, `delete-account-${who}-${lang}-${name}`);
      });
    }
  });

  it('asks for the e-mail and the password, then ends the session; the old login no longer works', async () => {
    const { context, page } = await newPage(browser);
    const screen = await openPage(page, LEAVER);
    await screen.deleteWith('otra@persona.cl', LEAVER.password);
    await expect
      .poll(() => screen.descriptionOf(screen.confirmation))
      .toContain(tr('es', 'deleteAccount.confirmationMismatch'));
    await screen.deleteWith(LEAVER.email, 'no es mi clave');
    await expect.poll(() => screen.descriptionOf(screen.password)).toContain('contraseña actual');
    expect(await screen.password.getAttribute('aria-invalid')).toBe('true');
    await screen.password.fill(LEAVER.password);
    await screen.submitButton.click();
    await page.waitForURL('**/pages/login');
    await logIn(page, LEAVER.email, LEAVER.password);
    await new LoginPage(page).submitButton.waitFor();
    await expect.poll(() => page.url()).toContain('/pages/login');
    await context.close();
  });

  // Issue 30 item 4: a top-level professional with a network and clients deletes its account in each language.
  for (const lang of ['es', 'en', 'pt'] as const) {
    it(`a professional with a network and clients hands everyone to the network and deletes the account (${lang})`, async () => {
      const owner = await professionalWithNetwork(lang);
      const { context, page } = await newPage(browser);
      const screen = await openPage(page, owner, lang);
      await screen.blocked.waitFor();
      await screenshotWithoutOverflow(page, `delete-account-network-${lang}-desktop`);
      await screen.handOverEveryoneButton.click();
      const handover = new HandoverDialog(page, lang);
      await handover.receiver.click();
      // Only whom the server accepts is offered: the network professional, who keeps its place.
      await expect.poll(() => page.getByRole('option').count()).toBe(1);
      await screenshotWithoutOverflow(page, `delete-account-network-handover-${lang}-desktop`);
      await page.getByRole('option', { name: new RegExp(owner.networkName) }).click();
      await handover.submitButton.click();
      await handover.root.waitFor({ state: 'hidden' });
      // Only the network is left: it may keep its accounts.
      const keep = screen.peopleChoice('keepNetwork');
      await keep.waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshotWithoutOverflow(page, `delete-account-network-choice-${lang}-phone`);
      await keep.check();
      await screen.deleteWith(owner.email, owner.password);
      await page.waitForURL('**/pages/login');
      await context.close();

      // The network professional accepts its invitation and finds the clients handed to it.
      const invitation = await mailedLinkPath(lane().dataDir, owner.networkEmail, 'reset-password');
      const token = new URLSearchParams(invitation.split('#')[1]).get('token')!;
      const accepted = await post('/web/reestablecepass/confirm', { token, password: 'Mi-Red-Sigue-2026' });
      expect(accepted.status).toBe(200);
      const api = apiWith((accepted.json as { token: string }).token);
      const me = (await api<{ user: { id: number } }>('/web/authenticate/user')).json.user.id;
      const clients = await api<{ total: number }>(`/web/getMyClients?type=2&parent_user_id=${me}&limit=10&skip=0`);
      expect(clients.json.total).toBe(2);
    });
  }
});

/** One call to a public JSON route, the way the web app calls it. */
async function post(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(lane().baseURL + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/**
 * A professional who signed up in `lang` (through the API and its confirmation link), with a network professional
 * and two clients of its own, all in the United States (no ID number asked).
 */
async function professionalWithNetwork(lang: Lang) {
  const stamp = `${lang}.${Date.now()}`;
  const owner = { email: `owner.${stamp}@e2e.medida.test`, password: 'Con-Red-Clave-2026' };
  const registered = await post('/web/creacuenta', {
    nombre: 'Olga',
    apellido: 'Cuenta',
    email: owner.email,
    password: owner.password,
    nacimiento: '1985-02-02',
    sexo: 'Femenino',
    lang,
    variant: 'register',
    terms_accepted: true,
  });
  expect(registered.status).toBe(202);
  const link = await mailedLinkPath(lane().dataDir, owner.email, 'verify-email');
  const confirmed = await post('/web/confirmaregistro', {
    token: new URLSearchParams(link.split('#')[1]).get('token'),
  });
  expect(confirmed.status).toBe(200);
  const api = apiWith((confirmed.json as { token: string }).token);
  const ownerId = (await api<{ user: { id: number } }>('/web/authenticate/user')).json.user.id;
  const countries = (await api<{ countries: { id: number; iso2: string }[] }>('/web/countries')).json.countries;
  const pais_id = countries.find((c) => c.iso2 === 'US')!.id;
  const region_id = (await api<{ states: { id: number }[] }>(`/web/states?country_id=${pais_id}`)).json.states[0]!.id;
  const comuna_id = (await api<{ cities: { id: number }[] }>(`/web/cities?state_id=${region_id}`)).json.cities[0]!.id;
  const person = (nombre: string, email: string) => ({
    nombre,
    apellido: 'Medida',
    email,
    telefono: '+1 555 0100',
    nacimiento: '1990-01-01',
    sexo: 'Masculino',
    direccion: '1 Main St',
    pais_id,
    region_id,
    comuna_id,
    rut: '',
    lang,
    parent_user_id: ownerId,
  });
  const networkName = `Nico${lang}`;
  const networkEmail = `network.${stamp}@e2e.medida.test`;
  const network = await api('/web/create_user', {
    method: 'POST',
    body: { ...person(networkName, networkEmail), type: 1, especialidad: 'Entrenador', trabajo: 'Independiente' },
  });
  expect(network.status).toBe(200);
  for (const name of ['Carla', 'Dario']) {
    const client = await api('/web/create_user', {
      method: 'POST',
      body: {
        ...person(name, `${name.toLowerCase()}.${stamp}@e2e.medida.test`),
        type: 2,
        consent_method: 'written',
        consent_version: CONSENT_TEXT_VERSION,
        consent_lang: lang,
      },
    });
    expect(client.status).toBe(200);
  }
  return { ...owner, networkName, networkEmail };
}
