import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LoginPage } from '../pages/login-page.ts';
import { SecondFactorPanel } from '../pages/second-factor-panel.ts';
import { Shell } from '../pages/shell.ts';
import { apiWith } from '../support/api.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { DESKTOP as WIDE, launchBrowser, PHONE } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import type { Lang } from '../support/i18n.ts';
import { screenPairs, screenshotWithoutOverflow } from '../support/screens.ts';
import { expectPath, openSignedIn, storedToken } from '../support/session.ts';
import { authenticator } from '../support/totp.ts';
import { lane } from '../support/lane.ts';

// Two-step sign-in with an authenticator app (decisions 206–208): set up from the profile, sign out, sign in with
// a code, then with a recovery code, turn it off; and the enrolment an account requires of its network. Codes come
// from the manual key the dialog shows, computed as the phone app would.

const DESKTOP = { ...WIDE, width: 1280 };
/** The (language, width) rounds of E2E_SCREENS (decision 212), at this spec's own desktop width. */
const rounds = () =>
  screenPairs().map(({ lang, name }) => ({ lang, width: name, viewport: name === 'desktop' ? DESKTOP : PHONE }));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: lane().baseURL, viewport, locale: 'es-CL' });
  return context.newPage();
}

async function expectAxeClean(page: Page, where: string) {
  expect(await seriousAxeViolations(page), where).toEqual([]);
}

async function currentFactor(page: Page) {
  const api = apiWith((await storedToken(page))!);
  const { json } = await api<{ sessions: { current: boolean; second_factor: string | null }[] }>('/web/sessions');
  return json.sessions.find((s) => s.current)?.second_factor;
}

/** A session through the API: the password, then (when the account asks for one) the app's next code. */
async function apiSession(
  user: { email: string; password: string },
  app?: { next(): Promise<string> },
): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${lane().baseURL}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { token?: string; second_factor?: { ticket: string } };
  };
  const first = await post('/web/authenticate', { email: user.email, password: user.password });
  if (first.token) return first.token;
  if (!app || !first.second_factor) throw new Error(`${user.email}: no session (${JSON.stringify(first)})`);
  const done = await post('/web/authenticate/second-factor', {
    ticket: first.second_factor.ticket,
    code: await app.next(),
  });
  if (!done.token) throw new Error(`${user.email}: the code was refused (${JSON.stringify(done)})`);
  return done.token;
}

/** The authenticator off again, whatever step a round stopped at, so the next round starts as this one did. */
async function turnOffThroughApi(user: { email: string; password: string }, app: ReturnType<typeof authenticator>) {
  const api = apiWith(await apiSession(user, app));
  const { json } = await api<{ totp: unknown }>('/web/second-factor');
  if (json.totp === null) return;
  const off = await api('/web/second-factor/totp/disable', {
    method: 'POST',
    body: { current_password: user.password, code: await app.next() },
  });
  expect(off.status, `${user.email}: turned off`).toBeLessThan(300);
}

/** Signs in through Login's form and the second step with `code`. */
async function signInWithCode(page: Page, lang: Lang, user: { email: string; password: string }, code: string) {
  const login = new LoginPage(page, lang);
  await login.logIn(user.email, user.password);
  const step = new SecondFactorPanel(page, lang);
  await step.field('auth.secondStep.codeLabel').fill(code);
  await step.button('auth.secondStep.submit').click();
  await expectPath(page, '/dashboard');
}

