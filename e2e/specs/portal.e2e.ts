import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiWith, bioimpedanceEvaluation, findClientId, signInForApi } from '../support/api.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { DESKTOP, launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { waitForMail } from '../support/outbox.ts';
import { EvaluationDetailPage } from '../pages/evaluation-detail-page.ts';
import { ResetPasswordPage } from '../pages/password-pages.ts';
import { ClientsPage } from '../pages/people-pages.ts';
import { Shell } from '../pages/shell.ts';
import { forEveryScreen, screenshotWithoutOverflow } from '../support/screens.ts';
import { expectPath, logIn, storedToken } from '../support/session.ts';
import { lane } from '../support/lane.ts';

/**
 * Issue 15: a client is invited to the portal by choice (decision 132) and then sees its own portal —
 * timeline, simplified detail, its PDF, its documents, its professional, consent and access log —
 * and nothing of the professional's screens or API.
 */
const PRO = E2E_USERS.portalPro;
const CLIENT = { nombre: 'Paula', apellido: 'Portal', email: 'paula.portal@e2e.medida.test', rut: '12.345.678-5' };
const CLIENT_PASSWORD = 'Mi-Portal-Clave-2026';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let dir: string;
let pngPath: string;
let clientId: number;
let firstEvaluationId: number;
beforeAll(async () => {
  browser = await launchBrowser();
  dir = await mkdtemp(path.join(os.tmpdir(), 'medida-portal-e2e-'));
  pngPath = path.join(dir, 'plan-alimentario.png');
  await writeFile(pngPath, PNG);
});
afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const es = (key: string) => tr('es', key);
const linkIn = (mail: string) => /https?:\/\/\S+\/pages\/reset-password#token=[\w-]+&invitation=1/.exec(mail)![0];

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

async function clientSignedIn(page: Page, lang: Lang = 'es'): Promise<void> {
  await logIn(page, CLIENT.email, CLIENT_PASSWORD);
  await expectPath(page, '/evaluations');
  if (lang !== 'es') {
    await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
    await page.reload();
  }
  await page.getByTestId('portal-timeline').waitFor();
}

