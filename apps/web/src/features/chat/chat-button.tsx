import { ActionIcon, Affix, Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { withAllStyles } from '../../lib/all-styles.ts';
import { useFirstScreenShown } from '../../lib/first-screen-shown.ts';
import { useSessionUser, useToken } from '../../lib/session.ts';
import { chatClient, useChat } from './chat-client.ts';
import { unlockChatSound } from './chat-sound.ts';
import { lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';

// The two-pane chat loads when it is first opened, with every Mantine style (issue 11, decisions 164 and 171); the
// connection and the unread count start with the button.
const ChatModal = lazyWithTimeout(
  withAllStyles(() => import('./chat-modal.tsx').then((m) => m.ChatModal)),
  { fallback: false },
);

/**
 * Keeps the chat connected while a user is signed in (from when the first screen is painted or the chat is opened,
 * decision 171), and marks the open room read when the tab returns.
 */
function useChatConnection(opened: boolean) {
  const token = useToken();
  const userId = useSessionUser().data?.id;
  const wanted = useFirstScreenShown() || opened;
  useEffect(() => {
    if (wanted && token && userId !== undefined) chatClient.start(token, userId);
  }, [wanted, token, userId]);
  useEffect(() => () => chatClient.stop(), []);
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && chatClient.onVisible();
    // Sound is allowed only after a user gesture (autoplay rules).
    window.addEventListener('pointerdown', unlockChatSound, { once: true });
    window.addEventListener('keydown', unlockChatSound, { once: true });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('pointerdown', unlockChatSound);
      window.removeEventListener('keydown', unlockChatSound);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}

/** The floating chat button (spec §2) with the user's total unread count. */
export function ChatButton() {
  const { t } = useTranslation();
  const chat = useChat();
  useChatConnection(chat.open);
  const unread = chat.unseenTotal;
  const modalMounted = useOpenedOnce(chat.open);
  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
        <Indicator
          label={unread > 99 ? '99+' : unread}
          size={20}
          color="red"
          disabled={unread === 0}
          offset={6}
          data-testid="chat-unread"
          data-count={unread}
        >
          <ActionIcon
            size={56}
            radius="xl"
            variant="filled"
            onClick={chatClient.open}
            aria-label={t('chat.open', { count: unread })}
            data-testid="chat-button"
            style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
          >
            <IconMessageCircle size={28} />
          </ActionIcon>
        </Indicator>
      </Affix>
      {modalMounted && <ChatModal />}
    </>
  );
}
