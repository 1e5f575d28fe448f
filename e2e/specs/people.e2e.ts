import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { pickDate } from '../support/date-picker.ts';
import { tr } from '../support/i18n.ts';
import { choose, fillPerson } from '../support/person-form.ts';
import { expectPath, logIn } from '../support/session.ts';

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

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

describe('country → region → comuna cascade', () => {
  it('preselects the professional’s country; a new country clears region and comuna, a new region clears comuna', async () => {
    const { page, close } = await loggedIn();
    await page.goto('/users');
    await page.getByTestId('new-client').click();
    await page.getByTestId('new-client-modal').waitFor();
    await expect.poll(() => page.getByTestId('person-pais').inputValue()).toBe('Chile');
    await expect(page.getByTestId('person-comuna').isDisabled()).resolves.toBe(true);

    await choose(page, 'person-region', 'Valparaíso');
    await choose(page, 'person-comuna', 'Casablanca');
    expect(await page.getByTestId('person-comuna').inputValue()).toBe('Casablanca');

    // A new region empties the comuna and loads the region's comunas.
    await choose(page, 'person-region', 'Región Metropolitana de Santiago');
    expect(await page.getByTestId('person-comuna').inputValue()).toBe('');
    await page.getByTestId('person-comuna').click();
    await page.getByRole('option', { name: 'Ñuñoa', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await choose(page, 'person-comuna', 'Ñuñoa');

    // A new country empties both and loads its regions.
    await choose(page, 'person-pais', 'Argentina');
    expect(await page.getByTestId('person-region').inputValue()).toBe('');
    expect(await page.getByTestId('person-comuna').inputValue()).toBe('');
    await expect(page.getByTestId('person-comuna').isDisabled()).resolves.toBe(true);
    await choose(page, 'person-region', 'Catamarca');
    await page.getByTestId('person-comuna').click();
    await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(0);

    // Closing resets the modal: it opens again with Chile and nothing else.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByTestId('new-client-modal').waitFor({ state: 'detached' });
    await page.getByTestId('new-client').click();
    await expect.poll(() => page.getByTestId('person-pais').inputValue()).toBe('Chile');
    expect(await page.getByTestId('person-region').inputValue()).toBe('');
    await close();
  });
});

describe('clients', () => {
  it('creates a client with a document, edits it, moves credits and deletes it', async () => {
    const { page, close } = await loggedIn();
    await page.goto('/users');
    await page.getByTestId('new-client').click();
    const modal = page.getByTestId('new-client-modal');
    await modal.waitFor();

    // Nothing filled: every problem at once and the 'all fields required' toast.
    await page.getByTestId('client-submit').click();
    await expectToast(page, es('messages.allFieldsRequired'));

    await fillPerson(page, {
      nombre: 'Camila',
      apellido: 'Rojas',
      email: 'camila.rojas@e2e.medida.test',
      rut: '11.111.111-2',
    });
    // A wrong Chilean check digit is caught before sending.
    await page.getByTestId('client-submit').click();
    await modal.getByText(es('validation.rut')).waitFor();
    await page.getByTestId('person-rut').fill('11.111.111-1');

    // Too large: refused before upload with the translated advice.
    const dropzoneInput = page.getByTestId('attachments-dropzone').locator('input[type=file]');
    await dropzoneInput.setInputFiles(files.big);
    await expectToast(page, es('messages.maxFileSizeAdvice'));
    expect(await page.getByTestId('new-attachment').count()).toBe(0);

    await dropzoneInput.setInputFiles(files.png);
    await page.getByTestId('new-attachment').waitFor();
    // Title and description are required per document.
    await page.getByTestId('client-submit').click();
    await expectToast(page, es('messages.allFieldsRequired'));
    await page.getByTestId('attachment-title-0').fill('Radiografía');
    await page.getByTestId('attachment-description-0').fill('Rodilla derecha, marzo');
    // No client without its consent to store health data (decision 141).
    await page.getByTestId('client-submit').click();
    await modal.getByText(es('consent.required')).waitFor();
    await page.getByTestId('client-consent').check();
    await page.getByTestId('client-submit').click();
    await expectToast(page, es('messages.createdUser'));
    await modal.waitFor({ state: 'detached' });

    const row = page.locator('[data-testid=client-row][data-email="camila.rojas@e2e.medida.test"]:visible');
    await row.waitFor();
    expect(await row.textContent()).toContain('11.111.111-1');

    // Detail: profile, parent note, the document (downloadable), credits, empty evaluations.
    await row.getByTestId('client-link').click();
    await page.waitForURL(/\/users\/\d+$/);
    await page.getByTestId('parent-note').waitFor();
    expect(await page.getByTestId('parent-note').textContent()).toContain(es('messages.parentAccount'));
    expect(await page.getByTestId('detail-location').textContent()).toBe(
      'Providencia, Región Metropolitana de Santiago, Chile',
    );
    await page.getByTestId('saved-attachment').filter({ hasText: 'Radiografía' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('attachment-download').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe('radiografia.png');
    expect(await page.getByTestId('client-evaluations').getByTestId('empty-state').isVisible()).toBe(true);
    expect(await page.getByTestId('detail-credits').textContent()).toBe('0');

    // Edit: new phone, the PNG marked for deletion, a PDF added; all applied on save.
    await page.getByTestId('detail-edit').click();
    const edit = page.getByTestId('edit-client-modal');
    await edit.waitFor();
    await expect.poll(() => page.getByTestId('person-nombre').inputValue()).toBe('Camila');
    expect(await page.getByTestId('person-comuna').inputValue()).toBe('Providencia');
    await page.getByTestId('person-apellido').fill('Rojas Soto');
    await edit.getByTestId('attachment-toggle-delete').click();
    expect(await edit.locator('[data-testid=saved-attachment][data-marked]').count()).toBe(1);
    // Unmark and mark again: nothing happens until save.
    await edit.getByTestId('attachment-toggle-delete').click();
    expect(await edit.locator('[data-testid=saved-attachment][data-marked]').count()).toBe(0);
    await edit.getByTestId('attachment-toggle-delete').click();
    await page.getByTestId('attachments-dropzone').locator('input[type=file]').setInputFiles(files.pdf);
    await page.getByTestId('attachment-title-0').fill('Examen de sangre');
    await page.getByTestId('attachment-description-0').fill('Perfil lipídico');
    await page.getByTestId('client-submit').click();
    await expectToast(page, es('messages.editedUser'));
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Camila Rojas Soto');
    await page.getByTestId('saved-attachment').filter({ hasText: 'Examen de sangre' }).waitFor();
    expect(await page.getByTestId('saved-attachment').count()).toBe(1);

    // Credits: the current balance and the parent's; 25 move from the parent to the client.
    await page.getByTestId('detail-credits-button').click();
    await page.getByTestId('credits-modal').waitFor();
    await expect.poll(() => page.getByTestId('credits-parent').textContent()).toBe('100');
    expect(await page.getByTestId('credits-current').textContent()).toBe('0');
    await page.getByTestId('credits-input').fill('25');
    await page.getByTestId('credits-submit').click();
    await expectToast(page, es('messages.okCreditsTitle'));
    await expect.poll(() => page.getByTestId('detail-credits').textContent()).toBe('25');
    await page.getByTestId('detail-credits-button').click();
    await expect.poll(() => page.getByTestId('credits-parent').textContent()).toBe('75');
    await page.keyboard.press('Escape');
    await page.getByTestId('credits-modal').waitFor({ state: 'detached' });

    // Delete asks first, with the spec's text; cancelling keeps the client.
    await page.getByTestId('detail-delete').click();
    await page.getByText(es('messages.deleteConfirm')).waitFor();
    await page.getByTestId('cancel-delete').click();
    expect(await page.getByTestId('page-title').textContent()).toBe('Camila Rojas Soto');
    await page.getByTestId('detail-delete').click();
    await page.getByTestId('confirm-delete').click();
    await expectPath(page, '/users');
    await expectToast(page, es('messages.deletedUser'));
    await expect
      .poll(() => page.locator('[data-testid=client-row][data-email="camila.rojas@e2e.medida.test"]').count())
      .toBe(0);
    await close();
  });

  it('rejects a client younger than the age helper allows', async () => {
    const { page, close } = await loggedIn();
    await page.goto('/users');
    await page.getByTestId('new-client').click();
    const today = new Date();
    // Exactly 13 years: the picker offers it, the 156-month helper refuses it.
    await pickDate(page, 'person-nacimiento', today.getFullYear() - 13, today.getMonth(), today.getDate());
    await page.getByTestId('client-submit').click();
    await page.getByTestId('new-client-modal').getByText(es('messages.minAge13')).waitFor();
    await close();
  });
});

describe('Mi Red (network professionals)', () => {
  it('creates a Dependiente (with empresa) and an Independiente (without), and refuses a taken e-mail', async () => {
    const { page, close } = await loggedIn();
    await page.goto('/networkusers');
    await page.getByTestId('new-network-user').click();
    const modal = page.getByTestId('new-network-user-modal');
    await modal.waitFor();
    await fillPerson(page, {
      nombre: 'Diego',
      apellido: 'Fuentes',
      email: 'diego.fuentes@e2e.medida.test',
      rut: '12345678-5',
    });
    await choose(page, 'person-especialidad', es('especialidades.kinesiologist'));
    expect(await page.getByTestId('person-empresa').count()).toBe(0);
    await page.getByTestId('person-trabajo-dependiente').check();
    await page.getByTestId('person-empresa').waitFor();
    // Dependiente needs the company.
    await page.getByTestId('network-user-submit').click();
    await expectToast(page, es('messages.allFieldsRequired'));
    await page.getByTestId('person-empresa').fill('Clínica Las Condes');
    await page.getByTestId('network-user-submit').click();
    await expectToast(page, es('messages.createdUser'));
    await modal.waitFor({ state: 'detached' });
    const dependiente = page.locator('[data-testid=network-row][data-email="diego.fuentes@e2e.medida.test"]:visible');
    await dependiente.waitFor();
    expect(await dependiente.getByTestId('network-trabajo').textContent()).toContain('Clínica Las Condes');

    await page.getByTestId('new-network-user').click();
    await modal.waitFor();
    await fillPerson(page, {
      nombre: 'Paula',
      apellido: 'Vera',
      email: 'paula.vera@e2e.medida.test',
      rut: '7654321-6',
    });
    await choose(page, 'person-especialidad', es('especialidades.nutritionist'));
    await page.getByTestId('person-trabajo-independiente').check();
    expect(await page.getByTestId('person-empresa').count()).toBe(0);
    await page.getByTestId('network-user-submit').click();
    await expectToast(page, es('messages.createdUser'));
    await modal.waitFor({ state: 'detached' });
    const independiente = page.locator('[data-testid=network-row][data-email="paula.vera@e2e.medida.test"]:visible');
    await independiente.waitFor();
    expect(await independiente.getByTestId('network-trabajo').textContent()).toBe(es('trabajo.Independiente'));

    // The same e-mail again: the toast carries the server's e-mail error.
    await page.getByTestId('new-network-user').click();
    await modal.waitFor();
    await fillPerson(page, {
      nombre: 'Otra',
      apellido: 'Persona',
      email: 'paula.vera@e2e.medida.test',
      rut: '7654321-6',
    });
    await choose(page, 'person-especialidad', es('especialidades.nutritionist'));
    await page.getByTestId('person-trabajo-independiente').check();
    await page.getByTestId('network-user-submit').click();
    const emailError = modal.locator(
      '.mantine-InputWrapper-root:has([data-testid=person-email]) .mantine-InputWrapper-error',
    );
    await emailError.waitFor();
    const message = (await emailError.textContent()) ?? '';
    expect(message.length).toBeGreaterThan(0);
    await expectToast(page, message);
    await close();
  });

  it('edits a network professional from the list: Dependiente becomes Independiente', async () => {
    const { page, close } = await loggedIn();
    await page.goto('/networkusers');
    const row = page.locator('[data-testid=network-row][data-email="diego.fuentes@e2e.medida.test"]:visible');
    await row.getByTestId('person-actions').click();
    await page.getByTestId('person-edit').click();
    const modal = page.getByTestId('edit-network-user-modal');
    await modal.waitFor();
    await expect.poll(() => page.getByTestId('person-empresa').inputValue()).toBe('Clínica Las Condes');
    await page.getByTestId('person-trabajo-independiente').check();
    expect(await page.getByTestId('person-empresa').count()).toBe(0);
    await page.getByTestId('network-user-submit').click();
    await expectToast(page, es('messages.editedUser'));
    await expect.poll(() => row.getByTestId('network-trabajo').textContent()).toBe(es('trabajo.Independiente'));
    await close();
  });
});
