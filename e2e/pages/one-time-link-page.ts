import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

/**
 * A page opened from a one-time link (`/pages/confirm-email`, `/pages/unlock`, `/pages/verify-email`): a status once
 * the token is accepted, an alert when it is refused, and a link to Login. `i18nKey` is the page's text group
 * (`auth.confirmEmail`…).
 */
export class OneTimeLinkPage extends Screen {
  constructor(
    page: Screen['page'],
    lang: Screen['lang'],
    private readonly i18nKey: string,
  ) {
    super(page, lang);
  }
  get success(): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t(`${this.i18nKey}.successTitle`) });
  }
  get refusal(): Locator {
    return this.page.getByRole('alert').filter({ hasText: this.t(`${this.i18nKey}.failedTitle`) });
  }
  get loginLink(): Locator {
    return this.link(`${this.i18nKey}.toLogin`);
  }
}
