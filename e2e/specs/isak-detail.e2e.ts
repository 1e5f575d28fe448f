import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { findClientId, signInForApi, type Api } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { forEveryScreen, screenshotWithoutOverflow, SHOTS, saveShot } from '../support/screens.ts';
import { openSignedIn, storedToken } from '../support/session.ts';
import { EvaluationDetailPage } from '../pages/evaluation-detail-page.ts';
import { lane } from '../support/lane.ts';

// Issue 31 A items 3-6 (decision 198): an ISAK profile's results on the detail (sites, TEM, sums, somatotype on the
// somatochart with the earlier profile, Phantom, Kerr), the somatotype's change in the history, the professional's
// TEM per month on the dashboard, and the PDF, in es/en/pt on desktop and phone.
const PRO = E2E_USERS.isak;

/** A full profile as an anthropometrist records it; the front thigh read three times (8.2 % apart). */
const SITES: Record<string, number[]> = {
  triceps: [16.2, 16.4],
  subscapular: [12.0, 12.3],
  biceps: [6.5, 6.6],
  iliac_crest: [17.0, 17.4],
  supraspinale: [10.1, 10.0],
  abdominal: [20.2, 20.8],
  front_thigh: [24.0, 26.0, 25.1],
  medial_calf: [14.4, 14.5],
  arm_relaxed: [27.2, 27.3],
  arm_flexed: [28.5, 28.6],
  waist: [69.1, 69.3],
  gluteal: [95.0, 95.2],
  mid_thigh: [52.0, 52.2],
  calf_girth: [35.0, 35.1],
  humerus: [6.0, 6.05],
  bistyloid: [4.95, 4.95],
  femur: [9.0, 9.05],
  sitting_height: [86.0, 86.2],
  arm_span: [166.0, 166.4],
  head: [55.0, 55.1],
  forearm: [23.4, 23.5],
  chest: [86.0, 86.4],
  thigh_1cm_gluteal: [57.0, 57.3],
  biacromial: [36.5, 36.6],
  biiliocristal: [27.5, 27.7],
  transverse_chest: [26.0, 26.2],
  ap_chest: [17.0, 17.1],
};

/** Months earlier the same client carried 3 mm more on every somatotype skinfold: another somatotype. */
const EARLIER = Object.fromEntries(
  Object.entries(SITES).map(([site, readings]) => [
    site,
    ['triceps', 'subscapular', 'supraspinale', 'medial_calf'].includes(site) ? readings.map((v) => v + 3) : readings,
  ]),
);

const isakBody = (ids: { id_evaluado: number; id_evaluador: number; fecha: string }, sites: object, peso: number) => ({
  ...ids,
  evaluation_type: 5,
  peso,
  estatura: 167.5,
  presion_s: 112,
  presion_d: 72,
  fuma: 'No',
  alcohol: 'No',
  ejercita: 'Si',
  hace: 6,
  frecentrena: 4,
  clinical_data: { temperatura: 36.5 },
  isak: { sites },
});

let browser: Browser;
let evaluationId = 0;
let token = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  try {
    const { api, userId } = await signInForApi(page, PRO);
    token = (await storedToken(page)) ?? '';
    const clientId = await findClientId(api, userId, E2E_USERS.isakClient.email);
    const create = (fecha: string, sites: object, peso: number) =>
      api<{ evaluacion: { id: number } }>('/web/ingresaevaluacion', {
        method: 'POST',
        body: isakBody({ id_evaluado: clientId, id_evaluador: userId, fecha }, sites, peso),
      });
    const earlier = await create('2026-04-14', EARLIER, 63.5);
    expect(earlier.status, JSON.stringify(earlier.json)).toBe(200);
    const created = await create('2026-10-06', SITES, 61.5);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    evaluationId = created.json.evaluacion.id;
  } finally {
    await context.close();
  }
});
afterAll(async () => {
  await browser?.close();
});

describe('an ISAK profile’s results (decision 198)', () => {
  it('shows the sites, TEM, sums, somatotype on the somatochart, Phantom and Kerr, and the somatotype’s change', async () => {
    await forEveryScreen(browser, async (page, lang, viewport) => {
      await openSignedIn(page, PRO, `/evaluations/detail?evaluationID=${evaluationId}`, lang);
      await new EvaluationDetailPage(page, lang).rendered();
      const card = page.getByTestId('card-isak');
      await card.waitFor();
      // On a phone the readings are folded behind a line until asked for.
      const toggle = card.getByTestId('isak-sites-toggle');
      expect(await toggle.getAttribute('aria-expanded')).toBe(viewport === 'phone' ? 'false' : 'true');
      if (viewport === 'phone') {
        await saveShot(card, `isak-card-${lang}-phone-folded`);
        await toggle.click();
      }
      expect(await card.getByTestId(/^isak-site-/).count()).toBe(27);
      expect(await card.getByTestId('isak-third').count()).toBe(1);
      expect(await card.getByTestId('isak-kerr').isVisible()).toBe(true);
      // This profile and the earlier one (and any the wizard's spec saved, later or not), this one marked.
      const points = card.getByTestId('somatochart-point');
      expect(await points.count()).toBeGreaterThanOrEqual(2);
      expect(await card.locator('[data-testid="somatochart-point"][data-current="true"]').count()).toBe(1);
      expect(await page.getByRole('img', { name: /2026/ }).count()).toBeGreaterThan(0);
      const changes = page.getByTestId('somatotype-change');
      expect(await changes.count()).toBeGreaterThanOrEqual(1);
      await screenshotWithoutOverflow(page, `isak-detail-page-${lang}-${viewport}`);
      await card.scrollIntoViewIfNeeded();
      await saveShot(card, `isak-card-${lang}-${viewport}`);
      await saveShot(page.getByTestId('evaluation-history'), `isak-history-${lang}-${viewport}`);
    });
  });

  it('gives the professional its own TEM per month on the dashboard', async () => {
    await forEveryScreen(browser, async (page, lang, viewport) => {
      await openSignedIn(page, PRO, '/dashboard', lang);
      const card = page.getByTestId('isak-tem-card');
      await card.waitFor();
      expect(await card.getByTestId('isak-tem-month').count()).toBeGreaterThanOrEqual(2);
      await screenshotWithoutOverflow(page, `isak-dashboard-${lang}-${viewport}`);
      await saveShot(card, `isak-tem-card-${lang}-${viewport}`);
    });
  });

  it('prints the ISAK page in the PDF in each language', async () => {
    const api: Api = async (p) => {
      const res = await fetch(lane().baseURL + p, {
        headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
      });
      return { status: res.status, json: Buffer.from(await res.arrayBuffer()) as never };
    };
    await mkdir(SHOTS, { recursive: true });
    for (const lang of ['es', 'en', 'pt'] as const) {
      const res = await api<Buffer>(`/web/evaluations/${evaluationId}/report.pdf?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.json.subarray(0, 5).toString()).toBe('%PDF-');
      await writeFile(path.join(SHOTS, `isak-report-${lang}.pdf`), res.json);
    }
  });
});
