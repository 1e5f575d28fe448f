import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pdfText } from '@medida/server/testing/pdf-text';
import { bioimpedanceEvaluation, findClientId, signInForApi, type Api } from '../support/api.ts';
import { launchBrowser, newPage, downloadedBytes } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr } from '../support/i18n.ts';
import { waitForMail } from '../support/outbox.ts';
import { forEveryScreen, screenshotWithoutOverflow, saveShot } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';
import { EvaluationWizard } from '../pages/evaluation-wizard.ts';
import { EvaluationsPage } from '../pages/evaluations-page.ts';
import { EvaluationDetailPage } from '../pages/evaluation-detail-page.ts';
import { ClientDetailPage } from '../pages/people-pages.ts';
import { lane } from '../support/lane.ts';

const es = (key: string) => tr('es', key);

let browser: Browser;
let page: Page;
let closeContext: () => Promise<void>;
let api: Api;
let evaluatorId = 0;
let evalueeId = 0;
let otherId = 0;
let wizard: EvaluationWizard;

// ---------------------------------------------------------------- helpers

/** A valid bioimpedance evaluation for the API (the server recomputes everything). */
const apiEvaluation = (idEvaluado: number, fecha: string, peso: number) =>
  bioimpedanceEvaluation({ id_evaluado: idEvaluado, id_evaluador: evaluatorId, fecha }, { peso });

/** The list keeps the previous rows (dimmed) while the next page loads: wait until it has settled. */
async function listSettled(list: EvaluationsPage, range: string): Promise<void> {
  await expect.poll(() => list.range.textContent()).toBe(range);
  await expect
    .poll(async () => (await list.list.count()) === 0 || (await list.list.getAttribute('aria-busy')) === 'false')
    .toBe(true);
}

