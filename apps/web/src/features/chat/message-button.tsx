import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chatClient } from './chat-client.ts';

/** "Message" on a person's page or row: opens the chat on the room with that user. */
export function MessageButton({ userId, compact = false }: { userId: number; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="light"
      size={compact ? 'xs' : 'sm'}
      leftSection={<IconMessageCircle size={16} />}
      onClick={() => void chatClient.openWith(userId)}
      data-testid="message-button"
    >
      {t('chat.message')}
    </Button>
  );
}
