import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

/** Login (`/pages/login`): e-mail, password, "Forgot?" and "Register". */
export class LoginPage extends Screen {
  async open(): Promise<this> {
    await this.page.goto('/pages/login');
    return this;
  }

  get email(): Locator {
    return this.field('fields.email');
  }
  get password(): Locator {
    return this.field('fields.password');
  }
  get submitButton(): Locator {
    return this.button('auth.login.submit');
  }
  /** The refusal of a wrong e-mail or password. */
  get error(): Locator {
    return this.page.getByRole('alert').filter({ hasText: this.t('auth.login.invalidCredentials') });
  }
  get registerLink(): Locator {
    return this.link('auth.login.register');
  }
  get forgotLink(): Locator {
    return this.link('auth.login.forgot');
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submitButton.click();
  }
}
