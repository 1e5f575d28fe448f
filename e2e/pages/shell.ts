import type { Locator } from 'playwright-core';
import { namePattern, Screen } from './screen.ts';

/** What every signed-in screen has: the header's account menu, the confirm-your-e-mail banner. */
export class Shell extends Screen {
  /** The account menu's button, named "Account menu of <name>". */
  get userMenuButton(): Locator {
    return this.page.getByRole('button', { name: namePattern(this.t('userMenu.open')) });
  }

  /** The picture in the account button, once the user has one. */
  get headerAvatar(): Locator {
    return this.userMenuButton.locator('img');
  }

  async openUserMenu(): Promise<void> {
    await this.userMenuButton.click();
  }

  menuItem(key: 'profile' | 'changePassword' | 'sessions' | 'logout'): Locator {
    return this.page.getByRole('menuitem', { name: namePattern(this.t(`userMenu.${key}`)) });
  }

  async openProfile(): Promise<void> {
    await this.openUserMenu();
    await this.menuItem('profile').click();
  }

  async logOut(): Promise<void> {
    await this.openUserMenu();
    await this.menuItem('logout').click();
    await this.page.waitForURL('**/pages/login');
  }

  /** The sidebar: the main navigation (off-screen on a phone until opened). */
  get sidebar(): Locator {
    return this.page.getByRole('navigation', { name: this.t('nav.label'), exact: true, includeHidden: true });
  }

  /** The header's burger, named "Show sidebar" or "Hide sidebar" by what it will do. */
  get sidebarToggle(): Locator {
    const names = [this.t('nav.showSidebar'), this.t('nav.hideSidebar')].map((n) =>
      n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
    return this.page.getByRole('button', { name: new RegExp(`^(${names.join('|')})$`) });
  }

  /** Asks a signed-in user whose e-mail is not confirmed yet to open the link. */
  get verifyBanner(): Locator {
    return this.page.getByRole('alert').filter({ hasText: this.t('auth.verifyBanner.title') });
  }
}