describe('two-step sign-in', () => {
  it('sets up an authenticator, signs in with a code and with a recovery code, and turns it off (es)', async () => {
    const user = E2E_USERS.secondFactorFlow;
    const page = await newPage();
    try {
      await openSignedIn(page, user, '/dashboard', 'es');
      await new Shell(page, 'es').openProfile();
      const panel = new SecondFactorPanel(page, 'es');
      await panel.root.getByText(panel.t('secondFactor.off'), { exact: true }).waitFor();
      const app = authenticator(await panel.startSetup(user.password));
      const codes = await panel.confirm(await app.next());
      expect(codes).toHaveLength(10);
      await panel.button('secondFactor.codesDone').click();
      await panel.root.getByText(panel.t('secondFactor.on'), { exact: true }).waitFor();

      // Signed out, the password alone is not enough: the second step asks for the app's code.
      await page.keyboard.press('Escape');
      await new Shell(page, 'es').logOut();
      await signInWithCode(page, 'es', user, await app.next());
      expect(await currentFactor(page)).toBe('totp');
      await page.goto('/sessions');
      await page.getByText(panel.t('sessions.factor.totp')).first().waitFor();

      // A recovery code, once. (Signed out from a page, Login returns there: sign out from the dashboard.)
      await page.goto('/dashboard');
      await new Shell(page, 'es').logOut();
      const login = new LoginPage(page, 'es');
      await login.logIn(user.email, user.password);
      await panel.button('auth.secondStep.useRecovery').click();
      await panel.field('auth.secondStep.recoveryLabel').fill(codes[0]!);
      await panel.button('auth.secondStep.submit').click();
      await expectPath(page, '/dashboard');
      expect(await currentFactor(page)).toBe('recovery');

      // Turning it off needs the password and a code.
      await new Shell(page, 'es').openProfile();
      await panel.button('secondFactor.disable', panel.root).click();
      await panel.reauth(panel.disableDialog, user.password, await app.next(), 'secondFactor.disable');
      await panel.root.getByText(panel.t('secondFactor.off'), { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await new Shell(page, 'es').logOut();
      await login.logIn(user.email, user.password);
      await expectPath(page, '/dashboard');
    } finally {
      await page.context().close();
    }
  });

  it('shows the part, its dialogs, the second step and the sessions page in es, en and pt at both widths, axe clean', async () => {
    for (const { lang, width, viewport } of rounds()) {
      const user = E2E_USERS.secondFactor[lang];
      const page = await newPage(viewport);
      let app: ReturnType<typeof authenticator> | undefined;
      try {
        const shot = async (name: string) => {
          await screenshotWithoutOverflow(page, `second-factor-${name}-${lang}-${width}`);
          await expectAxeClean(page, `${name} ${lang} ${width}`);
        };
        await openSignedIn(page, user, '/dashboard', lang);
        const shell = new Shell(page, lang);
        await shell.openProfile();
        const panel = new SecondFactorPanel(page, lang);
        await panel.root.scrollIntoViewIfNeeded();
        await shot('panel-off');
        await panel.button('secondFactor.setup', panel.root).click();
        await panel.setupDialog.waitFor();
        await shot('setup-password');
        await panel.field('secondFactor.currentPassword', panel.setupDialog).fill(user.password);
        await panel.button('secondFactor.continue', panel.setupDialog).click();
        await panel.manualKey.waitFor();
        await shot('setup-scan');
        app = authenticator(((await panel.manualKey.textContent()) ?? '').replace(/\s/g, ''));
        await panel.confirm(await app.next());
        await shot('recovery-codes');
        await panel.button('secondFactor.codesDone').click();
        await panel.root.getByText(panel.t('secondFactor.on'), { exact: true }).waitFor();
        await panel.closeToasts();
        await shot('panel-on');
        await panel.button('secondFactor.renew', panel.root).click();
        await panel.renewDialog.waitFor();
        await shot('renew');
        await panel.button('common.cancel', panel.renewDialog).click();
        await panel.button('secondFactor.disable', panel.root).click();
        await panel.disableDialog.waitFor();
        await shot('disable');
        await panel.button('common.cancel', panel.disableDialog).click();

        await page.keyboard.press('Escape');
        await shell.logOut();
        await new LoginPage(page, lang).logIn(user.email, user.password);
        await panel.field('auth.secondStep.codeLabel').waitFor();
        await shot('second-step');
        await panel.button('auth.secondStep.useRecovery').click();
        await panel.field('auth.secondStep.recoveryLabel').waitFor();
        await shot('second-step-recovery');
        await panel.button('auth.secondStep.useCode').click();
        await panel.field('auth.secondStep.codeLabel').fill(await app.next());
        await panel.button('auth.secondStep.submit').click();
        await expectPath(page, '/dashboard');
        await page.goto('/sessions');
        await page.getByText(panel.t('sessions.factor.totp')).first().waitFor();
        await shot('sessions');

        // Leave the account as it was for the other width.
        await shell.openProfile();
        await panel.button('secondFactor.disable', panel.root).click();
        await panel.reauth(panel.disableDialog, user.password, await app.next(), 'secondFactor.disable');
        await panel.root.getByText(panel.t('secondFactor.off'), { exact: true }).waitFor();
      } finally {
        await page.context().close();
        if (app) await turnOffThroughApi(user, app);
      }
    }
  }, 900_000);

  it("an account that requires a second factor: the root's switch, and a network professional's enrolment", async () => {
    const root = E2E_USERS.secondFactorRoot;
    const child = E2E_USERS.secondFactorChild;
    // The root sets up its own authenticator (its session then counts as two-factor) through the API. This
    // session stays live through the test (each round's browser session is logged out at its end).
    const rootApiToken = await apiSession(root);
    const rootApi = apiWith(rootApiToken);
    const setup = await rootApi<{ manual_key: string }>('/web/second-factor/totp/setup', {
      method: 'POST',
      body: { current_password: root.password },
    });
    const confirmed = await rootApi<{ recovery_codes: string[] }>('/web/second-factor/totp/confirm', {
      method: 'POST',
      body: { code: await authenticator(setup.json.manual_key).next() },
    });
    expect(confirmed.status).toBe(200);
    // Each round's root session answers the second step with a recovery code (single-use, no wait for the clock).
    const recoveryCodes = [...confirmed.json.recovery_codes];
    const rootApp = { next: async () => recoveryCodes.shift()! };
    expect(
      (await rootApi('/web/second-factor/network-policy', { method: 'PUT', body: { required: true } })).status,
    ).toBe(200);

    for (const [round, { lang, width, viewport }] of rounds().entries()) {
      const page = await newPage(viewport);
      try {
        // The root's profile shows the switch on.
        await page.goto('/favicon.svg');
        const rootToken = await apiSession(root, rootApp);
        await page.evaluate(
          ([t, l]) => {
            window.localStorage.setItem('token', t);
            window.localStorage.setItem('lang', l);
          },
          [rootToken, lang] as const,
        );
        await page.goto('/dashboard');
        await new Shell(page, lang).openProfile();
        const panel = new SecondFactorPanel(page, lang);
        const policy = page.getByRole('switch', { name: new RegExp(panel.t('secondFactor.policyLabel')) });
        await policy.scrollIntoViewIfNeeded();
        expect(await policy.isChecked()).toBe(true);
        await screenshotWithoutOverflow(page, `second-factor-policy-${lang}-${width}`);
        await expectAxeClean(page, `policy ${lang} ${width}`);
        await page.keyboard.press('Escape');
        await new Shell(page, lang).logOut();

        // The network professional without a factor signs in to the enrolment only.
        await new LoginPage(page, lang).logIn(child.email, child.password);
        const enrolment = page.getByTestId('second-factor-enrolment');
        await enrolment.getByText(panel.t('secondFactor.requiredTitle')).waitFor();
        // Only what works there: no sidebar (its pages answer 403), no profile menu waiting for a name, a way out.
        expect(await new Shell(page, lang).sidebar.count()).toBe(0);
        expect(await page.getByText(panel.t('common.loadingName')).count()).toBe(0);
        await panel.button('userMenu.logout').waitFor();
        await screenshotWithoutOverflow(page, `second-factor-enrolment-${lang}-${width}`);
        await expectAxeClean(page, `enrolment ${lang} ${width}`);
        // The first round completes the enrolment; the others show it.
        if (round === 0) {
          await panel.field('secondFactor.currentPassword', enrolment).fill(child.password);
          await panel.button('secondFactor.continue', enrolment).click();
          await panel.manualKey.waitFor();
          const childApp = authenticator(((await panel.manualKey.textContent()) ?? '').replace(/\s/g, ''));
          await panel.confirm(await childApp.next(), enrolment);
          await panel.button('secondFactor.codesDone').click();
          await page.getByTestId('second-factor-enrolment').waitFor({ state: 'detached' });
          expect(await currentFactor(page)).toBe('totp');
          // Back to how it was: the root resets the child's factor (with a notice), so the next round enrols again.
          const childId = (
            await apiWith((await storedToken(page))!)<{ user: { id: number } }>('/web/authenticate/user')
          ).json.user.id;
          const reset = await fetch(`${lane().baseURL}/web/people/${childId}/second-factor/reset`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${rootApiToken}`, 'X-Requested-With': 'XMLHttpRequest' },
          });
          expect(reset.status).toBe(204);
        }
        await page.evaluate(() => window.localStorage.removeItem('token'));
      } finally {
        await page.context().close();
      }
    }
  }, 900_000);
});
