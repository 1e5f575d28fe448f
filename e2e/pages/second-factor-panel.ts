import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

/** The profile's two-step sign-in part (decisions 207, 208) and its dialogs; also the second step of Login. */
export class SecondFactorPanel extends Screen {
  get root(): Locator {
    return this.page.getByRole('region', { name: this.t('secondFactor.title'), exact: true });
  }
  get setupDialog(): Locator {
    return this.dialog('secondFactor.setupTitle');
  }
  get renewDialog(): Locator {
    return this.dialog('secondFactor.renewTitle');
  }
  get disableDialog(): Locator {
    return this.dialog('secondFactor.disableTitle');
  }
  get manualKey(): Locator {
    return this.page.getByTestId('totp-manual-key');
  }
  get recoveryCodes(): Locator {
    return this.page.getByRole('list', { name: this.t('secondFactor.codesLabel') }).getByRole('listitem');
  }

  /** "Set up an authenticator app" and the password: the QR code and the key are then shown. */
  async startSetup(password: string): Promise<string> {
    await this.button('secondFactor.setup', this.root).click();
    await this.field('secondFactor.currentPassword', this.setupDialog).fill(password);
    await this.button('secondFactor.continue', this.setupDialog).click();
    await this.manualKey.waitFor();
    return ((await this.manualKey.textContent()) ?? '').replace(/\s/g, '');
  }

  /** The app's first code in `within` (the setup dialog, or the enrolment screen): the recovery codes. */
  async confirm(code: string, within: Locator = this.setupDialog): Promise<string[]> {
    await this.field('secondFactor.codeLabel', within).fill(code);
    await this.button('secondFactor.confirm', within).click();
    await this.recoveryCodes.first().waitFor();
    return (await this.recoveryCodes.allTextContents()).map((c) => c.trim());
  }

  /** Password and a current code in the renew or turn-off dialog. */
  async reauth(dialog: Locator, password: string, code: string, submitKey: string): Promise<void> {
    await this.field('secondFactor.currentPassword', dialog).fill(password);
    await this.field('secondFactor.codeLabel', dialog).fill(code);
    await this.button(submitKey, dialog).click();
  }
}
