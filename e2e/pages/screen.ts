import type { Locator, Page } from 'playwright-core';
import { tr, type Lang } from '../support/i18n.ts';

/** Each language's name in itself, as the language menu lists it (components/language-button.tsx). */
const NATIVE_NAMES: Record<Lang, string> = { es: 'Español', en: 'English', pt: 'Português' };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A translated text as a pattern: `{{name}}` placeholders match anything, and a required field's asterisk may follow.
 * Playwright's own `exact` would miss "Peso *"; a plain substring would take "Nombre" for "Nombre de la empresa".
 */
export function namePattern(text: string): RegExp {
  const parts = text.split(/\{\{\w+\}\}/).map(escapeRegExp);
  return new RegExp(`^\\s*${parts.join('.*')}(\\s*\\*)?\\s*$`);
}

/**
 * What every screen's page object shares (decision 180): texts from the web app's own locale files in the screen's
 * language, and locators built the way a user finds things — a field by its label, a button or link by its name,
 * a dialog by its title, a toast by its text. A test id is the last resort (a chart, a list row's data).
 */
export class Screen {
  constructor(
    readonly page: Page,
    readonly lang: Lang = 'es',
  ) {}

  /** The text a user reads for `key`, with `{{placeholders}}` filled in. */
  t(key: string, values: Record<string, string | number> = {}): string {
    return tr(this.lang, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
  }

  /** An input, select or date picker by the label `key` translates to. */
  field(key: string, within: Page | Locator = this.page): Locator {
    // A Select's list of options is labelled by the same label: the field is the control itself.
    return within.getByLabel(namePattern(this.t(key))).and(this.page.locator('input, textarea, select, button'));
  }

  button(key: string, within: Page | Locator = this.page): Locator {
    return within.getByRole('button', { name: namePattern(this.t(key)) });
  }

  link(key: string, within: Page | Locator = this.page): Locator {
    return within.getByRole('link', { name: namePattern(this.t(key)) });
  }

  /** A modal dialog by its title. */
  dialog(titleKey: string): Locator {
    return this.page.getByRole('dialog', { name: namePattern(this.t(titleKey)) });
  }

  /** A toast (Mantine's notifications are alerts) that contains `text`. */
  toast(text: string): Locator {
    return this.page.locator('.mantine-Notifications-root').getByRole('alert').filter({ hasText: text }).first();
  }

  async expectToast(text: string): Promise<void> {
    await this.toast(text).waitFor({ timeout: 15_000 });
  }

  /** Closes every toast shown (each has a close button). */
  async closeToasts(): Promise<void> {
    for (const button of await this.page.locator('.mantine-Notifications-root').getByRole('button').all())
      await button.click().catch(() => undefined);
  }

  /** Chooses `option` in a Mantine Select or combobox found by its label. */
  async choose(field: Locator, option: string | RegExp, filter = false): Promise<void> {
    await field.click();
    if (filter && typeof option === 'string') await field.fill(option);
    await this.page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  }

  /** Switches the interface language with the header's menu (the button says the current language). */
  async switchLanguage(to: Lang): Promise<void> {
    await this.page.getByRole('button', { name: namePattern(this.t('language.label')) }).click();
    await this.page.getByRole('menuitem', { name: NATIVE_NAMES[to], exact: true }).click();
  }

  /** The text a screen reader reads after the field's name: its description and its error. */
  async descriptionOf(field: Locator): Promise<string> {
    return field.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
  }
}
