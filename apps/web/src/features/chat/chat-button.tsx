import { useState } from 'react';
import { ActionIcon, Affix, Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ChatModal } from './chat-modal.tsx';

/** The floating chat button (spec §2). The unread count is 0 until the realtime chat ships. */
export function ChatButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const unread = 0;
  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
        <Indicator
          label={unread}
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
            onClick={() => setOpened(true)}
            aria-label={t('chat.open', { count: unread })}
            data-testid="chat-button"
            style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
          >
            <IconMessageCircle size={28} />
          </ActionIcon>
        </Indicator>
      </Affix>
      <ChatModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
