import { rutCheckDigit } from '@medida/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { forEveryScreen, screenshotWithoutOverflow } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';

// Issue 35 (decision 228): a professional imports a client file with three kinds of error (an impossible date, a
// formula, a missing consent), fixes each in the preview, checks again and imports; nothing is stored before.
const IMPORTER = E2E_USERS.importer;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HEADER =
  'Nombre;Apellido;Correo electrónico;RUT / documento;Teléfono;Fecha de nacimiento;Sexo;Dirección;País;Región;Comuna;Consentimiento';
let rutSeq = 17_000_000 + (Date.now() % 100_000) * 10;
function row(email: string, o: { nombre?: string; nacimiento?: string; consent?: string } = {}) {
  const body = String(++rutSeq);
  return [
    o.nombre ?? 'Ana',
    'Importada',
    email,
    `${body}-${rutCheckDigit(body)}`,
    '+56 9 1234 5678',
    o.nacimiento ?? '1990-03-14',
    'Femenino',
    'Av. Providencia 1234',
    'Chile',
    'Región Metropolitana de Santiago',
    'Santiago',
    o.consent ?? 'Sí',
  ].join(';');
}

describe('import clients from a spreadsheet', () => {
  it('shows each error at its cell, fixes them in the preview and imports the three rows', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      const stamp = `${lang}-${name}-${Date.now()}`;
      const file = [
        HEADER,
        row(`date-${stamp}@example.com`, { nacimiento: '31/02/1990' }),
        row(`formula-${stamp}@example.com`, { nombre: '=1+1' }),
        row(`consent-${stamp}@example.com`, { consent: '' }),
      ].join('\r\n');
      await openSignedIn(page, IMPORTER, '/users/import', lang);
      await page.getByTestId('page-title').waitFor();
      await page.locator('input[type=file]').setInputFiles({
        name: 'clientes.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`\uFEFF${file}\r\n`, 'utf8'),
      });
      await page.getByTestId('import-check').click();
      await page.getByTestId('import-preview').waitFor();
      for (const r of [0, 1, 2])
        await expect
          .poll(() => page.getByTestId(`import-status-${r}`).textContent())
          .toBe(tr(lang, 'imports.status.error'));
      await screenshotWithoutOverflow(page, `import-errors-${lang}-${name}`);

      // Each error at its cell: birth date (column 5), name (0), consent (11).
      await page.getByTestId('import-cell-0-5').fill('1990-03-14');
      await page.getByTestId('import-cell-1-0').fill('Rosa');
      await page.getByTestId('import-cell-2-11').fill('Sí');
      await page.getByTestId('import-check').click();
      for (const r of [0, 1, 2])
        await expect
          .poll(() => page.getByTestId(`import-status-${r}`).textContent())
          .toBe(tr(lang, 'imports.status.created'));

      await page.getByTestId('import-run').click();
      await page.getByTestId('import-done').waitFor();
      await screenshotWithoutOverflow(page, `import-done-${lang}-${name}`);
      expect(await page.getByTestId('import-done').textContent()).toContain('3');
    });
  });
});
