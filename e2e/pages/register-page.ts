import type { Locator } from 'playwright-core';
import { pickDateIn } from '../support/date-picker.ts';
import { namePattern, Screen } from './screen.ts';

export interface Registration {
  nombre: string;
  apellido: string;
  email: string;
  password: string;
  /** [year, month index (0-based), day] */
  birth: readonly [number, number, number];
}

/** Registration (`/pages/register`), its "check your inbox" answer and the age-13 confirmation. */
export class RegisterPage extends Screen {
  async open(): Promise<this> {
    await this.page.goto('/pages/register');
    return this;
  }

  get terms(): Locator {
    // The label holds a link to the policy: its name is the text without the markup.
    return this.page.getByRole('checkbox', {
      name: namePattern(this.t('auth.register.terms').replace(/<\/?\w+>/g, '')),
    });
  }
  get submitButton(): Locator {
    return this.button('auth.register.submit');
  }
  /** "Check your inbox": shown for a new and a taken e-mail alike (decision 017). */
  get sent(): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t('auth.register.sentTitle') });
  }
  /** A development server says where its e-mails go. */
  get devOutbox(): Locator {
    return this.page.getByRole('alert').filter({ hasText: this.t('auth.register.devOutboxTitle') });
  }
  /** The confirmation asked when the age is exactly 13. */
  get ageConfirmation(): Locator {
    return this.dialog('auth.register.confirmAgeTitle');
  }

  async fill(person: Registration): Promise<void> {
    await this.field('fields.nombre').fill(person.nombre);
    await this.field('fields.apellido').fill(person.apellido);
    await this.field('fields.email').fill(person.email);
    await this.field('fields.password').fill(person.password);
    await this.field('fields.passwordConfirmation').fill(person.password);
    await this.choose(this.field('fields.sexo'), this.t('sexo.Femenino'));
    await pickDateIn(this.page, this.field('fields.nacimiento'), ...person.birth);
  }

  async acceptTermsAndSubmit(): Promise<void> {
    await this.terms.check();
    await this.submitButton.click();
  }
}
