import type { Locator } from 'playwright-core';
import { pickDateIn } from '../support/date-picker.ts';
import { namePattern, Screen } from './screen.ts';

export interface Person {
  nombre: string;
  apellido: string;
  email: string;
  rut: string;
}

/**
 * The person form inside a dialog (new or edit client, network professional, the portal's own data): every field
 * by its label, the location cascade (country → region → comuna), the documents, the consent and Save.
 */
export class PersonForm extends Screen {
  constructor(
    page: Screen['page'],
    lang: Screen['lang'],
    /** The dialog's title key (`people.clients.newTitle`…); the page itself when the form is not in a dialog. */
    private readonly titleKey?: string,
  ) {
    super(page, lang);
  }

  get root(): Locator {
    return this.titleKey ? this.dialog(this.titleKey) : this.page.locator('body');
  }

  input(name: string): Locator {
    return this.field(`fields.${name}`, this.root);
  }

  /** The national id, labelled by its kind in the person's country (RUT in Chile, CPF in Brazil). */
  nationalId(kind: 'rut' | 'cpf' | 'other' = 'rut'): Locator {
    return this.field(`people.form.nationalId.${kind}.label`, this.root);
  }

  /** Chooses in a Select of this form: types to filter, then clicks the option. */
  async select(name: string, option: string): Promise<void> {
    await this.choose(this.input(name), option, true);
  }

  /** A Chilean person in Providencia (the professional's country is Chile). */
  async fill(p: Person): Promise<void> {
    await this.input('nombre').fill(p.nombre);
    await this.input('apellido').fill(p.apellido);
    await this.input('email').fill(p.email);
    await this.input('telefono').fill('+56 9 8765 4321');
    await pickDateIn(this.page, this.input('nacimiento'), 1988, 3, 12);
    await this.choose(this.input('sexo'), this.t('sexo.Femenino'));
    await this.nationalId().fill(p.rut);
    await this.input('direccion').fill('Av. Providencia 1234');
    await this.select('region', 'Región Metropolitana de Santiago');
    await this.select('comuna', 'Providencia');
  }

  submit(key: string): Locator {
    return this.button(key, this.root);
  }

  /** The e-mail of a person who chose its own password: read-only, why, and "Ask to change" (decision 202). */
  emailOwnerHint(nombre: string): Locator {
    return this.root.getByText(this.t('people.emailOwnerOnly.hint', { nombre }));
  }

  /** "Ask to change": the dialog that e-mails the person a suggested address. */
  async openAskEmailChange(): Promise<{ dialog: Locator; suggested: Locator; send: Locator }> {
    await this.button('people.emailOwnerOnly.ask', this.root).click();
    const dialog = this.dialog('people.emailOwnerOnly.title');
    await dialog.waitFor();
    return {
      dialog,
      suggested: this.field('people.emailOwnerOnly.suggested', dialog),
      send: this.button('people.emailOwnerOnly.submit', dialog),
    };
  }

  /** Whether `field` has the focus, is marked invalid, and what its message under it says (issue 30 item 6). */
  async invalidFocus(field: Locator): Promise<{ focused: boolean; invalid: boolean; message: string }> {
    const [focused, invalid, message] = await Promise.all([
      field.evaluate((input) => input === document.activeElement),
      field.getAttribute('aria-invalid'),
      this.descriptionOf(field),
    ]);
    return { focused, invalid: invalid === 'true', message: message.trim() };
  }

  // ------------------------------------------------------------ a client's documents and consent

  /** The dropzone's file input (a drop target has no other handle a test can give files to). */
  get fileInput(): Locator {
    return this.root.locator('input[type=file]');
  }
  /** A chosen document's title and description, by their order among the new documents. */
  documentTitle(index: number): Locator {
    return this.field('attachments.title', this.root).nth(index);
  }
  documentDescription(index: number): Locator {
    return this.field('attachments.description', this.root).nth(index);
  }
  /** A new document's "remove" button, named after its file. */
  removeDocument(file: string): Locator {
    return this.root.getByRole('button', { name: this.t('attachments.remove', { name: file }) });
  }
  get consent(): Locator {
    return this.root.getByRole('checkbox', { name: namePattern(this.t('consent.confirm')) });
  }

  // ------------------------------------------------------------ a network professional's work

  work(kind: 'Dependiente' | 'Independiente'): Locator {
    return this.root.getByRole('radio', { name: this.t(`trabajo.${kind}`), exact: true });
  }
}
