import { WidgetsPage } from '../pages/widgets-page.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, downloadedBytes } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { forEveryScreen, screenshotWithoutOverflow } from '../support/screens.ts';
import { expectPath, logIn, openSignedIn } from '../support/session.ts';

// The widgets page (issue 12, decision 114) and the charts page (decision 115) as the home fixture
// professional; widgets restores the defaults. Nothing here adds evaluations (home.e2e.ts counts them):
// the charts show whatever home's clients have when this file runs.
const HOME = E2E_USERS.home;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openWidgets(page: Page, lang: Lang = 'es'): Promise<WidgetsPage> {
  await openSignedIn(page, HOME, '/widgets', lang);
  const widgets = new WidgetsPage(page, lang);
  await widgets.heading.waitFor();
  await widgets.card('credits').waitFor();
  return widgets;
}

describe('widgets', () => {
  it('hides a card, moves another first and sets the follow-up interval; the dashboard follows', async () => {
    const { context, page } = await newPage(browser);
    let widgets = await openWidgets(page);
    await widgets.shown('credits').click();
    // Latest evaluations to the top: three steps up (counts, weekly above it).
    await widgets.up('latest').click();
    await widgets.up('latest').click();
    await widgets.followUpWeeks.fill('4');
    await widgets.saveButton.click();
    await page.goto('/dashboard');
    await page.getByTestId('dash-latest').waitFor();
    // The first row renders with the answers, the rows after it in a background render (decision 169).
    await page.getByTestId('dash-clients').waitFor();
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
    widgets = await openWidgets(page);
    await widgets.shown('credits').click();
    for (let i = 0; i < 2; i++) await widgets.down('latest').click();
    await widgets.followUpWeeks.fill('8');
    await widgets.saveButton.click();
    await page.goto('/dashboard');
    await page.getByTestId('dash-credits').waitFor();
    await context.close();
  });

  it('is screenshotted in es, en and pt at desktop and phone width without overflow', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      await openWidgets(page, lang);
      await page.getByTestId('dash-weekly').waitFor();
      await screenshotWithoutOverflow(page, `widgets-${lang}-${name}`);
    });
  });
});

describe('charts', () => {
  it('shows the categories, averages and improvement of the own evaluations, filters by sex and exports PNG and CSV', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, HOME.email, HOME.password);
    await expectPath(page, '/dashboard');
    await page.goto('/charts');
    await page.getByTestId('charts-summary').waitFor();

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('chart-bmi-categories-csv').click(),
    ]);
    // Named in the user's language (issue 30 item 13).
    expect(csv.suggestedFilename()).toBe(`${tr('es', 'charts.files.bmi-categories')}.csv`);
    expect(csv.suggestedFilename()).toBe('categorias-imc.csv');
    const text = (await downloadedBytes(csv)).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFFCategoría,Clientes');
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-improving-png').click()]);
    const image = await downloadedBytes(png);
    expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(image.length).toBeGreaterThan(500);
    // Only men: the page asks again with the filter (the figures per filter: charts.int.test.ts).
    const filtered = page.waitForResponse((r) => r.url().includes('/web/charts?sexo=Masculino') && r.ok());
    await page.getByTestId('charts-sexo').click();
    await page.getByRole('option', { name: tr('es', 'sexo.Masculino'), exact: true }).click();
    await filtered;
    await page.getByTestId('charts-summary').waitFor();

    await context.close();
  });

  it('is screenshotted in es, en and pt at desktop and phone width without overflow', async () => {
    await forEveryScreen(browser, async (page, lang, name) => {
      await openSignedIn(page, HOME, '/charts', lang);
      await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(tr(lang, 'charts.title'));
      await page.getByTestId('chart-improving').waitFor();
      await page.waitForTimeout(500); // the charts' entry animation
      await screenshotWithoutOverflow(page, `charts-${lang}-${name}`);
    });
  });
});
