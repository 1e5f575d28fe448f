import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInForApi } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';

// Issue 15, forms that fit: values typed in the wrong unit are recognised and the fix is one click; the
// toast says how many fields are out of range and each field says its accepted range.

let browser: Browser;
let page: Page;
let closeContext: () => Promise<void>;

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  closeContext = () => opened.context.close();
  await signInForApi(page, E2E_USERS.a11y);
  await page.goto('/evaluations');
  await page.getByTestId('new-evaluation').click();
  await page.getByTestId('evaluation-wizard').waitFor();
  await page.getByTestId('wizard-client-search').fill('Barrera');
  await page.locator(`[data-testid=wizard-client-option][data-email="${E2E_USERS.a11yClient.email}"]`).click();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('field-peso').waitFor();
});

afterAll(async () => {
  await closeContext?.();
  await browser?.close();
});

describe('wizard inputs (issue 15)', () => {
  it('offers centimetres for a height typed in metres', async () => {
    await page.getByTestId('field-estatura').fill('1.65');
    await page.getByTestId('field-estatura-metres-hint').waitFor();
    await page.getByTestId('field-estatura-use-cm').click();
    expect(await page.getByTestId('field-estatura').inputValue()).toBe('165');
    await page.getByTestId('field-estatura-metres-hint').waitFor({ state: 'detached' });
  });

  it('offers the other unit for a lab value that fits it', async () => {
    await page.getByTestId('exam-fasting_glucose-check').check();
    await page.getByTestId('exam-fasting_glucose-value').fill('5.8');
    await page.getByTestId('exam-fasting_glucose-unit-hint').waitFor();
    await page.getByTestId('exam-fasting_glucose-use-unit').click();
    await page.getByTestId('exam-fasting_glucose-unit-hint').waitFor({ state: 'detached' });
    await page.getByTestId('exam-fasting_glucose-check').uncheck();
  });

  it('counts the out-of-range fields in the toast and gives each its range', async () => {
    const fields = { peso: '80', estatura: '178', presion_s: '125', presion_d: '80', pcintura: '90', pcadera: '100' };
    for (const [field, value] of Object.entries({ ...fields, pbrazo: '32', ppierna: '55', pgrasa: '20' }))
      await page.getByTestId(`field-${field}`).fill(value);
    await page.getByTestId('field-temperatura').fill('36.6');
    await page.getByTestId('field-peso').fill('900');
    await page.getByTestId('field-pbrazo').fill('95');
    await page.getByTestId('wizard-save').click();
    const toast = tr('es', 'evaluations.wizard.outOfRangeCount_other').replace('{{count}}', '2');
    await page.locator('.mantine-Notification-root', { hasText: toast }).first().waitFor();
    const pesoError = page
      .locator('.mantine-InputWrapper-root', { has: page.getByTestId('field-peso') })
      .locator('.mantine-InputWrapper-error');
    expect(await pesoError.textContent()).toBe('Ingresa un valor entre 20 y 300 kg');
  });

  it('takes the Rockport time as mm:ss', async () => {
    await page.getByTestId('field-rockport-time').fill('14:3');
    expect(await page.getByTestId('field-rockport-time').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('field-rockport-time').fill('14:30');
    expect(await page.getByTestId('field-rockport-time').getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('imperial units (issue 15)', () => {
  it('takes pounds and inches from a user who chose them and stores kg and cm', async () => {
    const { context, page: imperialPage } = await newPage(browser);
    try {
      const { api } = await signInForApi(imperialPage, E2E_USERS.imperial);
      await imperialPage.goto('/evaluations');
      await imperialPage.getByTestId('new-evaluation').click();
      await imperialPage.getByTestId('wizard-client-search').fill('Pulgada');
      await imperialPage
        .locator(`[data-testid=wizard-client-option][data-email="${E2E_USERS.imperialClient.email}"]`)
        .click();
      await imperialPage.getByTestId('wizard-next').click();
      const inputs = { peso: '176.4', estatura: '70', presion_s: '125', presion_d: '80', pcintura: '36' };
      for (const [field, value] of Object.entries({
        ...inputs,
        pcadera: '40',
        pbrazo: '13',
        ppierna: '22',
        pgrasa: '20',
      }))
        await imperialPage.getByTestId(`field-${field}`).fill(value);
      await imperialPage.getByTestId('field-temperatura').fill('36.6');
      const pesoWrapper = imperialPage.locator('.mantine-InputWrapper-root', {
        has: imperialPage.getByTestId('field-peso'),
      });
      expect(await pesoWrapper.textContent()).toContain('lb');
      await imperialPage.getByTestId('wizard-save').click();
      await imperialPage.waitForURL(/evaluations\/detail/);
      const id = Number(new URL(imperialPage.url()).searchParams.get('evaluationID'));
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
