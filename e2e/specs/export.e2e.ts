import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bioimpedanceEvaluation, findClientId, signInForApi } from '../support/api.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, newPage, downloadedBytes } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { forEveryScreen, screenshotWithoutOverflow, saveShot } from '../support/screens.ts';
import { expectPath, logIn, openSignedIn } from '../support/session.ts';
import { ClientsPage } from '../pages/people-pages.ts';

// Issue 16 "client data export" (decision 145): the professional clicks "Export data" on the client page,
// sees the progress while the server builds the ZIP, and gets the file; the client does the same from its
// portal profile.
const PRO = E2E_USERS.exporter;
const CLIENT = E2E_USERS.exportClient;

let browser: Browser;
let clientId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  try {
    const { api, userId } = await signInForApi(page, PRO);
    clientId = await findClientId(api, userId, CLIENT.email);
    for (const [fecha, peso] of [
      ['2026-01-12', 84],
      ['2026-02-20', 82],
    ] as const) {
      const res = await api('/web/ingresaevaluacion', {
        method: 'POST',
        body: bioimpedanceEvaluation({ id_evaluado: clientId, id_evaluador: userId, fecha }, { peso }),
      });
      expect(res.status).toBe(200);
    }
  } finally {
    await context.close();
  }
});
afterAll(async () => {
  await browser?.close();
});

/** Clicks "Export data", sees the progress (screenshot `<shot>-progress`), and returns the saved ZIP's entries. */
async function exportFromCard(page: Page, lang: Lang, shot: string) {
  const card = page.getByRole('region', { name: tr(lang, 'exportData.heading') });
  await card.waitFor();
  await screenshotWithoutOverflow(page, shot);
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await card.getByRole('button', { name: tr(lang, 'exportData.action') }).click();
  // At 0 % the bar has no width yet: present, not visible.
  await card.getByRole('progressbar', { name: tr(lang, 'exportData.progressLabel') }).waitFor({ state: 'attached' });
  // The first answer already knows the total: "file 0 of N".
  await expect.poll(() => card.getByRole('status').textContent()).toMatch(/\d+\D+\d+/);
  await card.scrollIntoViewIfNeeded();
  await saveShot(page, `${shot}-progress`);
  const file = await downloadedBytes(await download);
  await card.getByText(tr(lang, 'exportData.done')).waitFor();
  const entries = unzipSync(new Uint8Array(file));
  return { entries, fileName: (await download).suggestedFilename() };
}

type FhirResource = { resourceType: string; [field: string]: unknown };
type FhirBundle = { resourceType: string; type: string; entry: { fullUrl: string; resource: FhirResource }[] };

/** Clicks the export card's "FHIR R4 (JSON)" and returns the saved bundle, checking the file's name. */
async function downloadFhir(page: Page, lang: Lang): Promise<FhirBundle> {
  const card = page.getByRole('region', { name: tr(lang, 'exportData.heading') });
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: tr(lang, 'exportData.fhir.action') }).click();
  expect((await download).suggestedFilename()).toBe('xavier-exportado-fhir.json');
  const bundle = JSON.parse((await downloadedBytes(await download)).toString('utf8')) as FhirBundle;
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  return bundle;
}

const patientOf = (bundle: FhirBundle) => {
  const patients = bundle.entry.filter((entry) => entry.resource.resourceType === 'Patient');
  expect(patients).toHaveLength(1);
  return patients[0]!.resource;
};

