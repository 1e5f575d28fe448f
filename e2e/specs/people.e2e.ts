import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { pickDateIn } from '../support/date-picker.ts';
import { tr } from '../support/i18n.ts';
import { ClientDetailPage, ClientsPage, NetworkPage } from '../pages/people-pages.ts';
import { ResetPasswordPage } from '../pages/password-pages.ts';
import { waitForMail } from '../support/outbox.ts';
import { expectPath, logIn, openSignedIn } from '../support/session.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { forEveryScreen, SHOTS, saveShot } from '../support/screens.ts';
import { lane } from '../support/lane.ts';

const DEMO = { email: 'demo@medida.app', password: 'Medida-Demo-2026' };
// A 1×1 PNG and a minimal PDF: real files the server accepts by their first bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let browser: Browser;
let dir: string;
const files = { png: '', pdf: '', big: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  dir = await mkdtemp(path.join(os.tmpdir(), 'medida-people-e2e-'));
  files.png = path.join(dir, 'radiografia.png');
  files.pdf = path.join(dir, 'examen.pdf');
  files.big = path.join(dir, 'demasiado-grande.png');
  await writeFile(files.png, PNG);
  await writeFile(files.pdf, PDF);
  // Exactly 10,000,000 bytes: one byte over what the spec allows.
  await writeFile(files.big, Buffer.concat([PNG, Buffer.alloc(10_000_000 - PNG.length)]));
});
afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const es = (key: string) => tr('es', key);

async function loggedIn(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser);
  await logIn(page, DEMO.email, DEMO.password);
  await expectPath(page, '/dashboard');
  return { page, close: () => context.close() };
}

