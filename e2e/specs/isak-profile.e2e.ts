import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { IsakProfile } from '../pages/isak-profile.ts';
import { apiWith } from '../support/api.ts';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { flowRounds, SHOTS, saveShot } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';

// Issue 31 part A (decision 197): a professional measures an ISAK profile in the wizard — two readings per site, a
// third where the first two differ by more than ISAK's tolerance, the full profile for Kerr — saves it, and the
// server keeps every reading as typed.

/** The full profile, with readings as an anthropometrist records them (skinfolds in mm, the rest in cm). */
const SITES: Record<string, number[]> = {
  // 19.1 and 20.1 differ by 5.1 % of their mean: more than 5 %, so a third reading (below).
  triceps: [19.1, 20.1],
  subscapular: [12.4, 12.6],
  biceps: [6.2, 6.2],
  iliac_crest: [18.5, 18.9],
  supraspinale: [11.2, 11],
  abdominal: [21.5, 22],
  front_thigh: [25, 25.4],
  medial_calf: [14.1, 14.3],
  arm_relaxed: [27.5, 27.5],
  arm_flexed: [29.2, 29.3],
  waist: [70.1, 70.3],
  gluteal: [96.2, 96.4],
  mid_thigh: [52.3, 52.5],
  calf_girth: [35.1, 35.2],
  humerus: [6.05, 6.05],
  bistyloid: [4.95, 4.95],
  femur: [9.1, 9.1],
  sitting_height: [86.4, 86.5],
  arm_span: [166.2, 166.4],
  head: [55.2, 55.3],
  forearm: [23.5, 23.6],
  chest: [86.2, 86.4],
  thigh_1cm_gluteal: [57.1, 57.3],
  biacromial: [36.5, 36.6],
  biiliocristal: [27.8, 27.9],
  transverse_chest: [26.5, 26.6],
  ap_chest: [17.6, 17.7],
};
const TRICEPS_THIRD = 19.8;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type Stored = { data: { evaluation_type: number; inputs: Record<string, unknown> } };

describe('an ISAK profile from the wizard (issue 31, decision 197)', () => {
  // CI runs one language, by turn (decision 235); a full run takes the three at once, each in its own browser context.
  for (const { lang } of flowRounds(import.meta.url, [{ lang: 'es' }, { lang: 'en' }, { lang: 'pt' }] as const)) {
    it.concurrent(
      `asks for a third reading, takes the full profile and stores every reading in ${lang}`,
      async ({ expect }) => {
        const { context, page } = await newPage(browser);
        try {
          const api = apiWith(await openSignedIn(page, E2E_USERS.isak, '/evaluations', lang));
          const wizard = new IsakProfile(page, lang);
          const number = (value: number) => new Intl.NumberFormat(lang, { useGrouping: false }).format(value);
          await wizard.open();
          await wizard.pickClient('Somato', E2E_USERS.isakClient.email);
          await wizard.chooseIsak();

          // Weight and height as for every method; the sites always in mm and cm.
          for (const [field, value] of Object.entries({ peso: 61.5, estatura: 167.5, presion_s: 112, presion_d: 72 }))
            await wizard.measurement(field).fill(number(value));
          await wizard.measurement('temperatura').fill(number(36.5));

          // The restricted profile first; the switch adds Kerr's eight sites.
          await expect.poll(() => wizard.reading('head', 1).count()).toBe(0);
          await wizard.fullProfile.click();
          for (const [site, readings] of Object.entries(SITES)) await wizard.measure(site, readings);

          // The third reading: which site, by how much and why; Save is refused until it is taken.
          const prompt = wizard.thirdPrompt('triceps');
          await prompt.waitFor();
          expect(await prompt.textContent()).toBe(
            wizard.t('evaluations.isakWizard.thirdNeeded', {
              site: wizard.siteName('triceps'),
              difference: number(5.1),
              tolerance: 5,
            }),
          );
          await mkdir(SHOTS, { recursive: true });
          for (const [width, viewport] of [
            ['desktop', DESKTOP],
            ['phone', PHONE],
          ] as const) {
            await page.setViewportSize(viewport);
            await wizard.row('triceps').scrollIntoViewIfNeeded();
            await saveShot(page, `isak-profile-third-${lang}-${width}`);
            // The full profile's sites inside their groups (breadths, lengths).
            await wizard.row('ap_chest').scrollIntoViewIfNeeded();
            await saveShot(page, `isak-profile-breadths-${lang}-${width}`);
          }
          await page.setViewportSize(DESKTOP);
          await wizard.saveButton.click();
          await expect.poll(() => wizard.reading('triceps', 3).getAttribute('aria-invalid')).toBe('true');
          expect(new URL(page.url()).pathname).toBe('/evaluations');
          await wizard.row('triceps').scrollIntoViewIfNeeded();
          await saveShot(page, `isak-profile-refused-${lang}-desktop`);

          await wizard.reading('triceps', 3).fill(number(TRICEPS_THIRD));
          // The median of 19.1, 20.1 and 19.8.
          expect(await wizard.row('triceps').textContent()).toContain(
            wizard.t('evaluations.isakWizard.final', { value: number(19.8), unit: 'mm' }),
          );
          const id = await wizard.saveAndOpenDetail();

          const stored = (await api<Stored>(`/web/getevaluacion?evaluationID=${id}`)).json.data;
          expect(stored.evaluation_type).toBe(5);
          const sites = (stored.inputs.isak as { sites: Record<string, number[]> }).sites;
          expect(sites).toEqual({ ...SITES, triceps: [...SITES.triceps!, TRICEPS_THIRD] });
        } finally {
          await context.close();
        }
      },
    );
  }
});