describe('client data export', () => {
  it('the professional exports a client from its page: progress, then one ZIP with the JSON and both PDFs; es/en/pt screens', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      await openSignedIn(page, PRO, `/users/${clientId}`, lang);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const { entries, fileName } = await exportFromCard(page, lang, `export-client-${lang}-${name}`);
      // The name in the user's language (issue 30 item 13).
      const word = { es: 'medida-cliente', en: 'medida-client', pt: 'medida-cliente' }[lang];
      expect(fileName).toMatch(new RegExp(`^${word}-${clientId}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
      const document = JSON.parse(Buffer.from(entries['client.json']!).toString('utf8'));
      expect(document).toMatchObject({ format: 'medida-client-export', schema_version: 1 });
      expect(document.client.id_usuario).toBe(clientId);
      expect(document.evaluations).toHaveLength(2);
      for (const evaluation of document.evaluations as { report_file: string }[])
        expect(Buffer.from(entries[evaluation.report_file]!).subarray(0, 5).toString()).toBe('%PDF-');
      expect((document.audit_trail as { action: string }[]).at(-1)?.action).toBe('export');
      await page.waitForTimeout(300);
      await screenshotWithoutOverflow(page, `export-client-done-${lang}-${name}`);
      if (lang === 'es' && name === 'desktop') expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

  it('the client exports its own data from the portal profile', async () => {
    const { context, page } = await newPage(browser);
    try {
      await logIn(page, CLIENT.email, CLIENT.password);
      await expectPath(page, '/evaluations');
      await page.goto('/my-profile');
      await page.getByTestId('portal-profile').waitFor();
      const { entries } = await exportFromCard(page, 'es', 'export-portal-es-desktop');
      const document = JSON.parse(Buffer.from(entries['client.json']!).toString('utf8'));
      expect(document.exported_by).toEqual({ id: clientId, role: 'client' });
      expect(document.evaluations).toHaveLength(2);
      // The client may take its own record as FHIR too (decision 226).
      const bundle = await downloadFhir(page, 'es');
      expect(patientOf(bundle).identifier).toContainEqual(
        expect.objectContaining({ system: 'https://medida.app/fhir/sid/user', value: String(clientId) }),
      );
    } finally {
      await context.close();
    }
  });

  // Issue 30 item 16 (decision 191): the list's "Export ▾ → CSV" saves the professional's clients, in its language.
  it('the professional downloads its client list as CSV: UTF-8 with BOM, headers and file name in es/en/pt', async () => {
    const header = {
      es: 'Nombre;Apellido;Correo electrónico',
      en: 'First name,Last name,E-mail',
      pt: 'Nome;Sobrenome;E-mail',
    };
    const fileStem = { es: 'clientes', en: 'clients', pt: 'clientes' };
    await forEveryScreen(browser, async (page, lang, name) => {
      await openSignedIn(page, PRO, '/users', lang);
      const list = new ClientsPage(page, lang);
      await list.exportCsvButton.waitFor();
      await screenshotWithoutOverflow(page, `export-client-list-${lang}-${name}`);
      const download = page.waitForEvent('download');
      await list.exportCsvButton.click();
      await list.exportFormat('csv').waitFor();
      await screenshotWithoutOverflow(page, `export-client-list-menu-${lang}-${name}`);
      await list.exportFormat('csv').click();
      const file = await downloadedBytes(await download);
      expect((await download).suggestedFilename()).toMatch(
        new RegExp(`^${fileStem[lang]}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
      );
      expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = file.toString('utf8').slice(1).split('\r\n');
      expect(lines[0]!.startsWith(header[lang])).toBe(true);
      // Its one client, and nobody else's (the accessibility professional's client is in the same database).
      expect(lines.filter((line) => line.includes(CLIENT.email))).toHaveLength(1);
      expect(lines.join('\n')).not.toContain(E2E_USERS.a11yClient.email);
      expect(lines).toHaveLength(3);
    });
  });

  // Issue 35 item 5 (decision 227): the client page's evaluations as Excel: real number and date cells.
  it("the professional downloads a client's evaluations as XLSX from the client page", async () => {
    const { context, page } = await newPage(browser);
    try {
      await openSignedIn(page, PRO, `/users/${clientId}`, 'en');
      const section = page.getByTestId('client-evaluations');
      await section.getByRole('link', { name: /2026/ }).first().waitFor();
      await section.getByTestId('evaluations-export').click();
      const xlsx = page.getByRole('menuitem', { name: tr('en', 'common.exportFormats.xlsx') });
      await xlsx.waitFor();
      const download = page.waitForEvent('download');
      await xlsx.click();
      expect((await download).suggestedFilename()).toMatch(/^evaluations-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await downloadedBytes(await download)) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(3);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const weights = [2, 3].map((n) => sheet.getRow(n).getCell(header.indexOf('Weight (kg)') + 1).value).sort();
      expect(weights).toEqual([82, 84]);
    } finally {
      await context.close();
    }
  });

  // Issue 35 item 6 (decision 226): the client's record as a FHIR R4 Bundle, beside the ZIP on the client page.
  it("the professional downloads a client's FHIR R4 bundle from the client page: the Patient and its Observations", async () => {
    const { context, page } = await newPage(browser);
    try {
      await openSignedIn(page, PRO, `/users/${clientId}`, 'en');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const bundle = await downloadFhir(page, 'en');
      expect(patientOf(bundle)).toMatchObject({ name: [{ family: CLIENT.apellido, given: [CLIENT.nombre] }] });
      const patientUrl = bundle.entry.find((entry) => entry.resource.resourceType === 'Patient')!.fullUrl;
      const observations = bundle.entry
        .map((entry) => entry.resource)
        .filter((resource) => resource.resourceType === 'Observation') as (FhirResource & {
        subject: { reference: string };
        code: { coding: { system: string; code: string }[] };
        valueQuantity?: { value: number; code: string };
      })[];
      expect(observations.every((observation) => observation.subject.reference === patientUrl)).toBe(true);
      // Body weight (LOINC 29463-7) of both evaluations, in kg.
      const weights = observations.filter((observation) =>
        observation.code.coding.some((coding) => coding.system === 'http://loinc.org' && coding.code === '29463-7'),
      );
      expect(weights.map((observation) => observation.valueQuantity).sort((a, b) => a!.value - b!.value)).toEqual([
        { value: 82, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
        { value: 84, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
      ]);
    } finally {
      await context.close();
    }
  });
});
