import { mkdir } from 'node:fs/promises';
import { ChatPanel } from '../pages/chat-panel.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { E2E_USERS } from '../support/fixtures.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { forEveryScreen, SHOTS, saveShot } from '../support/screens.ts';
import { expectPath, openSignedIn } from '../support/session.ts';

const PRO = E2E_USERS.evaluator;
const CLIENT = E2E_USERS.evaluee;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** The unread count the chat button's name says ("Open chat (2 unread messages)"). */
const badge = (page: Page) => new ChatPanel(page).unread().then(String);

async function signIn(page: Page, user: { email: string; password: string }, lang: Lang) {
  await openSignedIn(page, user, '/', lang);
  await new ChatPanel(page, lang).openButton.waitFor();
}

async function signedIn(viewport: typeof DESKTOP, user: { email: string; password: string }) {
  const { context, page } = await newPage(browser, viewport);
  await signIn(page, user, 'es');
  return { context, page };
}

/** The professional opens its client's page and uses "Message": the chat opens on their room. */
async function openClientRoom(page: Page) {
  await page.goto('/users');
  await page
    .getByRole('link', { name: `${CLIENT.nombre} ${CLIENT.apellido}`, exact: true })
    .first()
    .click();
  const chat = new ChatPanel(page);
  await chat.button('chat.message').click();
  await chat.conversation(`${CLIENT.nombre} ${CLIENT.apellido}`).waitFor();
}

const send = (page: Page, text: string) => new ChatPanel(page).send(text);

describe('chat between a professional and its client (two browsers)', () => {
  it('delivers within a second to a phone, raises the badge, and opening the room clears it', async () => {
    const pro = await signedIn(DESKTOP, PRO);
    // The client reads on a phone (~390 px): stacked panes.
    const client = await signedIn(PHONE, CLIENT);
    await expectPath(client.page, '/evaluations');
    const before = Number(await badge(client.page));

    await openClientRoom(pro.page);
    const text = `Hola ${CLIENT.nombre}, ¿cómo va el entrenamiento? ${Date.now()}`;
    const sentAt = Date.now();
    await send(pro.page, text);
    await expect.poll(() => badge(client.page), { timeout: 1000, interval: 25 }).toBe(String(before + 1));
    expect(Date.now() - sentAt).toBeLessThan(1000);
    // The sender's copy is stored (no longer "sending") and shows as text.
    await expect.poll(() => pro.page.getByTestId('chat-message').last().getAttribute('data-status')).toBe('sent');

    const clientChat = new ChatPanel(client.page);
    await clientChat.open();
    const room = clientChat.room(`${PRO.nombre} ${PRO.apellido}`);
    await expect.poll(() => room.getAttribute('data-unseen')).toBe('1');
    await room.click();
    expect(await clientChat.roomSearch.count()).toBe(0);
    await clientChat.conversation().getByText(text, { exact: true }).waitFor();
    await expect.poll(() => badge(client.page)).toBe(String(before));

    // The reply reaches the professional's open conversation, which counts as read at once.
    await send(client.page, 'Muy bien, gracias: https://medida.app/plan');
    const reply = new ChatPanel(pro.page).conversation().getByText('Muy bien, gracias: https://medida.app/plan');
    await expect.poll(() => reply.count(), { timeout: 1000, interval: 25 }).toBe(1);
    const link = reply.getByRole('link');
    expect(await link.getAttribute('href')).toBe('https://medida.app/plan');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await expect.poll(() => badge(pro.page)).toBe('0');

    await saveShot(pro.page, 'chat-es-desktop');
    await pro.context.close();
    await client.context.close();
  });

  it('stacks the panes on a phone, with a back arrow to the list; side by side on a desktop; in es, en and pt', async () => {
    // A phone shows the client's stacked panes; a desktop, the professional's side by side.
    await forEveryScreen(browser, async (page, lang, viewport) => {
      if (viewport === 'desktop') {
        await signIn(page, PRO, lang);
        const chat = new ChatPanel(page, lang);
        await chat.open();
        await chat.room(`${CLIENT.nombre} ${CLIENT.apellido}`).first().click();
        await chat.messageBox.waitFor();
        await saveShot(page, `chat-${lang}-desktop`);
        return;
      }
      await signIn(page, CLIENT, lang);
      const chat = new ChatPanel(page, lang);
      await chat.open();
      const room = chat.room(`${PRO.nombre} ${PRO.apellido}`).first();
      await room.waitFor();
      expect(await chat.messageBox.count()).toBe(0);
      await page.waitForTimeout(400); // the modal's opening transition
      await saveShot(page, `chat-rooms-${lang}-phone`);
      await room.click();
      await chat.messageBox.waitFor();
      expect(await chat.roomSearch.count()).toBe(0);
      expect(await chat.messageBox.getAttribute('placeholder')).toBe(tr(lang, 'chat.placeholder'));
      await saveShot(page, `chat-conversation-${lang}-phone`);
      await chat.backButton.click();
      await chat.roomSearch.waitFor();
    });
  });
});
