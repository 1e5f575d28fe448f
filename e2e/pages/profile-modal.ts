import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

/** The profile dialog (header menu → My profile): one's own data, the picture, the edit form, the e-mail change. */
export class ProfileModal extends Screen {
  get root(): Locator {
    return this.dialog('profile.title');
  }
  get editButton(): Locator {
    return this.button('profile.edit', this.root);
  }
  get saveButton(): Locator {
    return this.button('common.save', this.root);
  }
  get changeEmailButton(): Locator {
    return this.button('profile.changeEmail.open', this.root);
  }
  get uploadPictureButton(): Locator {
    return this.button('profile.avatar.change', this.root);
  }
  get removePictureButton(): Locator {
    return this.button('profile.avatar.remove', this.root);
  }
  /** The picture shown beside the name (an image with no text alternative: it repeats the name). */
  get picture(): Locator {
    return this.root.locator('img').first();
  }
  /** The errors the edit form shows under its fields. */
  get fieldErrors(): Locator {
    return this.root.locator('[aria-invalid=true]');
  }

  /** The e-mail change dialog, on top of the profile. */
  get changeEmail(): Locator {
    return this.dialog('profile.changeEmail.title');
  }
  get newEmail(): Locator {
    return this.field('profile.changeEmail.newEmail', this.changeEmail);
  }
  get currentPassword(): Locator {
    return this.field('profile.changeEmail.password', this.changeEmail);
  }
  get changeEmailSubmit(): Locator {
    return this.button('profile.changeEmail.submit', this.changeEmail);
  }
  changeEmailSent(email: string): Locator {
    return this.changeEmail.getByText(this.t('profile.changeEmail.sent', { email }));
  }
}
