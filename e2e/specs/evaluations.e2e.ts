import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pdfText } from '@medida/server/testing/pdf-text';
import { bioimpedanceEvaluation, findClientId, signInForApi, type Api } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { waitForMail } from '../support/outbox.ts';
import { forEveryScreen, screenshotWithoutOverflow, SHOTS } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';

const es = (key: string) => tr('es', key);

let browser: Browser;
let page: Page;
let closeContext: () => Promise<void>;
let api: Api;
let evaluatorId = 0;
let evalueeId = 0;
let otherId = 0;

// ---------------------------------------------------------------- helpers

/** A valid bioimpedance evaluation for the API (the server recomputes everything). */
const apiEvaluation = (idEvaluado: number, fecha: string, peso: number) =>
  bioimpedanceEvaluation({ id_evaluado: idEvaluado, id_evaluador: evaluatorId, fecha }, { peso });

async function expectToast(text: string): Promise<void> {
  await page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

async function closeToasts(): Promise<void> {
  for (const button of await page.locator('.mantine-Notification-root button').all())
    await button.click().catch(() => undefined);
}

/** The list keeps the previous rows (dimmed) while the next page loads: wait until it has settled. */
async function listSettled(range: string): Promise<void> {
  await expect.poll(() => page.getByTestId('evaluations-range').textContent()).toBe(range);
  await expect
    .poll(
      async () =>
        (await page.getByTestId('evaluations-list').count()) === 0 ||
        (await page.getByTestId('evaluations-list').getAttribute('data-busy')) === 'false',
    )
    .toBe(true);
}

async function openWizard(): Promise<void> {
  await page.getByTestId('new-evaluation').click();
  await page.getByTestId('evaluation-wizard').waitFor();
}

/** Step 1 (spec §7): the search waits 800 ms after typing, then the client is picked from the results. */
async function pickClient(search: string, email: string): Promise<void> {
  await page.getByTestId('wizard-client-search').fill(search);
  await page.locator(`[data-testid=wizard-client-option][data-email="${email}"]`).click();
  await page.getByTestId('wizard-chosen-client').waitFor();
}

async function choose(testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const BASE = {
  peso: '80',
  estatura: '178',
  presion_s: '125',
  presion_d: '80',
  pcintura: '90',
  pcadera: '100',
  pbrazo: '32',
  ppierna: '55',
};
const BY_METHOD: Record<1 | 2 | 3 | 4, Record<string, string>> = {
  1: { pgrasa: '20' },
  2: { triceps: '12', subescapular: '15' },
  3: { cuello: '39' },
  4: { triceps: '12', subescapular: '15', abdominal: '22', cuadriceps: '14' },
};

async function fillMeasurements(method: 1 | 2 | 3 | 4): Promise<void> {
  for (const [field, value] of Object.entries({ ...BASE, ...BY_METHOD[method] }))
    await page.getByTestId(`field-${field}`).fill(value);
  await page.getByTestId('field-temperatura').fill('36.6');
}

// ---------------------------------------------------------------- set-up

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  closeContext = () => opened.context.close();
  ({ api, userId: evaluatorId } = await signInForApi(page, E2E_USERS.evaluator));
  evalueeId = await findClientId(api, evaluatorId, E2E_USERS.evaluee.email);
  otherId = await findClientId(api, evaluatorId, E2E_USERS.other.email);
});

afterAll(async () => {
  await closeContext?.();
  await browser?.close();
});

// ---------------------------------------------------------------- wizard

