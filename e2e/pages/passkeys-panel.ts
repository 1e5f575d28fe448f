import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

/** The profile's Passkeys part (decision 209): the list, "Add a passkey", each row's rename and delete dialogs. */
export class PasskeysPanel extends Screen {
  get root(): Locator {
    return this.page.getByRole('region', { name: this.t('passkeys.title'), exact: true });
  }
  get list(): Locator {
    return this.root.getByRole('list', { name: this.t('passkeys.listLabel') });
  }
  /** A passkey's row by its name. */
  row(name: string): Locator {
    return this.list.getByRole('listitem', { name, exact: true });
  }
  get rows(): Locator {
    return this.list.getByRole('listitem');
  }
  get addButton(): Locator {
    return this.button('passkeys.add', this.root);
  }
  get addDialog(): Locator {
    return this.dialog('passkeys.addTitle');
  }
  get renameDialog(): Locator {
    return this.dialog('passkeys.renameTitle');
  }
  get deleteDialog(): Locator {
    return this.dialog('passkeys.deleteTitle');
  }

  /** Opens "Add a passkey", names it and continues: the browser's authenticator does the rest. */
  async add(name: string): Promise<void> {
    await this.addButton.click();
    await this.field('passkeys.nameLabel', this.addDialog).fill(name);
    await this.button('passkeys.continue', this.addDialog).click();
    await this.row(name).waitFor();
  }

  async openRename(name: string): Promise<void> {
    await this.button('passkeys.rename', this.row(name)).click();
    await this.renameDialog.waitFor();
  }

  async rename(name: string, to: string): Promise<void> {
    await this.openRename(name);
    await this.field('passkeys.nameLabel', this.renameDialog).fill(to);
    await this.button('common.save', this.renameDialog).click();
    await this.row(to).waitFor();
  }

  async openDelete(name: string): Promise<void> {
    await this.button('passkeys.delete', this.row(name)).click();
    await this.deleteDialog.waitFor();
  }

  async remove(name: string, password: string): Promise<void> {
    await this.openDelete(name);
    await this.field('passkeys.passwordLabel', this.deleteDialog).fill(password);
    await this.button('passkeys.delete', this.deleteDialog).click();
    await this.deleteDialog.waitFor({ state: 'hidden' });
  }
}
