import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pdfText } from '@medida/server/testing/pdf-text';
import { DeleteAccountPage } from '../pages/delete-account-page.ts';
import { EvaluationDetailPage } from '../pages/evaluation-detail-page.ts';
import { EvaluationWizard, type Method } from '../pages/evaluation-wizard.ts';
import { LoginPage } from '../pages/login-page.ts';
import { ClientsPage } from '../pages/people-pages.ts';
import { RegisterPage } from '../pages/register-page.ts';
import { namePattern } from '../pages/screen.ts';
import { launchBrowser, newPage, downloadedBytes } from '../support/browser.ts';
import { pickDateIn } from '../support/date-picker.ts';
import type { Lang } from '../support/i18n.ts';
import { mailedLinkPath } from '../support/outbox.ts';
import { expectPath } from '../support/session.ts';
import { lane } from '../support/lane.ts';
import { flowRounds } from '../support/screens.ts';

// Issue 30, "done when": a new professional in each language — Chile in Spanish, the US in English, Brazil in
// Portuguese — goes sign-up → a client → the four methods → the PDF → deletes the account, without help: every
// step through what the screen says in that language, with the country's own rules (no ID number in the US,
// the CPF optional in Brazil).

interface Practice {
  lang: Lang;
  /** The browser's locale: it chooses the interface language and the sign-up country. */
  locale: string;
  country: string;
  region: string;
  city: string;
  /** The client's national ID where the country asks for one. */
  nationalId?: { kind: 'rut'; value: string };
  /** A word of the PDF's file name in the professional's language. */
  fileWord: RegExp;
}

const PRACTICES: Practice[] = [
  {
    lang: 'es',
    locale: 'es-CL',
    country: 'Chile',
    region: 'Región Metropolitana de Santiago',
    city: 'Providencia',
    nationalId: { kind: 'rut', value: '11.111.111-1' },
    fileWord: /evaluacion/,
  },
  { lang: 'en', locale: 'en-US', country: 'United States', region: 'Texas', city: 'Austin', fileWord: /evaluation/ },
  { lang: 'pt', locale: 'pt-BR', country: 'Brasil', region: 'São Paulo', city: 'Campinas', fileWord: /avaliacao/ },
];

const REPORT_TITLE: Record<Lang, string> = {
  es: 'Informe de evaluación',
  en: 'Evaluation report',
  pt: 'Relatório de avaliação',
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signUp(expect: ExpectStatic, page: Page, p: Practice, email: string, password: string): Promise<void> {
  await page.goto('/pages/login');
  const login = new LoginPage(page, p.lang);
  await login.registerLink.click();
  await expectPath(page, '/pages/register');
  const register = new RegisterPage(page, p.lang);
  // The country comes from the browser's locale; the professional changes nothing.
  await expect.poll(() => register.field('fields.pais').inputValue(), { timeout: 15_000 }).toBe(p.country);
  await register.fill({ nombre: 'Nueva', apellido: `Profesional ${p.lang}`, email, password, birth: [1988, 5, 20] });
  await register.acceptTermsAndSubmit();
  await register.sent.waitFor();
  await page.goto(await mailedLinkPath(lane().dataDir, email, 'verify-email'));
  await expectPath(page, '/dashboard');
}

async function newClient(expect: ExpectStatic, page: Page, p: Practice, email: string): Promise<void> {
  const form = await (await new ClientsPage(page, p.lang).open()).openNew();
  await form.input('nombre').fill('Clara');
  await form.input('apellido').fill(`Cliente ${p.lang}`);
  await form.input('email').fill(email);
  await form.input('telefono').fill('+1 512 555 0100');
  await pickDateIn(page, form.input('nacimiento'), 1985, 2, 14);
  await form.choose(form.input('sexo'), form.t('sexo.Femenino'));
  if (p.nationalId) await form.nationalId(p.nationalId.kind).fill(p.nationalId.value);
  await form.input('direccion').fill('Main Street 100');
  // The country is the professional's; its regions and cities are offered.
  expect(await form.input('pais').inputValue()).toBe(p.country);
  await form.select('region', p.region);
  await form.select('comuna', p.city);
  await form.consent.check();
  await form.submit('people.clients.create').click();
  await form.expectToast(form.t('messages.createdUser'));
  await form.root.waitFor({ state: 'detached' });
}

async function evaluate(page: Page, p: Practice, clientEmail: string, method: Method): Promise<void> {
  const wizard = new EvaluationWizard(page, p.lang);
  await wizard.open();
  await wizard.pickClient('Clara', clientEmail);
  await wizard.method(method).click();
  await wizard.next();
  await wizard.fillMeasurements(method);
  await wizard.saveAndOpenDetail();
}

describe('a new professional in each language, without help (issue 30)', () => {
  // CI runs one practice, by turn (decision 235); a full run takes the three at once (separate people, separate
  // browsers), each concurrent test polling with its own expect.
  for (const p of flowRounds(import.meta.url, PRACTICES)) {
    it.concurrent(
      `${p.lang} (${p.country}): sign-up → client → four methods → PDF → delete the account`,
      async ({ expect }) => {
        const { context, page } = await newPage(browser, undefined, p.locale);
        const email = `nuevo.${p.lang}@e2e.medida.test`;
        const password = `Nueva-Practica-2026-${p.lang}`;
        await signUp(expect, page, p, email, password);

        const clientEmail = `clara.${p.lang}@e2e.medida.test`;
        await newClient(expect, page, p, clientEmail);
        for (const method of [1, 2, 3, 4] as const) await evaluate(page, p, clientEmail, method);

        // The last evaluation's PDF: in the professional's language, its file name too.
        const detail = new EvaluationDetailPage(page, p.lang);
        const download = page.waitForEvent('download');
        await detail.pdfButton.click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(p.fileWord);
        const text = pdfText(await downloadedBytes(file));
        expect(text).toContain(REPORT_TITLE[p.lang]);
        expect(text).toContain(`Clara Cliente ${p.lang}`);

        // Deleting the account: the client below is closed with it, evaluations kept (decision 184).
        await page.goto('/delete-account');
        const leave = new DeleteAccountPage(page, p.lang);
        await leave.heading.waitFor();
        await page.getByRole('radio', { name: namePattern(leave.t('deleteAccount.everything')) }).check();
        await leave.deleteWith(email, password);
        await page.waitForURL('**/pages/login');
        // The old login no longer opens anything.
        const login = new LoginPage(page, p.lang);
        await login.logIn(email, password);
        await login.submitButton.waitFor();
        await expect.poll(() => page.url()).toContain('/pages/login');
        await context.close();
      },
    );
  }
});
