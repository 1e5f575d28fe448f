import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

/** The two new-password fields shared by the change, reset and invitation forms. */
abstract class NewPasswordForm extends Screen {
  protected abstract get scope(): Locator;
  get newPassword(): Locator {
    return this.field('changePassword.new', this.scope);
  }
  get confirmation(): Locator {
    return this.field('changePassword.confirm', this.scope);
  }
  async setPassword(password: string, confirmation = password): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirmation.fill(confirmation);
  }
}

/** "Change password": from the account menu, or forced after a temporary password (issue 10). */
export class ChangePasswordDialog extends NewPasswordForm {
  get root(): Locator {
    return this.dialog('changePassword.title');
  }
  protected get scope(): Locator {
    return this.root;
  }
  get currentPassword(): Locator {
    return this.field('changePassword.current', this.root);
  }
  get submitButton(): Locator {
    return this.button('changePassword.submit', this.root);
  }
}

/** "Forgot your password?" (`/pages/forgot-password`). */
export class ForgotPasswordPage extends Screen {
  get email(): Locator {
    return this.field('fields.email');
  }
  get submitButton(): Locator {
    return this.button('auth.forgot.submit');
  }
  async ask(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submitButton.click();
  }
}

/** The e-mailed reset link's page (`/pages/reset-password#token=…`); with `&invitation=1` the portal's first password. */
export class ResetPasswordPage extends NewPasswordForm {
  constructor(
    page: Screen['page'],
    lang: Screen['lang'] = 'es',
    /** The portal invitation's variant of the page ("Choose your password"). */
    private readonly invitation = false,
  ) {
    super(page, lang);
  }
  protected get scope(): Locator {
    return this.page.locator('main, body').first();
  }
  get submitButton(): Locator {
    return this.button(this.invitation ? 'portal.setPassword.submit' : 'auth.reset.submit');
  }
  /** The refusal of a used or expired link. */
  get invalid(): Locator {
    return this.page
      .getByRole('alert')
      .filter({ hasText: this.t(this.invitation ? 'portal.setPassword.invalidText' : 'auth.reset.invalidText') });
  }
  /** Shown for a used or expired link, with a way to ask for a new one. */
  get requestNewLink(): Locator {
    return this.link('auth.reset.requestNew');
  }
}