describe('new evaluation wizard (spec §4, §5)', () => {
  it('blocks a client under 13 with the spec message and a button to edit that client', async () => {
    await page.goto('/evaluations');
    await openWizard();
    await pickClient('Menor', E2E_USERS.minor.email);
    expect(await page.getByTestId('wizard-under-13').textContent()).toContain(es('domain.evaluation.errors.underAge'));
    expect(await page.getByTestId('wizard-next').isDisabled()).toBe(true);
    await page.getByTestId('wizard-edit-client').click();
    await page.getByTestId('edit-client-modal').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('edit-client-modal').waitFor({ state: 'hidden' });
    // Another client unblocks Next.
    await page.getByTestId('wizard-change-client').click();
    await pickClient('Evaluado', E2E_USERS.evaluee.email);
    expect(await page.getByTestId('wizard-next').isEnabled()).toBe(true);
    await page.getByTestId('wizard-cancel').click();
    await page.getByTestId('evaluation-wizard').waitFor({ state: 'hidden' });
  });

  it('applies the form rules: defaults, frequency hidden without exercise, fever warning, Rockport all-or-none, Back', async () => {
    await openWizard();
    // Defaults: type 1 and No for smoking, alcohol and exercise.
    expect(await page.locator('[data-testid=wizard-method-1][data-checked]').count()).toBe(1);
    await pickClient('Evaluado', E2E_USERS.evaluee.email);
    await page.getByTestId('wizard-next').click();
    for (const field of ['fuma', 'alcohol', 'ejercita']) {
      expect(await page.getByTestId(`field-${field}`).locator('input:checked').inputValue(), field).toBe('No');
    }
    expect(await page.getByTestId('field-frecentrena').count()).toBe(0);
    await page.getByTestId('field-ejercita').getByText(es('evaluations.yes'), { exact: true }).click();
    await page.getByTestId('field-frecentrena').waitFor();
    await page.getByTestId('field-ejercita').getByText(es('evaluations.no'), { exact: true }).click();
    await page.getByTestId('field-frecentrena').waitFor({ state: 'detached' });

    await fillMeasurements(1);
    await page.getByTestId('field-temperatura').fill('37.9');
    expect(await page.getByTestId('fever-warning').textContent()).toContain(es('messages.feverWarning'));
    await page.getByTestId('field-temperatura').fill('37.5');
    await page.getByTestId('fever-warning').waitFor({ state: 'detached' });

    // The treatment tick is enabled only once its disease is ticked; an exam value only once ticked.
    expect(await page.getByTestId('treatment-ecnt-0').isDisabled()).toBe(true);
    await page.getByTestId('condition-ecnt-0').check();
    expect(await page.getByTestId('treatment-ecnt-0').isEnabled()).toBe(true);
    expect(await page.getByTestId('exam-hdl-value').isDisabled()).toBe(true);
    await page.getByTestId('exam-hdl-check').check();
    expect(await page.getByTestId('exam-hdl-value').isEnabled()).toBe(true);
    expect(await page.getByTestId('exam-hdl-limit').textContent()).toContain('40');
    await page.getByTestId('exam-hdl-check').uncheck();

    // Rockport: one value alone is refused with the spec's toast, and nothing is sent.
    let sent = 0;
    page.on('request', (r) => r.url().includes('/web/ingresaevaluacion') && sent++);
    await page.getByTestId('field-rockport-bpm').fill('120');
    await page.getByTestId('wizard-save').click();
    await expectToast(es('messages.rockportFieldsError'));
    expect(await page.getByTestId('field-rockport-time').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(0);
    await page.getByTestId('field-rockport-bpm').fill('');
    // The walk time is typed as a stopwatch shows it; anything else says so under the field.
    await page.getByTestId('field-rockport-time').fill('14');
    expect(await page.getByTestId('field-rockport-time').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('field-rockport-time').fill('');

    // A missing field: 'These fields are required'.
    await page.getByTestId('field-peso').fill('');
    await page.getByTestId('wizard-save').click();
    await expectToast(es('messages.fieldsRequired'));
    expect(sent).toBe(0);
    await page.getByTestId('field-peso').fill('80');

    // Back keeps what was typed.
    await page.getByTestId('wizard-back').click();
    await page.getByTestId('wizard-chosen-client').waitFor();
    await page.getByTestId('wizard-next').click();
    expect(await page.getByTestId('field-peso').inputValue()).toBe('80');
    await closeToasts();
    await page
      .getByRole('button', { name: es('common.close') })
      .first()
      .click();
    await page.getByTestId('evaluation-wizard').waitFor({ state: 'hidden' });
    // Closing resets: the next opening starts at the search.
    await openWizard();
    await page.getByTestId('wizard-client-search').waitFor();
    await page.getByTestId('wizard-cancel').click();
  });

  it('shows each message of a server 422 as a warning toast', async () => {
    await openWizard();
    await pickClient('Evaluado', E2E_USERS.evaluee.email);
    await page.getByTestId('wizard-next').click();
    await fillMeasurements(1);
    // The wizard validates like the server, so the request is altered on its way to get a real 422.
    await page.route('**/web/ingresaevaluacion', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      await route.continue({ postData: JSON.stringify({ ...body, peso: 1000, estatura: 5 }) });
    });
    const response = page.waitForResponse((r) => r.url().includes('/web/ingresaevaluacion'));
    await page.getByTestId('wizard-save').click();
    expect((await response).status()).toBe(422);
    await page.unroute('**/web/ingresaevaluacion');
    const toast = page.locator('.mantine-Notification-root', { hasText: es('domain.evaluation.errors.range') });
    await toast.first().waitFor();
    expect(await toast.count()).toBeGreaterThanOrEqual(2); // one per field message
    expect(await page.getByTestId('evaluation-wizard').isVisible()).toBe(true);
    expect(await page.getByTestId('field-peso').getAttribute('aria-invalid')).toBe('true');
    await closeToasts();
    await page.getByTestId('wizard-back').click();
    await page.getByTestId('wizard-cancel').click();
  });

  for (const method of [1, 2, 3] as const) {
    it(`creates a ${es(`evaluations.types.${method}`)} evaluation (type ${method}) and opens its detail`, async () => {
      await openWizard();
      await pickClient('Evaluado', E2E_USERS.evaluee.email);
      await page.getByTestId(`wizard-method-${method}`).click();
      await page.getByTestId('wizard-next').click();
      await fillMeasurements(method);
      const before = page.url();
      await page.getByTestId('wizard-save').click();
      await expectToast(es('messages.evaluationCreatedTitle'));
      await page.waitForURL((url) => url.pathname === '/evaluations/detail' && url.href !== before);
      // The detail page stays mounted between evaluations: wait for the new one's content.
      await expect
        .poll(() => page.getByTestId('card-composition').textContent())
        .toContain(es(`evaluations.types.${method}`));
      expect(await page.getByTestId('evaluation-wizard').isVisible()).toBe(false);
      await closeToasts();
    });
  }

  it('creates a four-skinfold evaluation with exercise, Rockport, conditions and exams', async () => {
    await openWizard();
    await pickClient('Evaluado', E2E_USERS.evaluee.email);
    await page.getByTestId('wizard-method-4').click();
    await page.getByTestId('wizard-next').click();
    await fillMeasurements(4);
    await page.getByTestId('field-ejercita').getByText(es('evaluations.yes'), { exact: true }).click();
    await choose('field-hace', es('evaluations.hace.6'));
    await choose('field-frecentrena', tr('es', 'evaluations.perWeek_other').replace('{{count}}', '4'));
    await page.getByTestId('field-rockport-time').fill('14:30');
    await page.getByTestId('field-rockport-bpm').fill('140');
    await page.getByTestId('condition-ecnt-0').check();
    await page.getByTestId('treatment-ecnt-0').check();
    await page.getByTestId('condition-autoinmune-other').check();
    await page.getByTestId('condition-autoinmune-other-name').fill('Asma');
    for (const [exam, value] of [
      ['fasting_glucose', '95'],
      ['hdl', '45'],
      ['total_cholesterol', '200'],
    ] as const) {
      await page.getByTestId(`exam-${exam}-check`).check();
      await page.getByTestId(`exam-${exam}-value`).fill(value);
    }
    const before = page.url();
    await page.getByTestId('wizard-save').click();
    await expectToast(es('messages.evaluationCreatedTitle'));
    await page.waitForURL((url) => url.pathname === '/evaluations/detail' && url.href !== before);
    await page.getByTestId('card-fitness').waitFor();
    expect(await page.getByTestId('metric-vo2max-value').textContent()).toMatch(/^\d+,\d$/);
    expect(await page.getByTestId('lab-fasting_glucose').textContent()).toContain('95');
    expect(await page.getByTestId('lab-non_hdl').textContent()).toContain('155'); // derived by the engine
    expect(await page.getByTestId('training-level').textContent()).toBe(es('evaluations.levels.advanced'));
    expect(await page.locator('[data-testid=risk-item][data-risk="condition:Asma"]').count()).toBe(1);
    await closeToasts();
  });

  /** The saved evaluation's id, from the detail page's address. */
  const savedId = () => Number(new URL(page.url()).searchParams.get('evaluationID'));
  type Stored = { data: { inputs: Record<string, unknown>; results: Record<string, unknown> } };

  it('stores and shows the optional inputs of issue 9: device readings, training volume, measured VO2max', async () => {
    await openWizard();
    await pickClient('Evaluado', E2E_USERS.evaluee.email);
    await page.getByTestId('wizard-next').click();
    await fillMeasurements(1);
    const device = { muscle_kg: '34.5', visceral_level: '9', water_pct: '55.2', phase_angle: '6.3', bmr_kcal: '1720' };
    for (const [field, value] of Object.entries(device)) await page.getByTestId(`field-device-${field}`).fill(value);
    await page.getByTestId('field-ejercita').getByText(es('evaluations.yes'), { exact: true }).click();
    await choose('field-hace', es('evaluations.hace.6'));
    await choose('field-frecentrena', tr('es', 'evaluations.perWeek_other').replace('{{count}}', '3'));
    await page.getByTestId('field-training_volume').fill('150');
    await page.getByTestId('field-vo2max_measured').fill('47.5');
    const before = page.url();
    await page.getByTestId('wizard-save').click();
    await expectToast(es('messages.evaluationCreatedTitle'));
    await page.waitForURL((url) => url.pathname === '/evaluations/detail' && url.href !== before);
    await page.getByTestId('metric-device-muscle_kg').waitFor();

    // Shown on the detail beside the computed values, with the device as their source.
    expect(await page.getByTestId('metric-device-muscle_kg-value').textContent()).toBe('34,5');
    expect(await page.getByTestId('metric-device-visceral_level-value').textContent()).toBe('9');
    expect(await page.getByTestId('metric-device-water_pct-value').textContent()).toBe('55,2');
    expect(await page.getByTestId('metric-device-phase_angle-value').textContent()).toBe('6,3');
    expect(await page.getByTestId('metric-device-bmr_kcal-value').textContent()).toMatch(/^1\.?720$/);
    expect(await page.getByTestId('metric-device-muscle_kg').textContent()).toContain(
      es('evaluations.results.deviceSource'),
    );
    // The measured VO2max replaces Rockport in the fitness category, and says so.
    expect(await page.getByTestId('metric-vo2max-measured-value').textContent()).toBe('47,5');
    expect(await page.getByTestId('metric-vo2max-measured').textContent()).toContain(
      es('evaluations.results.measuredVo2Note'),
    );
    expect(await page.getByTestId('metric-training-volume-value').textContent()).toBe('150');

    // Stored with the evaluation as the professional entered them.
    const stored = await api<Stored>(`/web/getevaluacion?evaluationID=${savedId()}`);
    expect(stored.status).toBe(200);
    expect(stored.json.data.inputs).toMatchObject({
      device: { muscle_kg: 34.5, visceral_level: 9, water_pct: 55.2, phase_angle: 6.3, bmr_kcal: 1720 },
      training_volume_min: 150,
      vo2max_measured: 47.5,
    });
    expect(stored.json.data.results).toMatchObject({
      device: { muscle_kg: 34.5, water_pct: 55.2 },
      fitness: { source: 'measured', vo2max: 47.5 },
      training_volume: { minutes_per_week: 150, percent: null },
    });
    await closeToasts();
  });

  it('stores and shows the protocol the professional chose for a skinfold method', async () => {
    await openWizard();
    await pickClient('Evaluado', E2E_USERS.evaluee.email);
    await page.getByTestId('wizard-method-2').click();
    await page.getByTestId('wizard-next').click();
    await fillMeasurements(2);
    await page.getByTestId('field-biceps').fill('6');
    await page.getByTestId('field-suprailiaco').fill('14');
    // With biceps and suprailiac Durnin-Womersley would be the default; the professional picks Nagamine-Suzuki.
    await page.getByTestId('field-body_fat_equation').click();
    await page.getByRole('option', { name: /Nagamine/ }).click();
    const before = page.url();
    await page.getByTestId('wizard-save').click();
    await expectToast(es('messages.evaluationCreatedTitle'));
    await page.waitForURL((url) => url.pathname === '/evaluations/detail' && url.href !== before);
    await page.getByTestId('metric-fat').waitFor();
    await expect
      .poll(() => page.getByTestId('metric-fat').textContent())
      .toContain(es('evaluations.results.chosenProtocol'));
    expect(
      await page
        .getByTestId('metric-fat')
        .locator('[data-testid=equation-source][data-equation=nagamine_suzuki_1964]')
        .count(),
    ).toBe(1);
    // Durnin-Womersley stays beside it as a comparison.
    expect(await page.locator('[data-testid=comparison-row][data-equation=durnin_womersley_1974]').count()).toBe(1);
    const stored = await api<Stored>(`/web/getevaluacion?evaluationID=${savedId()}`);
    expect(stored.json.data.inputs).toMatchObject({ body_fat_equation: 'nagamine_suzuki_1964' });
    expect(stored.json.data.results).toMatchObject({
      body_fat: { chosen: true, equation: { id: 'nagamine_suzuki_1964' } },
    });
    await closeToasts();
  });

  it('opens from a client page with that client already chosen', async () => {
    await page.goto(`/users/${evalueeId}`);
    await page.getByTestId('client-evaluations-table').waitFor();
    expect(await page.getByTestId('client-evaluation-row').count()).toBeGreaterThanOrEqual(4);
    await page.getByTestId('client-new-evaluation').first().click();
    expect(await page.getByTestId('wizard-chosen-client').textContent()).toContain(
      `${E2E_USERS.evaluee.nombre} ${E2E_USERS.evaluee.apellido}`,
    );
    expect(await page.getByTestId('wizard-next').isEnabled()).toBe(true);
    await page.getByTestId('wizard-cancel').click();
  });
});

// ---------------------------------------------------------------- list

describe('evaluations list', () => {
  it('filters by name and e-mail, pages, marks my evaluations and hides the company column by default', async () => {
    // Enough rows for two pages of 10: earlier visits of the adult and one of Olga.
    for (let i = 0; i < 8; i++) {
      const { status } = await api('/web/ingresaevaluacion', {
        method: 'POST',
        body: apiEvaluation(evalueeId, `2025-0${1 + (i % 9)}-1${i}`, 90 - i),
      });
      expect(status).toBe(200);
    }
    expect(
      (await api('/web/ingresaevaluacion', { method: 'POST', body: apiEvaluation(otherId, '2025-05-05', 61) })).status,
    ).toBe(200);
    const total = (
      await api<{ datos_total: number }>(`/web/listaevaluaciones?type=1&page=1&limit=10&id_usuario=${evaluatorId}`)
    ).json.datos_total;
    expect(total).toBeGreaterThan(10);

    await page.goto('/evaluations');
    await page.locator('[data-testid=evaluation-row]:visible').first().waitFor();
    await page.getByTestId('evaluations-page-size').click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await listSettled(`1–10 de ${total}`);
    expect(await page.locator('[data-testid=evaluation-row]:visible').count()).toBe(10);
    expect(await page.locator('[data-testid=evaluation-mine]:visible').count()).toBe(10);
    expect(await page.getByTestId('company-column').count()).toBe(0);
    await page
      .getByTestId('evaluations-pagination')
      .getByRole('button', { name: es('common.pagination.page').replace('{{page}}', '2'), exact: true })
      .click();
    await listSettled(`11–${Math.min(20, total)} de ${total}`);

    await page.getByTestId('filter-nombre').fill('Olga');
    await page.getByTestId('filter-apply').click();
    await listSettled('1–1 de 1');
    expect(await page.locator('[data-testid=evaluation-row]:visible').getAttribute('data-email')).toBe(
      E2E_USERS.other.email,
    );
    await page.getByTestId('filter-nombre').fill('');
    await page.getByTestId('filter-email').fill('evaluee@');
    await page.getByTestId('filter-apply').click();
    await expect.poll(() => page.getByTestId('evaluations-range').textContent()).toBe(`1–10 de ${total - 1}`);
    await page.getByTestId('filter-email').fill('nadie@');
    await page.getByTestId('filter-apply').click();
    await page.getByTestId('evaluations-no-results').waitFor();
    await page.getByTestId('filter-clear').click();
    await expect.poll(() => page.getByTestId('evaluations-range').textContent()).toBe(`1–10 de ${total}`);
  });

  it('does not send a second list request while one is loading', async () => {
    let requests = 0;
    await page.route('**/web/listaevaluaciones**', async (route) => {
      requests++;
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.getByTestId('filter-rut').fill('12345678');
    await page.getByTestId('filter-apply').click();
    await expect.poll(() => page.getByTestId('evaluations-list').getAttribute('data-busy')).toBe('true');
    // While loading, searching again and paging are not possible.
    await page.getByTestId('filter-apply').click({ force: true });
    await page.getByTestId('filter-rut').press('Enter');
    expect(
      await page
        .getByTestId('evaluations-pagination')
        .getByRole('button', { name: es('common.pagination.page').replace('{{page}}', '2'), exact: true })
        .isDisabled(),
    ).toBe(true);
    await expect
      .poll(() => page.getByTestId('evaluations-list').getAttribute('data-busy'), { timeout: 10_000 })
      .toBe('false');
    expect(requests).toBe(1);
    await page.unroute('**/web/listaevaluaciones**');
    await page.getByTestId('filter-clear').click();
  });

  it('deletes an evaluation after the confirmation', async () => {
    await page.getByTestId('filter-nombre').fill('Olga');
    await page.getByTestId('filter-apply').click();
    await listSettled('1–1 de 1');
    await page.locator('[data-testid=evaluation-actions]:visible').click();
    await page.getByTestId('evaluation-delete').click();
    // waitFor is strict: it fails unless exactly one confirmation dialog appears (count() would not wait for it).
    await page.locator('.mantine-Modal-content', { hasText: es('messages.deleteConfirm') }).waitFor();
    // The confirmation says the evaluation's credit is not given back.
    expect(await page.getByTestId('delete-credit-note').textContent()).toBe(es('evaluations.delete.creditNotReturned'));
    await page.getByTestId('confirm-delete').click();
    await expectToast(es('messages.evaluationDeletedTitle'));
    await page.getByTestId('evaluations-no-results').waitFor();
    await closeToasts();
  });
});

// ---------------------------------------------------------------- detail, report and e-mail

describe('evaluation detail, PDF and e-mail', () => {
  let latestId = 0;

  it('shows every group, colours, sources, the comparison table and the history with charts', async () => {
    const list = await api<{ datos: { id: number; client: { id: number }; evaluation_type: number }[] }>(
      `/web/listaevaluaciones?type=1&page=1&limit=50&id_usuario=${evaluatorId}`,
    );
    latestId = list.json.datos.find((e) => e.client.id === evalueeId && e.evaluation_type === 4)!.id;
    await page.goto(`/evaluations/detail?evaluationID=${latestId}`);
    await page.getByTestId('evaluation-detail').waitFor();
    for (const card of [
      'card-composition',
      'card-energy',
      'card-food-guide',
      'card-fitness',
      'card-risks',
      'card-labs',
      'card-comparison',
      'evaluation-warnings',
    ]) {
      expect(await page.getByTestId(card).isVisible(), card).toBe(true);
    }
    // Numbers come from the engine, rounded for display, with their unit and category colour.
    expect(await page.getByTestId('metric-bmi-value').textContent()).toBe('25,2');
    expect(await page.getByTestId('metric-bmi-level').getAttribute('data-colour')).toBe('yellow');
    expect(await page.getByTestId('metric-bp-level').getAttribute('data-level')).toBe('stage1'); // 125/80 mmHg
    expect(await page.getByTestId('metric-bp-level').getAttribute('data-colour')).toBe('orange');
    expect(await page.getByTestId('comparison-row').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('[data-testid=comparison-row][data-primary=true]').count()).toBe(1);

    // Each equation: a numbered source with its citation on hover and in the footnotes.
    const source = page.locator('[data-testid=equation-source][data-equation=bmr_mifflin_st_jeor_1990]').first();
    await source.hover();
    await page.getByRole('tooltip').filter({ hasText: 'Mifflin MD' }).waitFor();
    expect(await page.getByTestId('equation-footnotes').textContent()).toContain('Am J Clin Nutr 1990;51:241-247');

    // History: the client's evaluations as a table and charts, with the change since the previous one.
    expect(await page.getByTestId('history-row').count()).toBeGreaterThanOrEqual(5);
    await page.getByTestId('history-change').waitFor();
    // The charts load when their place scrolls into view (decision 164).
    await page.getByTestId('history-charts-loading').scrollIntoViewIfNeeded();
    for (const chart of ['peso', 'fat', 'muscle']) {
      const panel = page.getByTestId(`history-chart-${chart}`);
      await panel.scrollIntoViewIfNeeded();
      await panel.locator('.recharts-line-curve').first().waitFor();
      expect(await panel.locator('.recharts-line-dots circle, .recharts-dot').count(), chart).toBeGreaterThanOrEqual(5);
    }
    expect(await page.getByTestId('history-chart-vo2max').count()).toBe(1);
  });

  it('downloads the PDF report with the bearer header (no token in the address)', async () => {
    const requested: string[] = [];
    page.on('request', (r) => r.url().includes('report.pdf') && requested.push(r.url()));
    const download = page.waitForEvent('download');
    await page.getByTestId('evaluation-pdf').click();
    const file = await (await download).path();
    const pdf = await readFile(file!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Informe de evaluación');
    expect(text).toContain(`${E2E_USERS.evaluee.nombre} ${E2E_USERS.evaluee.apellido}`);
    expect(requested.every((url) => !/token|bearer/i.test(url))).toBe(true);
  });

  it('the send dialog sends to an edited address with a message: Reply-To the professional, PDF attached, password shown', async () => {
    await page.getByTestId('evaluation-send').click();
    const dialog = page.getByTestId('send-report-modal');
    await dialog.waitFor();
    // The client's address is the default; the professional sends to another one this time.
    expect(await page.getByTestId('send-to').inputValue()).toBe(E2E_USERS.evaluee.email);
    const to = 'family.copy@example.org';
    await page.getByTestId('send-to').fill(to);
    await page.getByTestId('send-message').fill('Here is your report. See you on Friday!');
    await page.getByTestId('send-submit').click();
    await expectToast(es('evaluations.send.doneTitle'));
    const password = (await page.getByTestId('pdf-password').textContent())?.trim() ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{8,}$/);
    const mail = await waitForMail(inject('dataDir'), to, /Content-Disposition: attachment/i);
    const replyTo = /^Reply-To: (.*)$/im.exec(mail)?.[1] ?? '';
    expect(replyTo).toContain(E2E_USERS.evaluator.email);
    expect(replyTo).toContain(`${E2E_USERS.evaluator.nombre} ${E2E_USERS.evaluator.apellido}`);
    expect(mail).toContain('Here is your report. See you on Friday!');
    expect(mail).toMatch(/filename="?[^"\r\n]*\.pdf/i);
    expect(mail).not.toContain(password); // the password travels apart from the file
    // A lost password is re-issued by sending again: a new password, a new e-mail.
    await page.getByTestId('pdf-password-reissue').click();
    // (a new encrypted rendering: seconds on a loaded machine)
    await expect
      .poll(async () => (await page.getByTestId('pdf-password').textContent())?.trim(), { timeout: 30_000 })
      .not.toBe(password);
    await page.keyboard.press('Escape');
    await page.getByTestId('evaluation-last-email').waitFor();
    expect(await page.getByTestId('evaluation-last-email').textContent()).toContain(to);
  });

  it('the send dialog and the report-language menu in es, en and pt at desktop and phone width', async () => {
    await forEveryScreen(browser, async (shot, lang, name) => {
      await openSignedIn(shot, E2E_USERS.evaluator, `/evaluations/detail?evaluationID=${latestId}`, lang);
      await shot.getByTestId('evaluation-detail').waitFor();
      await shot.getByTestId('evaluation-pdf-language').click();
      await shot.getByTestId('evaluation-pdf-en').waitFor();
      await shot.waitForTimeout(300); // the menu's opening transition
      await shot.screenshot({ path: path.join(SHOTS, `report-language-menu-${lang}-${name}.png`) });
      await shot.keyboard.press('Escape');
      await shot.getByTestId('evaluation-send').click();
      await shot.getByTestId('send-report-form').waitFor();
      expect(await shot.getByTestId('send-report-modal').textContent()).toContain(
        tr(lang, 'evaluations.send.recipient'),
      );
      await shot.waitForTimeout(400); // the modal's opening transition
      await screenshotWithoutOverflow(shot, `send-report-dialog-${lang}-${name}`);
    });
  });
});
