import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { repoRoot } from '../support/server.ts';
import { expectPath, logIn, storedToken } from '../support/session.ts';

// The widgets page (issue 12, decision 114) and the charts page (decision 115) as the home fixture
// professional; widgets restores the defaults. Runs after home.e2e.ts, which evaluates home's clients;
// run alone, the charts test evaluates one client itself.
const SHOTS = path.join(repoRoot, 'e2e/artifacts/screens');
const HOME = E2E_USERS.home;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function openWidgets(page: Page, lang: Lang = 'es') {
  await logIn(page, HOME.email, HOME.password);
  await expectPath(page, '/dashboard');
  await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
  await page.goto('/widgets');
  await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(tr(lang, 'widgets.title'));
  await page.getByTestId('widgets-gallery').waitFor();
}

describe('widgets', () => {
  it('hides a card, moves another first and sets the follow-up interval; the dashboard follows', async () => {
    const { context, page } = await newPage(browser);
    await openWidgets(page);
    await page.getByTestId('widget-toggle-credits').click();
    // Latest evaluations to the top: three steps up (counts, weekly above it).
    await page.getByTestId('widget-up-latest').click();
    await page.getByTestId('widget-up-latest').click();
    await page.getByTestId('widgets-weeks').fill('4');
    await page.getByTestId('widgets-save').click();
    await page.goto('/dashboard');
    await page.getByTestId('dash-latest').waitFor();
    expect(await page.getByTestId('dash-credits').count()).toBe(0);
    // The latest card comes before the counts.
    const order = await page.evaluate(() => {
      const latest = document.querySelector('[data-testid="dash-latest"]');
      const clients = document.querySelector('[data-testid="dash-clients"]');
      return latest && clients ? latest.compareDocumentPosition(clients) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeGreaterThan(0);
    expect(await page.getByTestId('dash-follow-up').textContent()).toContain('4');

    // Back to the defaults for the other specs.
    await page.goto('/widgets');
    await page.getByTestId('widgets-gallery').waitFor();
    await page.getByTestId('widget-toggle-credits').click();
    for (let i = 0; i < 2; i++) await page.getByTestId('widget-down-latest').click();
    await page.getByTestId('widgets-weeks').fill('8');
    await page.getByTestId('widgets-save').click();
    await page.goto('/dashboard');
    await page.getByTestId('dash-credits').waitFor();
    await context.close();
  });

  it('is screenshotted in es, en and pt at desktop and phone width without overflow', async () => {
    for (const lang of ['es', 'en', 'pt'] as Lang[]) {
      for (const [name, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const { context, page } = await newPage(browser, viewport);
        await openWidgets(page, lang);
        await page.getByTestId('dash-weekly').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await page.screenshot({ path: path.join(SHOTS, `widgets-${lang}-${name}.png`), fullPage: true });
        await context.close();
      }
    }
  });
});

async function api<T>(token: string, urlPath: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(inject('baseURL') + urlPath, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('charts', () => {
  it('shows the categories, averages and improvement of the own evaluations, filters by sex and exports PNG and CSV', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, HOME.email, HOME.password);
    await expectPath(page, '/dashboard');
    const token = (await storedToken(page)) ?? '';
    const me = await api<{ user: { id: number } }>(token, '/web/authenticate/user');
    const dash = await api<{ data: { counts: { evaluations_total: number } } }>(token, '/web/getdash');
    if (dash.data.counts.evaluations_total === 0) {
      const list = await api<{ lista: { id_usuario: number }[] }>(
        token,
        `/web/evaluationListing?type=2&search=${E2E_USERS.homeClients[0].email}&parent_user_id=${me.user.id}`,
      );
      await api(token, '/web/ingresaevaluacion', {
        method: 'POST',
        body: {
          id_evaluado: list.lista[0]!.id_usuario,
          id_evaluador: me.user.id,
          evaluation_type: 1,
          fecha: new Date().toISOString().slice(0, 10),
          peso: 70,
          estatura: 165,
          presion_s: 120,
          presion_d: 80,
          pcintura: 84,
          pcadera: 100,
          pbrazo: 30,
          ppierna: 55,
          pgrasa: 28,
          fuma: 'No',
          alcohol: 'No',
          ejercita: 'No',
          clinical_data: { temperatura: 36.5 },
        },
      });
    }
    await page.goto('/charts');
    await page.getByTestId('charts-summary').waitFor();
    await page.getByTestId('chart-bmi-categories').locator('.recharts-bar-rectangle path').first().waitFor();
    const all = (await page.getByTestId('charts-summary').textContent()) ?? '';

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('chart-bmi-categories-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toBe('bmi-categories.csv');
    const text = await readFile((await csv.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFFCategoría,Clientes');
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('chart-monthly-averages-png').click(),
    ]);
    const image = await readFile((await png.path())!);
    expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(image.length).toBeGreaterThan(2000);
    // Only men: Rita and Nora leave the selection.
    await page.getByTestId('charts-sexo').click();
    await page.getByRole('option', { name: tr('es', 'sexo.Masculino'), exact: true }).click();
    await expect.poll(() => page.getByTestId('charts-summary').textContent()).not.toBe(all);

    await context.close();
  });

  it('is screenshotted in es, en and pt at desktop and phone width without overflow', async () => {
    for (const lang of ['es', 'en', 'pt'] as Lang[]) {
      for (const [name, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const { context, page } = await newPage(browser, viewport);
        await logIn(page, HOME.email, HOME.password);
        await expectPath(page, '/dashboard');
        await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
        await page.goto('/charts');
        await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(tr(lang, 'charts.title'));
        await page.getByTestId('chart-bmi-categories').locator('.recharts-bar-rectangle path').first().waitFor();
        await page.waitForTimeout(500); // the charts' entry animation
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await page.screenshot({ path: path.join(SHOTS, `charts-${lang}-${name}.png`), fullPage: true });
        await context.close();
      }
    }
  });
});
