import type { Locator } from 'playwright-core';
import { namePattern, Screen } from './screen.ts';

/**
 * The chat (the round button at the bottom right, on every signed-in screen): its rooms, a conversation (a log named
 * by the other person) and the message box.
 */
export class ChatPanel extends Screen {
  /** "Open chat (N unread messages)". */
  get openButton(): Locator {
    return this.page.getByRole('button', { name: namePattern(this.t('chat.open')) });
  }
  /** The unread count, as the button's name says it. */
  async unread(): Promise<number> {
    const name = (await this.openButton.getAttribute('aria-label')) ?? '';
    return Number(/\d+/.exec(name)?.[0] ?? NaN);
  }
  async open(): Promise<void> {
    await this.openButton.click();
  }
  /** The room list's search box: shown with the list. */
  get roomSearch(): Locator {
    return this.page.getByRole('textbox', { name: this.t('chat.search'), exact: true });
  }
  /** A room of the list, by the other person's name. */
  room(name: string): Locator {
    return this.page.getByRole('dialog').getByRole('button').filter({ hasText: name });
  }
  /** The open conversation: a log of its messages, named by the other person. */
  conversation(name?: string): Locator {
    return this.page.getByRole('log', name ? { name, exact: true } : {});
  }
  get messageBox(): Locator {
    return this.page.getByRole('textbox', { name: this.t('chat.placeholder'), exact: true });
  }
  get backButton(): Locator {
    return this.button('chat.back');
  }
  async send(text: string): Promise<void> {
    await this.messageBox.fill(text);
    await this.messageBox.press('Enter');
  }
}
