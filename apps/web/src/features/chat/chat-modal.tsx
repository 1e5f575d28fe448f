import { USER_TYPE } from '@medida/contracts';
import { ActionIcon, Badge, Box, Group, Modal, Text } from '@mantine/core';
import { TooltipOnDemand } from '../../components/tooltip-on-demand.tsx';
import { useMediaQuery } from '@mantine/hooks';
import { IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../lib/session.ts';
import { chatClient, useChat } from './chat-client.ts';
import { isChatMuted, setChatMuted } from './chat-sound.ts';
import { Conversation } from './conversation.tsx';
import { RoomList } from './room-list.tsx';

/** The two-pane chat (spec §2): rooms on the left, the conversation on the right; stacked on a phone. */
export function ChatModal() {
  const { t } = useTranslation();
  const chat = useChat();
  const phone = useMediaQuery('(max-width: 48em)');
  const [muted, setMuted] = useState(isChatMuted);
  const profile = useProfile().data?.datos;
  const parentId = profile?.parent_user_id ?? null;
  // Anyone with a parent account can write to it first (a client to its professional), from the list.
  const parentAction =
    parentId !== null && !chat.rooms.some((room) => room.users.some((u) => u.user_id === parentId))
      ? {
          label: profile?.type === USER_TYPE.client ? t('chat.writeToParent') : t('chat.writeToParentAccount'),
          onClick: () => void chatClient.openWith(parentId),
        }
      : undefined;
  const showList = !phone || !chat.activeRoomId;
  const showConversation = !phone || Boolean(chat.activeRoomId);

  const title = (
    <Group gap="sm">
      <Text fw={600}>{t('chat.title')}</Text>
      {chat.status === 'reconnecting' && (
        <Badge color="orange" variant="light" data-testid="chat-reconnecting">
          {t('chat.reconnecting')}
        </Badge>
      )}
      <TooltipOnDemand label={muted ? t('chat.unmute') : t('chat.mute')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => {
            setChatMuted(!muted);
            setMuted(!muted);
          }}
          aria-label={muted ? t('chat.unmute') : t('chat.mute')}
          aria-pressed={muted}
          data-testid="chat-mute"
        >
          {muted ? <IconVolumeOff size={18} /> : <IconVolume size={18} />}
        </ActionIcon>
      </TooltipOnDemand>
    </Group>
  );

  return (
    <Modal
      opened={chat.open}
      onClose={chatClient.close}
      title={title}
      size="xl"
      fullScreen={Boolean(phone)}
      attributes={{ content: { 'data-testid': 'chat-modal' } }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ body: { paddingBottom: phone ? 0 : undefined } }}
    >
      <Box
        style={{
          display: 'grid',
          // minmax(0, …): a column no wider than its share, so a long last message is cut, not the screen widened.
          gridTemplateColumns: phone ? 'minmax(0, 1fr)' : 'minmax(220px, 2fr) minmax(0, 3fr)',
          height: phone ? 'calc(100dvh - 80px)' : 'min(70vh, 640px)',
          border: phone ? undefined : '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
        }}
      >
        {showList && (
          <Box
            style={{
              minHeight: 0,
              minWidth: 0,
              borderRight: phone ? undefined : '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <RoomList chat={chat} parentAction={parentAction} />
          </Box>
        )}
        {showConversation && (
          <Box style={{ minHeight: 0, minWidth: 0 }}>
            <Conversation chat={chat} onBack={phone ? () => void chatClient.openRoom(null) : undefined} />
          </Box>
        )}
      </Box>
    </Modal>
  );
}