describe('country → region → comuna cascade', () => {
  it('preselects the professional’s country; a new country clears region and comuna, a new region clears comuna', async () => {
    const { page, close } = await loggedIn();
    const clients = await new ClientsPage(page).open();
    let form = await clients.openNew();
    await expect.poll(() => form.input('pais').inputValue()).toBe('Chile');
    await expect(form.input('comuna').isDisabled()).resolves.toBe(true);

    await form.select('region', 'Valparaíso');
    await form.select('comuna', 'Casablanca');
    expect(await form.input('comuna').inputValue()).toBe('Casablanca');

    // A new region empties the comuna and loads the region's comunas.
    await form.select('region', 'Región Metropolitana de Santiago');
    expect(await form.input('comuna').inputValue()).toBe('');
    await form.input('comuna').click();
    await page.getByRole('option', { name: 'Ñuñoa', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await form.select('comuna', 'Ñuñoa');

    // A new country empties both and loads its regions.
    await form.select('pais', 'Argentina');
    expect(await form.input('region').inputValue()).toBe('');
    expect(await form.input('comuna').inputValue()).toBe('');
    await expect(form.input('comuna').isDisabled()).resolves.toBe(true);
    await form.select('region', 'Catamarca');
    await form.input('comuna').click();
    await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(0);

    // Closing resets the modal: it opens again with Chile and nothing else.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await form.root.waitFor({ state: 'detached' });
    form = await clients.openNew();
    await expect.poll(() => form.input('pais').inputValue()).toBe('Chile');
    expect(await form.input('region').inputValue()).toBe('');
    await close();
  });
});

describe('clients', () => {
  it('creates a client with a document, edits it, moves credits and deletes it', async () => {
    const { page, close } = await loggedIn();
    const clients = await new ClientsPage(page).open();
    const form = await clients.openNew();
    const create = form.submit('people.clients.create');

    // Nothing filled: every problem at once, the first field focused with its message, no generic toast.
    await create.click();
    await expect
      .poll(() => form.invalidFocus(form.input('nombre')))
      .toEqual({ focused: true, invalid: true, message: es('validation.required') });
    expect(await form.toast(es('messages.allFieldsRequired')).count()).toBe(0);

    await form.fill({
      nombre: 'Camila',
      apellido: 'Rojas',
      email: 'camila.rojas@e2e.medida.test',
      rut: '11.111.111-2',
    });
    // A wrong Chilean check digit is caught before sending.
    await create.click();
    await form.root.getByText(es('validation.rut')).waitFor();
    await form.nationalId().fill('11.111.111-1');

    // Too large: refused before upload with the translated advice.
    await form.fileInput.setInputFiles(files.big);
    await form.expectToast(es('messages.maxFileSizeAdvice'));
    expect(await form.documentTitle(0).count()).toBe(0);

    await form.fileInput.setInputFiles(files.png);
    await form.removeDocument('radiografia.png').waitFor();
    // Title and description are required per document: the title is the first invalid field.
    await create.click();
    await expect.poll(() => form.invalidFocus(form.documentTitle(0))).toMatchObject({ focused: true, invalid: true });
    await form.documentTitle(0).fill('Radiografía');
    await form.documentDescription(0).fill('Rodilla derecha, marzo');
    // No client without its consent to store health data (decision 141).
    await create.click();
    await form.root.getByText(es('consent.required')).waitFor();
    await form.consent.check();
    await create.click();
    await form.expectToast(es('messages.createdUser'));
    await form.root.waitFor({ state: 'detached' });

    const row = clients.row('camila.rojas@e2e.medida.test');
    await row.waitFor();
    expect(await row.textContent()).toContain('11.111.111-1');

    // Detail: profile, parent note, the document (downloadable), credits, empty evaluations.
    await row.getByRole('link', { name: /Camila/ }).click();
    await page.waitForURL(/\/users\/\d+$/);
    const detail = new ClientDetailPage(page);
    await detail.parentNote.waitFor();
    await detail
      .section('people.detail.profile')
      .getByText('Providencia, Región Metropolitana de Santiago, Chile', { exact: true })
      .waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), detail.downloadButton('Radiografía').click()]);
    expect(download.suggestedFilename()).toBe('radiografia.png');
    await page.getByText(es('evaluations.clientSection.emptyTitle')).waitFor();
    expect(await page.getByTestId('detail-credits').textContent()).toBe('0');

    // Edit: new phone, the PNG marked for deletion, a PDF added; all applied on save.
    await detail.editButton.click();
    const edit = detail.editForm();
    await edit.root.waitFor();
    await expect.poll(() => edit.input('nombre').inputValue()).toBe('Camila');
    expect(await edit.input('comuna').inputValue()).toBe('Providencia');
    await edit.input('apellido').fill('Rojas Soto');
    const mark = edit.root.getByRole('button', { name: edit.t('attachments.mark', { title: 'Radiografía' }) });
    const unmark = edit.root.getByRole('button', { name: edit.t('attachments.unmark', { title: 'Radiografía' }) });
    await mark.click();
    await edit.root.getByText(edit.t('attachments.markedBadge')).waitFor();
    // Unmark and mark again: nothing happens until save.
    await unmark.click();
    expect(await edit.root.getByText(edit.t('attachments.markedBadge')).count()).toBe(0);
    await mark.click();
    await edit.fileInput.setInputFiles(files.pdf);
    await edit.documentTitle(0).fill('Examen de sangre');
    await edit.documentDescription(0).fill('Perfil lipídico');
    await edit.submit('common.save').click();
    await edit.expectToast(es('messages.editedUser'));
    await edit.root.waitFor({ state: 'detached' });
    await expect.poll(() => detail.heading.textContent()).toBe('Camila Rojas Soto');
    await detail.downloadButton('Examen de sangre').waitFor();
    expect(await detail.documents.count()).toBe(1);

    // Credits: the current balance and the parent's; 25 move from the parent to the client.
    await detail.creditsButton.click();
    await detail.creditsDialog.waitFor();
    await expect.poll(() => page.getByTestId('credits-parent').textContent()).toBe('100');
    expect(await page.getByTestId('credits-current').textContent()).toBe('0');
    await detail.newBalance.fill('25');
    await detail.button('common.save', detail.creditsDialog).click();
    await detail.expectToast(es('messages.okCreditsTitle'));
    await expect.poll(() => page.getByTestId('detail-credits').textContent()).toBe('25');
    await detail.creditsButton.click();
    await expect.poll(() => page.getByTestId('credits-parent').textContent()).toBe('75');
    await page.keyboard.press('Escape');
    await detail.creditsDialog.waitFor({ state: 'detached' });

    // Delete asks first, with the spec's text; cancelling keeps the client.
    const confirmation = page.getByRole('dialog').filter({ hasText: es('messages.deleteConfirm') });
    await detail.deleteButton.click();
    await confirmation.waitFor();
    await detail.button('common.cancel', confirmation).click();
    await confirmation.waitFor({ state: 'hidden' });
    expect(await detail.heading.textContent()).toBe('Camila Rojas Soto');
    await detail.deleteButton.click();
    await detail.button('common.delete', confirmation).click();
    await expectPath(page, '/users');
    await detail.expectToast(es('messages.deletedUser'));
    await expect.poll(() => clients.row('camila.rojas@e2e.medida.test').count()).toBe(0);
    await close();
  });

  it('rejects a client younger than the age helper allows', async () => {
    const { page, close } = await loggedIn();
    const form = await (await new ClientsPage(page).open()).openNew();
    const today = new Date();
    // Exactly 13 years: the picker offers it, the 156-month helper refuses it.
    await pickDateIn(page, form.input('nacimiento'), today.getFullYear() - 13, today.getMonth(), today.getDate());
    await form.submit('people.clients.create').click();
    await form.root.getByText(es('messages.minAge13')).waitFor();
    await close();
  });
});

