import { ActionIcon, Avatar, Box, Center, Group, Loader, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowLeft, IconMessages, IconSend } from '@tabler/icons-react';
import { CHAT_LIMITS } from '@medida/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatClient, type ChatState } from './chat-client.ts';
import { otherUser, participantInitials, participantName } from './chat-format.ts';
import { MessageBubble } from './message-bubble.tsx';

const EMPTY: never[] = [];

/** Right pane: the conversation, newest at the bottom, older pages when scrolled to the top, and the composer. */
export function Conversation({ chat, onBack }: { chat: ChatState; onBack?: (() => void) | undefined }) {
  const { t, i18n } = useTranslation();
  const room = chat.rooms.find((r) => r.chat_room_id === chat.activeRoomId);
  const page = chat.activeRoomId ? chat.messages[chat.activeRoomId] : undefined;
  const items = page?.items ?? EMPTY;
  const viewport = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const heightBeforeOlder = useRef<number | null>(null);
  const lastKey = items.at(-1)?.client_id ?? items.at(-1)?.id;

  // A new last message scrolls to the bottom; an older page keeps what the reader was looking at.
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop = el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else el.scrollTop = el.scrollHeight;
  }, [items.length, lastKey, chat.activeRoomId]);

  useEffect(() => setText(''), [chat.activeRoomId]);

  if (!room || !chat.activeRoomId) {
    return (
      <Center h="100%" p="lg" data-testid="chat-conversation">
        <Stack align="center" gap="xs" ta="center">
          <IconMessages size={36} color="var(--mantine-color-gray-5)" />
          <Text size="sm" c="dimmed">
            {t('chat.pickRoom')}
          </Text>
        </Stack>
      </Center>
    );
  }
  const roomId = chat.activeRoomId;
  const other = otherUser(room, chat.userId);
  const tooLong = text.length > CHAT_LIMITS.messageMaxLength;

  const submit = () => {
    if (!text.trim() || tooLong) return;
    chatClient.send(roomId, text.trim());
    setText('');
  };
  const onScroll = ({ y }: { y: number }) => {
    if (y < 40 && page?.hasMore && !page.loading && viewport.current) {
      heightBeforeOlder.current = viewport.current.scrollHeight;
      void chatClient.loadOlder(roomId);
    }
  };

  return (
    <Stack gap={0} h="100%" data-testid="chat-conversation">
      <Group gap="sm" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {onBack && (
          <ActionIcon variant="subtle" onClick={onBack} aria-label={t('chat.back')} data-testid="chat-back">
            <IconArrowLeft size={20} />
          </ActionIcon>
        )}
        <Avatar radius="xl" color="medida" size="sm" src={other?.profile.img_url || null} alt="">
          {participantInitials(other)}
        </Avatar>
        <Text fw={600} truncate data-testid="chat-conversation-name">
          {participantName(other)}
        </Text>
      </Group>
      <ScrollArea viewportRef={viewport} style={{ flex: 1 }} onScrollPositionChange={onScroll} type="auto">
        {/* A log named by the other person: a screen reader announces each new message (decision 180). */}
        <Stack gap="xs" p="sm" role="log" aria-label={participantName(other)} data-testid="chat-messages">
          {page?.loading && (
            <Center>
              <Loader size="sm" />
            </Center>
          )}
          {!page?.loading && items.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="lg">
              {t('chat.noMessagesYet')}
            </Text>
          )}
          {items.map((m) => (
            <MessageBubble key={m.client_id ?? m.id} message={m} own={m.user_id === chat.userId} />
          ))}
        </Stack>
      </ScrollArea>
      <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.placeholder')}
            autosize
            minRows={1}
            maxRows={5}
            error={
              tooLong
                ? t('chat.tooLong', { max: CHAT_LIMITS.messageMaxLength.toLocaleString(i18n.language) })
                : undefined
            }
            data-testid="chat-input"
          />
          <ActionIcon
            size="lg"
            onClick={submit}
            disabled={!text.trim() || tooLong}
            aria-label={t('chat.send')}
            data-testid="chat-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </Box>
    </Stack>
  );
}
