import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { EXAM_CATALOGUE, EXAM_IDS, type ExamId } from '@medida/domain';
import { EvaluationDetailPage } from '../pages/evaluation-detail-page.ts';
import { EvaluationWizard, type Method } from '../pages/evaluation-wizard.ts';
import { apiWith, bioimpedanceEvaluation, findClientId, type Api } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { flowRounds, forEveryScreen, screenshotWithoutOverflow } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';
import type { Lang } from '../support/i18n.ts';

// Issue 30 items 1 and 3 (decisions 182, 183): every numeric field of the wizard takes "68,5" and "68.5", pasted
// or typed, in es, en and pt, shows the number with the language's separator and stores that number; an imperial
// professional's edit saved unchanged keeps every stored kilogram and centimetre.

/** Step 2's numeric fields (by the label key after `evaluations.fields.`) with a value that has a decimal. */
const BASE = {
  peso: 68.5,
  estatura: 165.5,
  presion_s: 120,
  presion_d: 80,
  pcintura: 81.5,
  pcadera: 99.5,
  pbrazo: 28.5,
  ppierna: 54.5,
};
const BREADTHS = { diametro_muneca: 5.5, diametro_femur: 9.5 };
const MORE_SKINFOLDS = { suprailiaco: 9.5, biceps: 4.5 };
const BY_METHOD: Record<Method, Record<string, number>> = {
  1: {
    pgrasa: 27.5,
    ...BREADTHS,
    'device.muscle_kg': 23.5,
    'device.visceral_level': 7,
    'device.water_pct': 52.5,
    'device.phase_angle': 5.5,
    'device.bmr_kcal': 1450,
  },
  2: { triceps: 5.5, subescapular: 8.5, ...MORE_SKINFOLDS, ...BREADTHS },
  3: { cuello: 34.5, ...BREADTHS },
  4: { triceps: 5.5, subescapular: 8.5, abdominal: 12.5, cuadriceps: 14.5, ...MORE_SKINFOLDS, ...BREADTHS },
};
/** Shown whatever the method: clinical data, Rockport, the measured VO2max. */
const ALWAYS = { temperatura: 36.5, bpm: 130, vo2max_measured: 41.5 };
/** Whole-number fields: a decimal pasted there is refused with its reason, never read as another number. */
const WHOLE = new Set(['presion_s', 'presion_d', 'device.visceral_level', 'device.bmr_kcal', 'bpm', 'training_volume']);

/** Each language walks the four methods in another order and saves the last one. */
const ORDER: Record<Lang, Method[]> = { es: [2, 3, 4, 1], en: [1, 2, 3, 4], pt: [1, 4, 2, 3] };

/** An exam's value inside its accepted range, with two decimals (the exam fields keep two). */
const examValue = (exam: ExamId) => {
  const { min, max } = EXAM_CATALOGUE[exam].range;
  return Math.round(min + (max - min) / 10) + 0.25;
};

const written = (value: number, lang: Lang) => new Intl.NumberFormat(lang, { useGrouping: false }).format(value);
const otherSeparator = (text: string) => text.replace(/[.,]/, (s) => (s === '.' ? ',' : '.'));

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Enters `value` with both separators, one pasted and one typed, and checks after each that the field shows it as the
 * language writes it (the field shows the number the form holds). `turn` alternates which separator is pasted, so
 * across the fields each separator is both pasted and typed; the component test enters each field's four ways
 * (decision 248). A whole-number field refuses a pasted decimal instead.
 */
async function enterBothWays(
  expect: ExpectStatic,
  wizard: EvaluationWizard,
  name: string,
  field: Locator,
  value: number,
  turn: number,
): Promise<void> {
  const shown = written(value, wizard.lang);
  const [pasted, typed] = turn % 2 === 0 ? [shown, otherSeparator(shown)] : [otherSeparator(shown), shown];
  await wizard.pasteEvent(field, pasted);
  expect(await field.inputValue(), `${name} pasted as ${pasted} in ${wizard.lang}`).toBe(shown);
  await wizard.typeInto(field, typed);
  expect(await field.inputValue(), `${name} typed as ${typed} in ${wizard.lang}`).toBe(shown);
  if (WHOLE.has(name)) {
    await wizard.pasteEvent(field, `5${wizard.lang === 'en' ? '.' : ','}5`);
    expect(await field.inputValue(), `${name} kept its value`).toBe(shown);
    expect(await wizard.errorOf(field)).toContain(wizard.t('common.decimal.wholeNumber'));
    await wizard.typeInto(field, shown);
  }
}

type Stored = {
  data: { inputs: Record<string, unknown> & { clinical_data: { exams?: { name: string; value: number }[] } } };
};