// ---------------------------------------------------------------- set-up

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  closeContext = () => opened.context.close();
  ({ api, userId: evaluatorId } = await signInForApi(page, E2E_USERS.evaluator));
  evalueeId = await findClientId(api, evaluatorId, E2E_USERS.evaluee.email);
  wizard = new EvaluationWizard(page);
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
    await wizard.open();
    await wizard.pickClient('Menor', E2E_USERS.minor.email);
    await wizard.underAgeAlert.waitFor();
    expect(await wizard.nextButton.isDisabled()).toBe(true);
    await wizard.button('evaluations.wizard.editClient', wizard.underAgeAlert).click();
    const editClient = page.getByRole('dialog').filter({ has: wizard.field('fields.nombre') });
    await editClient.waitFor();
    await page.keyboard.press('Escape');
    await editClient.waitFor({ state: 'hidden' });
    // Another client unblocks Next.
    await wizard.changeClientButton.click();
    await wizard.pickClient('Evaluado', E2E_USERS.evaluee.email);
    expect(await wizard.nextButton.isEnabled()).toBe(true);
    await wizard.cancel();
  });

  it('applies the form rules: defaults, frequency hidden without exercise, fever warning, Rockport all-or-none, Back', async () => {
    await wizard.open();
    // Defaults: type 1 and No for smoking, alcohol and exercise.
    expect(await wizard.method(1).getAttribute('aria-checked')).toBe('true');
    await wizard.pickClient('Evaluado', E2E_USERS.evaluee.email);
    await wizard.next();
    for (const question of ['fuma', 'alcohol', 'ejercita'] as const) {
      expect(await wizard.answerOf(question), question).toBe('No');
    }
    const frequency = wizard.field('evaluations.fields.frecentrena', wizard.root);
    expect(await frequency.count()).toBe(0);
    await wizard.answer('ejercita', true);
    await frequency.waitFor();
    await wizard.answer('ejercita', false);
    await frequency.waitFor({ state: 'detached' });

    await wizard.fillMeasurements(1);
    await wizard.measurement('temperatura').fill('37.9');
    await wizard.feverWarning.waitFor();
    await wizard.measurement('temperatura').fill('37.5');
    await wizard.feverWarning.waitFor({ state: 'detached' });

    // The treatment tick is enabled only once its disease is ticked; an exam value only once ticked.
    expect(await wizard.treatment('ecnt', 'Hipertensión').isDisabled()).toBe(true);
    await wizard.condition('ecnt', 'Hipertensión').check();
    expect(await wizard.treatment('ecnt', 'Hipertensión').isEnabled()).toBe(true);
    expect(await wizard.examValue('hdl').isDisabled()).toBe(true);
    await wizard.exam('hdl').check();
    expect(await wizard.examValue('hdl').isEnabled()).toBe(true);
    expect(await wizard.examLimit('hdl').textContent()).toContain('40');
    await wizard.exam('hdl').uncheck();

    // Rockport: one value alone is refused with the spec's toast, and nothing is sent.
    let sent = 0;
    page.on('request', (r) => r.url().includes('/web/ingresaevaluacion') && sent++);
    await wizard.walkBpm.fill('120');
    await wizard.saveButton.click();
    await wizard.expectToast(es('messages.rockportFieldsError'));
    expect(await wizard.walkTime.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(0);
    await wizard.walkBpm.fill('');
    // The walk time is typed as a stopwatch shows it; anything else says so under the field.
    await wizard.walkTime.fill('14');
    expect(await wizard.walkTime.getAttribute('aria-invalid')).toBe('true');
    await wizard.walkTime.fill('');

    // A missing field: 'These fields are required'.
    await wizard.measurement('peso').fill('');
    await wizard.saveButton.click();
    await wizard.expectToast(es('messages.fieldsRequired'));
    expect(sent).toBe(0);
    await wizard.measurement('peso').fill('80');

    // Back keeps what was typed.
    await wizard.backButton.click();
    await wizard.changeClientButton.waitFor();
    await wizard.next();
    expect(await wizard.measurement('peso').inputValue()).toBe('80');
    await wizard.closeToasts();
    await wizard.button('common.close', wizard.root).first().click();
    await wizard.root.waitFor({ state: 'hidden' });
    // Closing resets: the next opening starts at the search.
    await wizard.open();
    await wizard.clientSearch.waitFor();
    await wizard.cancel();
  });

  it('shows each message of a server 422 as a warning toast', async () => {
    await wizard.open();
    await wizard.pickClient('Evaluado', E2E_USERS.evaluee.email);
    await wizard.next();
    await wizard.fillMeasurements(1);
    // The wizard validates like the server, so the request is altered on its way to get a real 422.
    await page.route('**/web/ingresaevaluacion', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      await route.continue({ postData: JSON.stringify({ ...body, peso: 1000, estatura: 5 }) });
    });
    const response = page.waitForResponse((r) => r.url().includes('/web/ingresaevaluacion'));
    await wizard.saveButton.click();
    expect((await response).status()).toBe(422);
    await page.unroute('**/web/ingresaevaluacion');
    const toasts = page.getByRole('alert').filter({ hasText: es('domain.evaluation.errors.range') });
    await toasts.first().waitFor();
    expect(await toasts.count()).toBeGreaterThanOrEqual(2); // one per field message
    expect(await wizard.root.isVisible()).toBe(true);
    expect(await wizard.measurement('peso').getAttribute('aria-invalid')).toBe('true');
    await wizard.closeToasts();
    await wizard.backButton.click();
    await wizard.cancel();
  });

  for (const method of [1, 2, 3] as const) {
    it(`creates a ${es(`evaluations.types.${method}`)} evaluation (type ${method}) and opens its detail`, async () => {
      await wizard.open();
      await wizard.pickClient('Evaluado', E2E_USERS.evaluee.email);
      await wizard.method(method).click();
      await wizard.next();
      await wizard.fillMeasurements(method);
      await wizard.saveAndOpenDetail();
      // The detail page stays mounted between evaluations: wait for the new one's content.
      await expect
        .poll(() => new EvaluationDetailPage(page).group('composition').textContent())
        .toContain(es(`evaluations.types.${method}`));
      expect(await wizard.root.isVisible()).toBe(false);
      await wizard.closeToasts();
    });
  }

  it('creates a four-skinfold evaluation with exercise, Rockport, conditions and exams', async () => {
    await wizard.open();
    await wizard.pickClient('Evaluado', E2E_USERS.evaluee.email);
    await wizard.method(4).click();
    await wizard.next();
    await wizard.fillMeasurements(4);
    await wizard.answer('ejercita', true);
    await wizard.choose(wizard.field('evaluations.fields.hace', wizard.root), es('evaluations.hace.6'));
    await wizard.choose(
      wizard.field('evaluations.fields.frecentrena', wizard.root),
      wizard.t('evaluations.perWeek_other', { count: 4 }),
    );
    await wizard.walkTime.fill('14:30');
    await wizard.walkBpm.fill('140');
    await wizard.condition('ecnt', 'Hipertensión').check();
    await wizard.treatment('ecnt', 'Hipertensión').check();
    await wizard.condition('autoinmune', 'other').check();
    await wizard.otherConditionName('autoinmune').fill('Asma');
    await wizard.tickExam('fasting_glucose', '95');
    await wizard.tickExam('hdl', '45');
    await wizard.tickExam('total_cholesterol', '200');
    await wizard.saveAndOpenDetail();
    await new EvaluationDetailPage(page).group('fitness').waitFor();
    expect(await page.getByTestId('metric-vo2max-value').textContent()).toMatch(/^\d+,\d$/);
    expect(await page.getByTestId('lab-fasting_glucose').textContent()).toContain('95');
    expect(await page.getByTestId('lab-non_hdl').textContent()).toContain('155'); // derived by the engine
    expect(await page.getByTestId('training-level').textContent()).toBe(es('evaluations.levels.advanced'));
    expect(await page.locator('[data-testid=risk-item][data-risk="condition:Asma"]').count()).toBe(1);
    await wizard.closeToasts();
  });

  /** The saved evaluation's id, from the detail page's address. */
  const savedId = () => Number(new URL(page.url()).searchParams.get('evaluationID'));
  type Stored = { data: { inputs: Record<string, unknown>; results: Record<string, unknown> } };

  it('stores and shows the optional inputs of issue 9: device readings, training volume, measured VO2max', async () => {
    await wizard.open();
    await wizard.pickClient('Evaluado', E2E_USERS.evaluee.email);
    await wizard.next();
    await wizard.fillMeasurements(1);
    const device = { muscle_kg: '34.5', visceral_level: '9', water_pct: '55.2', phase_angle: '6.3', bmr_kcal: '1720' };
    for (const [field, value] of Object.entries(device)) await wizard.measurement(`device.${field}`).fill(value);
    await wizard.answer('ejercita', true);
    await wizard.choose(wizard.field('evaluations.fields.hace', wizard.root), es('evaluations.hace.6'));
    await wizard.choose(
      wizard.field('evaluations.fields.frecentrena', wizard.root),
      wizard.t('evaluations.perWeek_other', { count: 3 }),
    );
    await wizard.measurement('training_volume').fill('150');
    await wizard.measurement('vo2max_measured').fill('47.5');
    await wizard.saveAndOpenDetail();
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
    await wizard.closeToasts();
  });

  it('stores and shows the protocol the professional chose for a skinfold method', async () => {
    await wizard.open();
    await wizard.pickClient('Evaluado', E2E_USERS.evaluee.email);
    await wizard.method(2).click();
    await wizard.next();
    await wizard.fillMeasurements(2, { biceps: '6', suprailiaco: '14' });
    // With biceps and suprailiac Durnin-Womersley would be the default; the professional picks Nagamine-Suzuki.
    await wizard.choose(wizard.protocol, /Nagamine/);
    await wizard.saveAndOpenDetail();
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
    await wizard.closeToasts();
  });

  it('opens from a client page with that client already chosen', async () => {
    await page.goto(`/users/${evalueeId}`);
    const client = new ClientDetailPage(page);
    const evaluations = client.section('evaluations.clientSection.title');
    // The table's rows under its header row: one per evaluation.
    await evaluations.getByRole('table').waitFor();
    expect(await evaluations.getByRole('row').count()).toBeGreaterThanOrEqual(5);
    // The page's own button (the header's "New evaluation" opens the wizard without a client).
    await client.button('evaluations.clientSection.new', page.getByRole('main')).first().click();
    expect(await wizard.chosenClient.textContent()).toContain(
      `${E2E_USERS.evaluee.nombre} ${E2E_USERS.evaluee.apellido}`,
    );
    expect(await wizard.nextButton.isEnabled()).toBe(true);
    await wizard.cancel();
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

    const list = await new EvaluationsPage(page).open();
    await list.rows.first().waitFor();
    await list.choose(list.pageSize, '10');
    await listSettled(list, `1–10 de ${total}`);
    expect(await list.rows.count()).toBe(10);
    expect(await list.mine.count()).toBe(10);
    expect(await list.companyColumn.count()).toBe(0);
    await list.pageButton(2).click();
    await listSettled(list, `11–${Math.min(20, total)} de ${total}`);

    await list.search({ nombre: 'Olga' });
    await listSettled(list, '1–1 de 1');
    await list.rows.getByText(E2E_USERS.other.email).waitFor();
    await list.search({ nombre: '', email: 'evaluee@' });
    await expect.poll(() => list.range.textContent()).toBe(`1–10 de ${total - 1}`);
    await list.search({ email: 'nadie@' });
    await list.noResults.waitFor();
    await list.clearFiltersButton.click();
    await expect.poll(() => list.range.textContent()).toBe(`1–10 de ${total}`);
  });

  it('does not send a second list request while one is loading', async () => {
    const list = new EvaluationsPage(page);
    let requests = 0;
    await page.route('**/web/listaevaluaciones**', async (route) => {
      requests++;
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await list.search({ rut: '12345678' });
    await expect.poll(() => list.list.getAttribute('aria-busy')).toBe('true');
    // While loading, searching again and paging are not possible.
    await list.searchButton.click({ force: true });
    await list.filter('rut').press('Enter');
    expect(await list.pageButton(2).isDisabled()).toBe(true);
    await expect.poll(() => list.list.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
    expect(requests).toBe(1);
    await page.unroute('**/web/listaevaluaciones**');
    await list.clearFiltersButton.click();
  });

  it('deletes an evaluation after the confirmation', async () => {
    const list = new EvaluationsPage(page);
    await list.search({ nombre: 'Olga' });
    await listSettled(list, '1–1 de 1');
    // The confirmation says the evaluation's credit is not given back.
    const note = await list.deleteEvaluationOf(`${E2E_USERS.other.nombre} ${E2E_USERS.other.apellido}`);
    expect(note).toBe(es('evaluations.delete.creditNotReturned'));
    await list.expectToast(es('messages.evaluationDeletedTitle'));
    await list.noResults.waitFor();
    await list.closeToasts();
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
    const detail = await new EvaluationDetailPage(page).open(latestId);
    for (const group of ['composition', 'energy', 'foodGuide', 'fitness', 'risks', 'labs', 'comparison'] as const) {
      expect(await detail.group(group).isVisible(), group).toBe(true);
    }
    expect(await detail.warnings.isVisible()).toBe(true);
    // Numbers come from the engine, rounded for display, with their unit and category colour.
    // BMI with WHO's two decimals (decision 196).
    expect(await page.getByTestId('metric-bmi-value').textContent()).toBe('25,25');
    expect(await page.getByTestId('metric-bmi-level').getAttribute('data-colour')).toBe('yellow');
    expect(await page.getByTestId('metric-bp-level').getAttribute('data-level')).toBe('stage1'); // 125/80 mmHg
    expect(await page.getByTestId('metric-bp-level').getAttribute('data-colour')).toBe('orange');
    expect(await page.getByTestId('comparison-row').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('[data-testid=comparison-row][data-primary=true]').count()).toBe(1);

    // Each equation: a numbered source with its citation on hover and in the footnotes.
    const source = page.locator('[data-testid=equation-source][data-equation=bmr_mifflin_st_jeor_1990]').first();
    await source.hover();
    const citation = page.getByRole('tooltip').filter({ hasText: 'Mifflin MD' });
    await citation.waitFor();
    // Placed by the source, and named as its description (the Tooltip is its sibling, decision 255).
    const [at, over] = [await source.boundingBox(), await citation.boundingBox()];
    expect(Math.abs(over!.y + over!.height - at!.y)).toBeLessThan(24);
    const describedBy = await source.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain('Mifflin MD');
    await saveShot(page, 'detail-source-tooltip');
    await page.mouse.move(0, 0);
    await citation.waitFor({ state: 'hidden' });
    // The keyboard's focus shows it too (decision 245): Tab back onto the source from the element before it.
    await source.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await citation.waitFor();
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
    await new EvaluationDetailPage(page).pdfButton.click();
    const pdf = await downloadedBytes(await download);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Informe de evaluación');
    expect(text).toContain(`${E2E_USERS.evaluee.nombre} ${E2E_USERS.evaluee.apellido}`);
    expect(requested.every((url) => !/token|bearer/i.test(url))).toBe(true);
  });

  it('the send dialog sends to an edited address with a message: Reply-To the professional, PDF attached, password shown', async () => {
    const detail = new EvaluationDetailPage(page);
    await detail.sendButton.click();
    await detail.sendDialog.waitFor();
    // The client's address is the default; the professional sends to another one this time.
    expect(await detail.recipient.inputValue()).toBe(E2E_USERS.evaluee.email);
    const to = 'family.copy@example.org';
    await detail.recipient.fill(to);
    await detail.message.fill('Here is your report. See you on Friday!');
    await detail.sendSubmit.click();
    await detail.expectToast(es('evaluations.send.doneTitle'));
    const password = await detail.shownPassword();
    expect(password).toMatch(/^[A-Za-z0-9]{8,}$/);
    const mail = await waitForMail(lane().dataDir, to, /Content-Disposition: attachment/i);
    const replyTo = /^Reply-To: (.*)$/im.exec(mail)?.[1] ?? '';
    expect(replyTo).toContain(E2E_USERS.evaluator.email);
    expect(replyTo).toContain(`${E2E_USERS.evaluator.nombre} ${E2E_USERS.evaluator.apellido}`);
    expect(mail).toContain('Here is your report. See you on Friday!');
    expect(mail).toMatch(/filename="?[^"\r\n]*\.pdf/i);
    expect(mail).not.toContain(password); // the password travels apart from the file
    // A lost password is re-issued by sending again: a new password, a new e-mail.
    await detail.reissueButton.click();
    // (a new encrypted rendering: seconds on a loaded machine)
    await expect.poll(() => detail.shownPassword(), { timeout: 30_000 }).not.toBe(password);
    await page.keyboard.press('Escape');
    await detail.lastEmail.waitFor();
    expect(await detail.lastEmail.textContent()).toContain(to);
  });

  it('the send dialog and the report-language menu in es, en and pt at desktop and phone width', async () => {
    await forEveryScreen(browser, async (shot, lang, name) => {
      await openSignedIn(shot, E2E_USERS.evaluator, `/evaluations/detail?evaluationID=${latestId}`, lang);
      const detail = new EvaluationDetailPage(shot, lang);
      await detail.group('composition').waitFor();
      await detail.reportLanguageButton.click();
      await shot.getByRole('menuitem', { name: /English/ }).waitFor();
      await shot.waitForTimeout(300); // the menu's opening transition
      await saveShot(shot, `report-language-menu-${lang}-${name}`);
      await shot.keyboard.press('Escape');
      await detail.sendButton.click();
      await detail.recipient.waitFor();
      await shot.waitForTimeout(400); // the modal's opening transition
      await screenshotWithoutOverflow(shot, `send-report-dialog-${lang}-${name}`);
    });
  });
});
