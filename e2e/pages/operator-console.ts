import type { Locator } from 'playwright-core';
import { namePattern, Screen } from './screen.ts';

/** The operator's console (decision 229): accounts, an account's page and its dialogs, requests, the audit trail. */
export class OperatorConsole extends Screen {
  heading(key: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: namePattern(this.t(key)) });
  }

  /** A request's card on the requests page or an account's page, named by its credits and the account's name. */
  requestCard(credits: number, name: string): Locator {
    const key = credits === 1 ? 'operator.requests.cardLabel_one' : 'operator.requests.cardLabel_other';
    return this.page.getByRole('article', { name: this.t(key, { count: credits, name }) });
  }

  get grantRequestDialog(): Locator {
    return this.dialog('operator.decision.grantTitle');
  }

  /** Grants a waiting request from its card, with a note for the requester. */
  async grantRequest(card: Locator, note: string): Promise<void> {
    await this.button('operator.decision.grant', card).click();
    await this.field('operator.decision.note', this.grantRequestDialog).fill(note);
    await this.button('operator.decision.grant', this.grantRequestDialog).click();
    await this.expectToast(this.t('operator.decision.grantDoneTitle'));
    await this.grantRequestDialog.waitFor({ state: 'hidden' });
  }

  /** The accounts page searched for `text`, then the account named `name` opened. */
  async openAccount(text: string, name: string): Promise<void> {
    await this.page.goto('/operator');
    await this.field('operator.accounts.search').fill(text);
    await this.page.getByRole('link', { name, exact: true }).click();
    await this.page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  }
}