describe('inviting a client to the portal', () => {
  it('creates the client with the opt-in: the e-mail names the professional and the expiry in its zone', async () => {
    // The professional's browser is in Chile: the e-mail writes the link's expiry in that zone.
    const context = await browser.newContext({
      baseURL: lane().baseURL,
      viewport: DESKTOP,
      locale: 'es-CL',
      timezoneId: 'America/Santiago',
    });
    const page = await context.newPage();
    const { api, userId } = await signInForApi(page, PRO);
    const form = await (await new ClientsPage(page).open()).openNew();
    await form.fill(CLIENT);
    await form.fileInput.setInputFiles(pngPath);
    await form.documentTitle(0).fill('Plan alimentario');
    await form.documentDescription(0).fill('Semana 1 a 4');
    await form.consent.check();
    await form.root.getByRole('checkbox', { name: es('portal.invite.onCreate') }).check();
    await form.submit('people.clients.create').click();
    await form.expectToast(es('messages.createdUser'));

    const mail = await waitForMail(lane().dataDir, CLIENT.email, /reset-password#token=/);
    // The outbox reader decodes bytes, not UTF-8: the professional is found by its plain-ASCII surname.
    expect(mail).toContain(`${PRO.apellido} te invita al portal de clientes de Medida`);
    expect(mail).toMatch(/vence el \d{1,2} de [^\n]+ de 20\d\d[^\n]*\d{1,2}:\d{2} \(America\/Santiago\)/);
    expect(mail).not.toMatch(/contraseña temporal/i);

    // Two evaluations on different dates, so the client has a timeline and a progress.
    clientId = await findClientId(api, userId, 'Paula');
    const year = new Date().getUTCFullYear() - 1;
    for (const [fecha, peso] of [
      [`${year}-03-02`, 82],
      [`${year}-06-15`, 79.5],
    ] as const) {
      const res = await api<{ evaluacion: { id: number } }>('/web/ingresaevaluacion', {
        method: 'POST',
        body: bioimpedanceEvaluation({ id_evaluado: clientId, id_evaluador: userId, fecha }, { peso, estatura: 165 }),
      });
      expect(res.status).toBe(200);
      firstEvaluationId ??= res.json.evaluacion.id;
    }

    // The client page says the client is invited, and can invite again (the newest link replaces the first).
    await page.goto(`/users/${clientId}`);
    await page.locator('[data-testid=portal-access][data-status=invited]').waitFor();
    await screenshotWithoutOverflow(page, 'portal-invite-client-page-es-desktop');
    await page.getByRole('button', { name: es('portal.invite.again') }).click();
    await expectToast(page, es('portal.invite.heading'));
    await context.close();
  });

  it('the invitation link lets the client choose its password, once, and lands signed in (issue 30 item 7)', async () => {
    const mail = await waitForMail(lane().dataDir, CLIENT.email, /reset-password#token=/);
    const { context, page } = await newPage(browser);
    const choose = new ResetPasswordPage(page, 'es', true);
    await page.goto(linkIn(mail));
    await page.getByRole('heading', { name: es('portal.setPassword.title') }).waitFor();
    await choose.setPassword(CLIENT_PASSWORD);
    await choose.submitButton.click();
    // Signed in like registration's link: the portal, not the login page, with the welcome.
    await expectToast(page, es('portal.setPassword.welcomeTitle'));
    await expectPath(page, '/evaluations');
    expect(await storedToken(page)).toBeTruthy();
    // The e-mail that follows says welcome, never "your password was changed".
    const welcome = await waitForMail(lane().dataDir, CLIENT.email, /Bienvenido a Medida/);
    expect(welcome).not.toMatch(/fue cambiada|password was changed/i);
    await context.close();
    // Used once: the same link is refused on use, with what to do.
    const second = await newPage(browser);
    const again = new ResetPasswordPage(second.page, 'es', true);
    await second.page.goto(linkIn(mail));
    await again.setPassword('Otra-Clave-Distinta-2026');
    await again.submitButton.click();
    await again.invalid.waitFor();
    await second.context.close();
  });
});

describe("a client's portal", () => {
  it('shows the timeline, a simplified detail with its PDF, its documents and its profile', async () => {
    const { context, page } = await newPage(browser);
    await clientSignedIn(page);
    // Own navigation only.
    const shell = new Shell(page);
    const link = (key: string) => shell.sidebar.getByRole('link', { name: es(key), exact: true });
    for (const item of ['evaluations', 'documents', 'profile']) await link(`portal.nav.${item}`).waitFor();
    for (const item of ['dashboard', 'clients', 'network', 'charts', 'widgets'])
      expect(await link(`nav.${item}`).count()).toBe(0);
    expect(await link('nav.designSystem').count()).toBe(0);

    const cards = page.getByTestId('portal-evaluation-card');
    expect(await cards.count()).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Newest first, with the weight and the categories in words.
    expect(await cards.first().textContent()).toContain('79,5');
    expect(await cards.first().getByTestId('portal-card-bmi').textContent()).toBeTruthy();
    await page.getByTestId('history-chart-peso').waitFor();

    // The PDF of an evaluation straight from its card: no password asked.
    const [fromCard] = await Promise.all([
      page.waitForEvent('download'),
      cards.last().getByTestId('portal-evaluation-pdf').click(),
    ]);
    expect(fromCard.suggestedFilename()).toMatch(/\.pdf$/);

    // The detail: results with ranges, the equation comparison folded until asked for, no versions.
    await cards.last().getByTestId('portal-evaluation-open').click();
    await page.getByTestId('evaluation-detail').waitFor();
    await page.getByTestId('metric-bmi').waitFor();
    await page.getByTestId('comparison-folded').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const detail = new EvaluationDetailPage(page);
    expect(await detail.button('evaluations.edit.action').count()).toBe(0);
    expect(await detail.sendButton.count()).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), detail.pdfButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    // Its documents: the file its professional attached.
    await link('portal.nav.documents').click();
    const downloadDocument = page.getByRole('button', {
      name: es('attachments.download').replace('{{title}}', 'Plan alimentario'),
    });
    const [file] = await Promise.all([page.waitForEvent('download'), downloadDocument.click()]);
    expect(file.suggestedFilename()).toBe('plan-alimentario.png');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Its profile: its professional, its consent, and who accessed its record.
    await link('portal.nav.profile').click();
    expect(await page.getByTestId('portal-professional-name').textContent()).toBe(`${PRO.nombre} ${PRO.apellido}`);
    await page.locator('[data-testid=consent-card][data-status=given]').waitFor();
    await page.getByTestId('audit-row').first().waitFor();
    expect(await page.getByTestId('audit-row').count()).toBeGreaterThan(2);
    // Off the navigation link just clicked: axe judges the page, not a hover state.
    await page.mouse.move(900, 70);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The invitation from the client page is in the log (the one sent with the creation is part of "created").
    expect(await page.locator('[data-testid=audit-row][data-action=email]').count()).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('never reaches the professional screens (redirected) nor their API (403)', async () => {
    const { context, page } = await newPage(browser);
    await clientSignedIn(page);
    for (const blocked of ['/dashboard', '/users', `/users/${clientId}`, '/networkusers', '/charts', '/theme']) {
      await page.goto(blocked);
      await expectPath(page, '/evaluations');
    }
    const api = apiWith((await storedToken(page)) ?? '');
    expect((await api('/web/getdash')).status).toBe(403);
    expect((await api(`/web/clients/${clientId}/invite`, { method: 'POST', body: {} })).status).toBe(403);
    expect((await api(`/web/clients/${clientId}/portal`)).status).toBe(403);
    expect((await api('/web/charts')).status).toBeGreaterThanOrEqual(403);
    // Another account's client's evaluation: not found, and not in the client's cards.
    const pro = await newPage(browser);
    const evaluator = await signInForApi(pro.page, E2E_USERS.evaluator);
    const evalueeId = await findClientId(evaluator.api, evaluator.userId, E2E_USERS.evaluee.nombre);
    const foreign = await evaluator.api<{ evaluacion: { id: number } }>('/web/ingresaevaluacion', {
      method: 'POST',
      body: bioimpedanceEvaluation(
        { id_evaluado: evalueeId, id_evaluador: evaluator.userId, fecha: `${new Date().getUTCFullYear() - 1}-05-05` },
        {},
      ),
    });
    expect(foreign.status).toBe(200);
    await pro.context.close();
    const foreignId = foreign.json.evaluacion.id;
    expect((await api(`/web/getevaluacion?evaluationID=${foreignId}`)).status).toBe(404);
    expect((await api(`/web/evaluations/${foreignId}/report.pdf`)).status).toBe(404);
    const cards = await api<{ evaluations: { id: number }[] }>('/web/portal/evaluations');
    expect(cards.json.evaluations.map((e) => e.id)).not.toContain(foreignId);
    await context.close();
  });

  it('screens in es/en/pt, desktop and phone', async () => {
    await forEveryScreen(browser, async (page, lang, viewport) => {
      await clientSignedIn(page, lang);
      await page.getByTestId('history-chart-peso').waitFor();
      await page.waitForTimeout(300);
      await screenshotWithoutOverflow(page, `portal-timeline-${lang}-${viewport}`);
      await page.goto(`/evaluations/detail?evaluationID=${firstEvaluationId}`);
      await new EvaluationDetailPage(page, lang).rendered();
      await screenshotWithoutOverflow(page, `portal-detail-${lang}-${viewport}`);
      await page.goto('/my-documents');
      await page.getByTestId('saved-attachment').first().waitFor();
      await screenshotWithoutOverflow(page, `portal-documents-${lang}-${viewport}`);
      await page.goto('/my-profile');
      await page.getByTestId('audit-row').first().waitFor();
      await screenshotWithoutOverflow(page, `portal-profile-${lang}-${viewport}`);
    });
  });
});
