import type { Page } from 'playwright-core';
import { PersonForm, type Person } from '../pages/person-form.ts';

/** Mantine Select: type to filter, then click the option. */
export async function choose(page: Page, testId: string, option: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The new/edit person form with a Chilean client in Providencia (the professional's country is Chile). */
export async function fillPerson(page: Page, p: Person): Promise<void> {
  await new PersonForm(page, 'es').fill(p);
}
