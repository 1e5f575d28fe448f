import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { EvaluationWizard } from '../pages/evaluation-wizard.ts';
import { namePattern } from '../pages/screen.ts';
import { signInForApi } from '../support/api.ts';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { saveShot } from '../support/screens.ts';

// Issue 15, forms that fit: values typed in the wrong unit are recognised and the fix is one click; the
// toast says how many fields are out of range and each field says its accepted range.

let browser: Browser;
let wizard: EvaluationWizard;

let closeContext: () => Promise<void>;

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  closeContext = () => opened.context.close();
  await signInForApi(opened.page, E2E_USERS.a11y);
  await opened.page.goto('/evaluations');
  wizard = new EvaluationWizard(opened.page);
  await wizard.open();
  await wizard.pickClient('Barrera', E2E_USERS.a11yClient.email);
  await wizard.next();
});

afterAll(async () => {
  await closeContext?.();
  await browser?.close();
});

/** The measurement rows whose inputs do not start at one height: a row is the fields whose cells share a top. */
async function misalignedRows(w: EvaluationWizard): Promise<string[]> {
  const cells = await w.root
    .getByTestId('wizard-measurements')
    .locator('input')
    .evaluateAll((inputs) =>
      inputs.map((input) => ({
        row: Math.round(input.closest('.mantine-InputWrapper-root')!.getBoundingClientRect().top),
        input: Math.round(input.getBoundingClientRect().top),
      })),
    );
  const rows = new Map<number, typeof cells>();
  for (const cell of cells) rows.set(cell.row, [...(rows.get(cell.row) ?? []), cell]);
  expect(rows.size, 'rows of more than one field').toBeLessThan(cells.length);
  return [...rows].filter(([, row]) => new Set(row.map((c) => c.input)).size > 1).map(([top]) => `row at ${top} px`);
}

describe('wizard inputs (issue 15)', () => {
  it('offers centimetres for a height typed in metres', async () => {
    const useCentimetres = wizard.root.getByRole('button', {
      name: wizard.t('evaluations.wizard.useCentimetres', { value: 165 }),
    });
    await wizard.measurement('estatura').fill('1.65');
    await wizard.root.getByText(wizard.t('evaluations.wizard.metresHint')).waitFor();
    await useCentimetres.click();
    expect(await wizard.measurement('estatura').inputValue()).toBe('165');
    await useCentimetres.waitFor({ state: 'detached' });
  });

  it('offers the other unit for a lab value that fits it', async () => {
    await wizard.tickExam('fasting_glucose', '5.8');
    const useOtherUnit = wizard.root.getByRole('button', { name: namePattern(wizard.t('evaluations.wizard.useUnit')) });
    await useOtherUnit.click();
    await useOtherUnit.waitFor({ state: 'detached' });
    await wizard.exam('fasting_glucose').uncheck();
  });

  it('counts the out-of-range fields in the toast and gives each its range', async () => {
    await wizard.fillMeasurements(1, { peso: '900', pbrazo: '95' });
    await wizard.saveButton.click();
    await wizard.expectToast(wizard.t('evaluations.wizard.outOfRangeCount_other', { count: 2 }));
    expect(await wizard.errorOf(wizard.measurement('peso'))).toContain('Ingresa un valor entre 20 y 300 kg');
    // A row's inputs start together whatever its labels' lines and its fields' errors (field-grid.module.css), at a
    // desktop's four columns and a phone's two, where a label wraps and its neighbour's does not.
    for (const viewport of [DESKTOP, PHONE]) {
      await wizard.page.setViewportSize(viewport);
      await saveShot(wizard.page, `wizard-errors-es-${viewport === PHONE ? 'phone' : 'desktop'}`);
      expect(await misalignedRows(wizard), `${viewport.width} px`).toEqual([]);
    }
    await wizard.page.setViewportSize(DESKTOP);
  });

  it('takes the Rockport time as mm:ss', async () => {
    await wizard.walkTime.fill('14:3');
    expect(await wizard.walkTime.getAttribute('aria-invalid')).toBe('true');
    expect(await wizard.errorOf(wizard.walkTime)).toContain(wizard.t('evaluations.wizard.walkTimeFormat'));
    await wizard.walkTime.fill('14:30');
    expect(await wizard.walkTime.getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('imperial units (issue 15)', () => {
  it('takes pounds and inches from a user who chose them and stores kg and cm', async () => {
    const { context, page } = await newPage(browser);
    try {
      const { api } = await signInForApi(page, E2E_USERS.imperial);
      await page.goto('/evaluations');
      const imperial = new EvaluationWizard(page);
      await imperial.open();
      await imperial.pickClient('Pulgada', E2E_USERS.imperialClient.email);
      await imperial.next();
      // The unit is shown inside the field, after its number.
      expect(await imperial.textAround('peso')).toContain('lb');
      await imperial.fillMeasurements(1, {
        peso: '176.4',
        estatura: '70',
        pcintura: '36',
        pcadera: '40',
        pbrazo: '13',
        ppierna: '22',
      });
      const id = await imperial.saveAndOpenDetail();
      const stored = await api<{ data: { inputs: { peso: number; estatura: number; pcintura: number } } }>(
        `/web/getevaluacion?evaluationID=${id}`,
      );
      expect(stored.json.data.inputs.peso).toBeCloseTo(80.014, 2);
      expect(stored.json.data.inputs.estatura).toBeCloseTo(177.8, 1);
      expect(stored.json.data.inputs.pcintura).toBeCloseTo(91.44, 1);
    } finally {
      await context.close();
    }
  });
});