describe('Mi Red (network professionals)', () => {
  it('creates a Dependiente (with empresa) and an Independiente (without), and refuses a taken e-mail', async () => {
    const { page, close } = await loggedIn();
    const network = await new NetworkPage(page).open();
    let form = await network.openNew();
    const create = form.submit('people.network.create');
    await form.fill({
      nombre: 'Diego',
      apellido: 'Fuentes',
      email: 'diego.fuentes@e2e.medida.test',
      rut: '12345678-5',
    });
    await form.select('especialidad', es('especialidades.kinesiologist'));
    expect(await form.input('empresa').count()).toBe(0);
    await form.work('Dependiente').check();
    await form.input('empresa').waitFor();
    // Dependiente needs the company.
    await create.click();
    await expect
      .poll(() => form.invalidFocus(form.input('empresa')))
      .toEqual({ focused: true, invalid: true, message: es('validation.required') });
    await form.input('empresa').fill('Clínica Las Condes');
    await create.click();
    await form.expectToast(es('messages.createdUser'));
    await form.root.waitFor({ state: 'detached' });
    const dependiente = network.row('diego.fuentes@e2e.medida.test');
    await dependiente.waitFor();
    expect(await dependiente.textContent()).toContain('Clínica Las Condes');

    form = await network.openNew();
    await form.fill({ nombre: 'Paula', apellido: 'Vera', email: 'paula.vera@e2e.medida.test', rut: '7654321-6' });
    await form.select('especialidad', es('especialidades.nutritionist'));
    await form.work('Independiente').check();
    expect(await form.input('empresa').count()).toBe(0);
    await create.click();
    await form.expectToast(es('messages.createdUser'));
    await form.root.waitFor({ state: 'detached' });
    const independiente = network.row('paula.vera@e2e.medida.test');
    await independiente.waitFor();
    expect(await independiente.getByRole('cell', { name: es('trabajo.Independiente'), exact: true }).count()).toBe(1);

    // The same e-mail again: the server's e-mail error under the focused e-mail field, no toast.
    form = await network.openNew();
    await form.fill({ nombre: 'Otra', apellido: 'Persona', email: 'paula.vera@e2e.medida.test', rut: '7654321-6' });
    await form.select('especialidad', es('especialidades.nutritionist'));
    await form.work('Independiente').check();
    await create.click();
    await expect.poll(() => form.input('email').getAttribute('aria-invalid')).toBe('true');
    const shown = await form.invalidFocus(form.input('email'));
    expect(shown).toMatchObject({ focused: true, invalid: true });
    expect(shown.message.length).toBeGreaterThan(0);
    expect(await form.toast(es('messages.errorCreatedUser')).count()).toBe(0);
    await close();
  });

  it('the new network professional gets an invitation link, not a password, and the link signs it in (issue 30 item 8)', async () => {
    // Diego Fuentes was created by the demo professional in the test above.
    const mail = await waitForMail(lane().dataDir, 'diego.fuentes@e2e.medida.test', /reset-password#token=/);
    expect(mail).not.toMatch(/contrase.a temporal/i);
    // The inviter by name, the expiry in words and the inviter's (the browser's) zone, not an ISO date (decision 186).
    expect(mail).toMatch(/Demo \S+ te invita a Medida/);
    expect(mail).toMatch(/vence el \d{1,2} de [^\n]+ de 20\d\d[^\n]*\d{1,2}:\d{2} \([A-Za-z_/]+\)/);
    const link = /https?:\/\/\S+\/pages\/reset-password#token=[\w-]+&invitation=1/.exec(mail)![0];
    const { context, page } = await newPage(browser);
    await page.goto(link);
    const choose = new ResetPasswordPage(page, 'es', true);
    await choose.setPassword('Diego-Elige-Su-Clave-2026');
    await choose.submitButton.click();
    await expectPath(page, '/dashboard');
    await context.close();
  });

  it('a network professional with its own password: its e-mail is read-only and the parent asks it to change it (issue 32 item 1, decision 202)', async () => {
    // Diego chose his password from the invitation above: only he changes his login e-mail now.
    const diego = 'diego.fuentes@e2e.medida.test';
    let asked = false;
    await forEveryScreen(browser, async (page, lang, viewport) => {
      await openSignedIn(page, DEMO, '/dashboard', lang);
      const form = await (await new NetworkPage(page, lang).open()).openEdit('Diego Fuentes');
      const email = form.input('email');
      await expect.poll(() => email.inputValue()).toBe(diego);
      expect(await email.getAttribute('readonly')).not.toBeNull();
      await form.emailOwnerHint('Diego').waitFor();
      await mkdir(SHOTS, { recursive: true });
      await saveShot(page, `people-email-owner-only-${lang}-${viewport}`);

      const ask = await form.openAskEmailChange();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveShot(page, `people-ask-email-change-${lang}-${viewport}`);
      // One request is enough (three a day per person): the first screen sends it, the others show the dialog.
      if (asked) return;
      asked = true;
      await ask.suggested.fill('diego.nuevo@e2e.medida.test');
      await ask.send.click();
      await ask.dialog.getByRole('alert').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveShot(page, `people-ask-email-change-sent-${lang}-${viewport}`);
      const mail = await waitForMail(lane().dataDir, diego, /diego\.nuevo@e2e\.medida\.test/);
      expect(mail).not.toMatch(/#token=/);
    });
  });

  it('edits a network professional from the list: Dependiente becomes Independiente', async () => {
    const { page, close } = await loggedIn();
    const network = await new NetworkPage(page).open();
    const form = await network.openEdit('Diego Fuentes');
    await expect.poll(() => form.input('empresa').inputValue()).toBe('Clínica Las Condes');
    await form.work('Independiente').check();
    expect(await form.input('empresa').count()).toBe(0);
    await form.submit('common.save').click();
    await form.expectToast(es('messages.editedUser'));
    await expect
      .poll(() =>
        network
          .row('diego.fuentes@e2e.medida.test')
          .getByRole('cell', { name: es('trabajo.Independiente'), exact: true })
          .count(),
      )
      .toBe(1);
    await close();
  });
});
