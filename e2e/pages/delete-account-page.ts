import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

/** Delete my account (`/delete-account`): with people below, hand-over or a choice about them; then e-mail and password. */
export class DeleteAccountPage extends Screen {
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.t('deleteAccount.title') });
  }
  /** "Hand them over first": an alert titled as blocked. */
  get blocked(): Locator {
    return this.page.getByRole('alert').filter({ hasText: this.t('deleteAccount.blockedTitle') });
  }
  get handOverEveryoneButton(): Locator {
    return this.button('deleteAccount.handOverEveryone');
  }
  get confirmation(): Locator {
    return this.field('deleteAccount.confirmationLabel');
  }
  get password(): Locator {
    return this.field('deleteAccount.passwordLabel');
  }
  get submitButton(): Locator {
    return this.button('deleteAccount.submit');
  }
  /** What happens to the people under the account (decision 184): keep the network, or close everything below. */
  peopleChoice(choice: 'keepNetwork' | 'everything', values: Record<string, string> = {}): Locator {
    return this.page.getByRole('radio', { name: this.t(`deleteAccount.${choice}`, values) });
  }
  async deleteWith(email: string, password: string): Promise<void> {
    await this.confirmation.fill(email);
    await this.password.fill(password);
    await this.submitButton.click();
  }
}
