import { ActionIcon, Affix, Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser, useToken } from '../../lib/session.ts';
import { chatClient, useChat } from './chat-client.ts';
import { unlockChatSound } from './chat-sound.ts';
import { ChatModal } from './chat-modal.tsx';

/** Keeps the chat connected while a user is signed in, and marks the open room read when the tab returns. */
function useChatConnection() {
  const token = useToken();
  const userId = useSessionUser().data?.id;
  useEffect(() => {
    if (token && userId !== undefined) chatClient.start(token, userId);
  }, [token, userId]);
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
  useChatConnection();
  const unread = useChat().unseenTotal;
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
      <ChatModal />
    </>
  );
}
