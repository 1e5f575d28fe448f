import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

/** Companies (`/companies`): one card per company (an article named by it), the new/rename dialog, archive. */
export class CompaniesPage extends Screen {
  async open(): Promise<this> {
    await this.page.goto('/companies');
    return this;
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.t('companies.title') });
  }
  get cards(): Locator {
    return this.page.getByRole('article');
  }
  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }
  /** The cards' names in the order shown (each card is named by its company). */
  async names(): Promise<string[]> {
    return this.cards.evaluateAll((cards) =>
      cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
    );
  }
  archivedBadge(within: Locator = this.page.locator('body')): Locator {
    return within.getByText(this.t('companies.archivedBadge'), { exact: true });
  }
  get emptyState(): Locator {
    return this.page.getByText(this.t('companies.emptyTitle'));
  }
  /** The new or rename dialog. */
  get dialog_(): Locator {
    return this.dialog('companies.newTitle').or(this.dialog('companies.editTitle'));
  }
  async save(name: string, taxId?: string): Promise<void> {
    await this.field('companies.name', this.dialog_).fill(name);
    if (taxId !== undefined) await this.field('companies.taxId', this.dialog_).fill(taxId);
    await this.button('common.save', this.dialog_).click();
  }
  async archive(name: string): Promise<void> {
    await this.button('companies.archive', this.card(name)).click();
    await this.button('companies.archive', this.dialog('companies.archiveTitle')).click();
  }
}
