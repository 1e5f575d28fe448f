import type { Locator } from 'playwright-core';
import { PersonForm } from './person-form.ts';
import { namePattern, Screen } from './screen.ts';

/** The clients list (`/users`) and the network list (`/networkusers`): a "New" button, a table, each row's menu. */
abstract class PeopleList extends Screen {
  protected abstract readonly path: string;
  protected abstract readonly newKey: string;
  protected abstract readonly newTitleKey: string;
  protected abstract readonly editTitleKey: string;

  async open(): Promise<this> {
    await this.page.goto(this.path);
    return this;
  }

  /** The row of the person with `email` (desktop table). */
  row(email: string): Locator {
    return this.page.getByRole('table').getByRole('row').filter({ hasText: email });
  }

  /** A row's checkbox, named "Select <name>". */
  selectBox(name: string): Locator {
    return this.page.getByRole('checkbox', { name: this.t('handover.selectPerson', { name }) });
  }

  /** The bar shown once rows are selected: "Hand over the selected". */
  get handOverSelectedButton(): Locator {
    return this.button('handover.handOverSelected');
  }

  /** "New …": the form of a new person. */
  async openNew(): Promise<PersonForm> {
    // The page header's button (an empty list repeats it in its empty state).
    await this.button(this.newKey).first().click();
    const form = new PersonForm(this.page, this.lang, this.newTitleKey);
    await form.root.waitFor();
    return form;
  }

  /** The edit form of a row's person, through the row's menu ("Actions for <name>" → Edit). */
  async openEdit(name: string): Promise<PersonForm> {
    await this.page.getByRole('button', { name: this.t('people.actions.open', { name }) }).click();
    // Exact: in English "Edit" is also the start of "Edit credits".
    await this.page.getByRole('menuitem', { name: this.t('people.actions.edit'), exact: true }).click();
    const form = new PersonForm(this.page, this.lang, this.editTitleKey);
    await form.root.waitFor();
    return form;
  }
}

export class ClientsPage extends PeopleList {
  protected readonly path = '/users';
  protected readonly newKey = 'people.clients.new';
  protected readonly newTitleKey = 'people.clients.newTitle';
  protected readonly editTitleKey = 'people.clients.editTitle';

  /** "Export ▾" in the page header: the list as a spreadsheet file, CSV or Excel (decisions 191, 227). */
  get exportCsvButton(): Locator {
    return this.button('people.clients.exportCsv');
  }

  /** A format of the open "Export ▾" menu (CSV or Excel). */
  exportFormat(format: 'csv' | 'xlsx'): Locator {
    return this.page.getByRole('menuitem', { name: this.t(`common.exportFormats.${format}`) });
  }
}

export class NetworkPage extends PeopleList {
  protected readonly path = '/networkusers';
  protected readonly newKey = 'people.network.new';
  protected readonly newTitleKey = 'people.network.newTitle';
  protected readonly editTitleKey = 'people.network.editTitle';
}

/** A client's page (`/users/:id`): the name as the page's heading, one region per section, the actions. */
export class ClientDetailPage extends Screen {
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  section(titleKey: string): Locator {
    return this.page.getByRole('region', { name: this.t(titleKey), exact: true });
  }
  get parentNote(): Locator {
    return this.page.getByRole('alert').filter({ hasText: this.t('messages.parentAccount') });
  }
  /** A saved document by its title, with its download button ("Download <title>"). */
  document(title: string): Locator {
    return this.section('attachments.heading').locator('div', { hasText: title }).last();
  }
  downloadButton(title: string): Locator {
    return this.page.getByRole('button', { name: this.t('attachments.download', { title }) });
  }
  get documents(): Locator {
    return this.section('attachments.heading').getByRole('button', {
      name: namePattern(this.t('attachments.download')),
    });
  }
  get editButton(): Locator {
    return this.button('people.actions.edit');
  }
  /** The page's own "Delete" (not a dialog's confirm button of the same name). */
  get deleteButton(): Locator {
    return this.button('common.delete', this.page.getByRole('main'));
  }
  get creditsButton(): Locator {
    return this.button('people.actions.credits');
  }
  /** The credits dialog ("Change credits"): the current balances and the new one. */
  get creditsDialog(): Locator {
    return this.dialog('credits.title');
  }
  get newBalance(): Locator {
    return this.field('credits.newBalance', this.creditsDialog);
  }
  editForm(): PersonForm {
    return new PersonForm(this.page, this.lang, 'people.clients.editTitle');
  }
}

/** The hand-over dialog (from a selection in My clients, or "hand everyone over" on the delete page). */
export class HandoverDialog extends Screen {
  get root(): Locator {
    return this.dialog('handover.title');
  }
  get receiver(): Locator {
    return this.field('handover.receiverLabel', this.root);
  }
  get submitButton(): Locator {
    return this.button('handover.submit', this.root);
  }
  async pickReceiver(name: RegExp): Promise<void> {
    await this.receiver.click();
    await this.page.getByRole('option', { name }).click();
  }
}
