import type { Page } from 'playwright-core';
import { pickDate } from './date-picker.ts';
import { tr } from './i18n.ts';

/** Mantine Select: type to filter, then click the option. */
export async function choose(page: Page, testId: string, option: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The new/edit person form with a Chilean client in Providencia (the professional's country is Chile). */
export async function fillPerson(
  page: Page,
  p: { nombre: string; apellido: string; email: string; rut: string },
): Promise<void> {
  await page.getByTestId('person-nombre').fill(p.nombre);
  await page.getByTestId('person-apellido').fill(p.apellido);
  await page.getByTestId('person-email').fill(p.email);
  await page.getByTestId('person-telefono').fill('+56 9 8765 4321');
  await pickDate(page, 'person-nacimiento', 1988, 3, 12);
  await page.getByTestId('person-sexo').click();
  await page.getByRole('option', { name: tr('es', 'sexo.Femenino') }).click();
  await page.getByTestId('person-rut').fill(p.rut);
  await page.getByTestId('person-direccion').fill('Av. Providencia 1234');
  await choose(page, 'person-region', 'Región Metropolitana de Santiago');
  await choose(page, 'person-comuna', 'Providencia');
}