describe('decimal entry in every numeric field (issue 30, decision 182)', () => {
  for (const { lang } of flowRounds(import.meta.url, [{ lang: 'es' }, { lang: 'en' }, { lang: 'pt' }] as const)) {
    // The languages at once (their pages paste by event, not through the one clipboard); CI runs one (decision 235).
    it.concurrent(
      `takes "," and "." pasted or typed in ${lang}, shows the ${lang} separator and stores the number`,
      // The test's own expect: concurrent tests must not share the file's (vitest's rule for it.concurrent).
      async ({ expect }) => {
        const { context, page } = await newPage(browser);
        try {
          const api = apiWith(await openSignedIn(page, E2E_USERS.decimals, '/evaluations', lang));
          const wizard = new EvaluationWizard(page, lang);
          await wizard.open();
          await wizard.pickClient('Punto', E2E_USERS.decimalsClient.email);
          const methods = ORDER[lang];
          let turn = 0;
          for (const [i, method] of methods.entries()) {
            if (i === 0) {
              await wizard.method(method).click();
              await wizard.next();
            } else await wizard.chooseMethod(method);
            const fields = i === 0 ? { ...BASE, ...BY_METHOD[method], ...ALWAYS } : BY_METHOD[method];
            for (const [name, value] of Object.entries(fields))
              await enterBothWays(expect, wizard, name, wizard.measurement(name), value, turn++);
          }

          // The training volume shows only for a client who exercises.
          await wizard.answer('ejercita', true);
          await enterBothWays(expect, wizard, 'training_volume', wizard.measurement('training_volume'), 80, turn++);
          await wizard.answer('ejercita', false);

          for (const exam of EXAM_IDS) {
            const stored = exam === 'fasting_glucose';
            await wizard.exam(exam).check();
            await enterBothWays(expect, wizard, exam, wizard.examValue(exam), examValue(exam), turn++);
            if (!stored) await wizard.exam(exam).uncheck();
          }

          await wizard.walkTime.fill('14:30');
          const saved = methods.at(-1)!;
          const id = await wizard.saveAndOpenDetail();
          const stored = await api<Stored>(`/web/getevaluacion?evaluationID=${id}`);
          const { inputs } = stored.json.data;
          const expected = { ...BASE, ...BY_METHOD[saved] };
          for (const [name, value] of Object.entries(expected)) {
            const [group, field] = name.split('.');
            const actual = field ? (inputs[group!] as Record<string, unknown> | undefined)?.[field] : inputs[name];
            expect(actual, `${name} stored in ${lang}`).toBe(value);
          }
          expect(inputs.clinical_data).toMatchObject({ temperatura: 36.5 });
          expect(inputs).toMatchObject({ rockport: { bpm: 130 }, vo2max_measured: 41.5 });
          const glucose = inputs.clinical_data.exams?.find((e) => e.name === 'fasting_glucose');
          expect(glucose?.value).toBe(examValue('fasting_glucose'));
        } finally {
          await context.close();
        }
      },
    );
  }
});

describe('decimal entry on screen (issue 30)', () => {
  it('shows a pasted weight in the language\u2019s format and says why a text was refused, at both widths', async () => {
    await forEveryScreen(browser, async (page, lang, viewport) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await openSignedIn(page, E2E_USERS.decimals, '/evaluations', lang);
      const wizard = new EvaluationWizard(page, lang);
      await wizard.open();
      await wizard.pickClient('Punto', E2E_USERS.decimalsClient.email);
      await wizard.next();
      await wizard.paste(wizard.measurement('peso'), '68,5');
      expect(await wizard.measurement('peso').inputValue()).toBe(written(68.5, lang));
      await wizard.paste(wizard.measurement('estatura'), '1.65.0');
      expect(await wizard.errorOf(wizard.measurement('estatura'))).toContain(
        wizard.t('common.decimal.notANumber', { example: written(68.5, lang) }),
      );
      await screenshotWithoutOverflow(page, `decimal-entry-${lang}-${viewport}`);
    });
  });
});

describe('an imperial edit saved unchanged (issue 30, decision 183)', () => {
  it('keeps every stored kilogram and centimetre after edit, save, edit, save', async () => {
    const { context, page } = await newPage(browser);
    try {
      const api: Api = apiWith(await openSignedIn(page, E2E_USERS.imperialEditor, '/evaluations', 'en'));
      const userId = (await api<{ user: { id: number } }>('/web/authenticate/user')).json.user.id;
      const clientId = await findClientId(api, userId, 'Onza');
      const measured = { peso: 70, estatura: 165.3, pcintura: 81.3, pcadera: 99.7, pbrazo: 28.9 };
      const created = await api<{ evaluacion: { id: number } }>('/web/ingresaevaluacion', {
        method: 'POST',
        body: bioimpedanceEvaluation(
          { id_evaluado: clientId, id_evaluador: userId, fecha: new Date().toISOString().slice(0, 10) },
          measured,
        ),
      });
      expect(created.status).toBe(200);
      const id = created.json.evaluacion.id;
      const read = async () => (await api<Stored>(`/web/getevaluacion?evaluationID=${id}`)).json.data.inputs;
      const before = await read();

      const detail = new EvaluationDetailPage(page, 'en');
      const wizard = new EvaluationWizard(page, 'en');
      await detail.open(id);
      for (let round = 1; round <= 2; round++) {
        await detail.button('evaluations.edit.action').click();
        await wizard.next();
        // What the imperial user reads: pounds and inches.
        expect(await wizard.measurement('peso').inputValue()).toBe('154.3');
        expect(await wizard.textAround('peso')).toContain('lb');
        expect(await wizard.measurement('estatura').inputValue()).toBe('65.1');
        expect(await wizard.textAround('estatura')).toContain(
          wizard.t('evaluations.wizard.feetInches', { feet: 5, inches: '5.1' }),
        );
        await wizard.saveButton.click();
        await wizard.expectToast(wizard.t('evaluations.edit.savedTitle'));
        await wizard.root.waitFor({ state: 'hidden' });
        const after = await read();
        expect(after, `round ${round}`).toMatchObject(measured);
        expect(after).toMatchObject({ ppierna: before.ppierna, presion_s: before.presion_s });
      }
      // The detail reads in pounds and inches too.
      await page.getByTestId('metric-weight').waitFor();
      expect(await page.getByTestId('metric-weight').textContent()).toMatch(/154\.3\s*lb/);
      expect(await page.getByTestId('metric-height').textContent()).toMatch(/65\.1\s*in/);
      await screenshotWithoutOverflow(page, 'decimal-entry-imperial-detail-en-desktop');
    } finally {
      await context.close();
    }
  });
});
