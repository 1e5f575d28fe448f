import type { Locator } from 'playwright-core';
import { namePattern, Screen } from './screen.ts';

/** The evaluations list (`/evaluations`): filters, the table (cards on a phone), paging, each row's menu. */
export class EvaluationsPage extends Screen {
  async open(): Promise<this> {
    await this.page.goto('/evaluations');
    return this;
  }

  /** The list's rows on a desktop (the table's body rows). */
  get rows(): Locator {
    return this.page.getByRole('table').locator('tbody').getByRole('row');
  }

  /** Rows marked as created by the signed-in professional. */
  get mine(): Locator {
    return this.rows.getByText(this.t('evaluations.list.mine'), { exact: true });
  }

  filter(field: 'nombre' | 'apellido' | 'email' | 'rut'): Locator {
    return this.field(`fields.${field}`);
  }
  get searchButton(): Locator {
    return this.button('evaluations.list.search');
  }
  get clearFiltersButton(): Locator {
    return this.button('evaluations.list.clearFilters');
  }
  get noResults(): Locator {
    return this.page.getByText(this.t('evaluations.list.noResults'));
  }
  get companyColumn(): Locator {
    return this.page.getByRole('columnheader', { name: this.t('fields.company'), exact: true });
  }
  /** "1–10 of 23". */
  get range(): Locator {
    return this.page.getByText(namePattern(this.t('evaluations.list.range')));
  }
  get pageSize(): Locator {
    return this.field('evaluations.list.pageSize');
  }
  pageButton(n: number): Locator {
    return this.page.getByRole('button', { name: this.t('common.pagination.page', { page: n }), exact: true });
  }
  /** The list while it loads the next page says so (aria-busy) and keeps the previous rows. */
  get list(): Locator {
    return this.page.locator('[aria-busy]', { has: this.page.getByRole('table') });
  }

  async search(filters: Partial<Record<'nombre' | 'apellido' | 'email' | 'rut', string>>): Promise<void> {
    for (const [field, value] of Object.entries(filters))
      await this.filter(field as 'nombre' | 'apellido' | 'email' | 'rut').fill(value);
    await this.searchButton.click();
  }

  /** A row's menu, named after its client ("Actions for Olga Ortiz"). */
  rowActions(clientName: string): Locator {
    return this.page.getByRole('button', { name: this.t('evaluations.list.actions', { name: clientName }) });
  }

  /** Deletes a row's evaluation through its menu and the confirmation; returns the confirmation's credit note. */
  async deleteEvaluationOf(clientName: string): Promise<string> {
    await this.rowActions(clientName).click();
    await this.page.getByRole('menuitem', { name: this.t('common.delete') }).click();
    const confirmation = this.dialog('evaluations.delete.title');
    await confirmation.getByText(this.t('messages.deleteConfirm')).waitFor();
    const note = (await confirmation.getByText(this.t('evaluations.delete.creditNotReturned')).textContent()) ?? '';
    await this.button('common.delete', confirmation).click();
    return note;
  }
}
