import type { Locator, Page } from 'playwright-core';

/**
 * Picks a date in a Mantine DatePickerInput the way a person does: decade → year → month → day. `input` is the
 * picker, found by its label (page objects, decision 180); monthIndex is 0-based.
 */
export async function pickDateIn(
  page: Page,
  input: Locator,
  year: number,
  monthIndex: number,
  day: number,
  opensAt: 'decade' | 'month' = 'decade',
): Promise<void> {
  await input.click();
  const dropdown = page.locator('.mantine-DatePickerInput-dropdown, .mantine-Popover-dropdown:has(table)').last();
  if (opensAt === 'month') {
    await dropdown.locator('.mantine-DatePickerInput-calendarHeaderLevel').first().click();
    await dropdown.locator('.mantine-DatePickerInput-calendarHeaderLevel').first().click();
  }
  // Move decade by decade towards the wanted year.
  for (
    let i = 0;
    i < 12 && !(await dropdown.getByRole('button', { name: String(year), exact: true }).isVisible());
    i++
  ) {
    const firstShown = Number(
      await dropdown.locator('.mantine-DatePickerInput-yearsListControl').first().textContent(),
    );
    const direction = year < firstShown ? 'previous' : 'next';
    await dropdown.locator(`[data-direction="${direction}"]`).first().click();
  }
  await dropdown.getByRole('button', { name: String(year), exact: true }).click();
  await dropdown.locator('.mantine-DatePickerInput-monthsListControl').nth(monthIndex).click();
  await dropdown
    .locator('.mantine-DatePickerInput-day:not([data-outside])')
    .nth(day - 1)
    .click();
}
