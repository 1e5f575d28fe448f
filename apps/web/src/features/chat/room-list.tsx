import { Avatar, Badge, Box, Button, Group, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconMessagePlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChatTime, matchesSearch, otherUser, participantInitials, participantName } from './chat-format.ts';
import { chatClient, type ChatState } from './chat-client.ts';

/** Left pane: the rooms, most recent first, with the other person, the last message, its time and the unread count. */
export function RoomList({
  chat,
  parentAction,
}: {
  chat: ChatState;
  parentAction?: { label: string; onClick: () => void } | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const rooms = chat.rooms.filter((room) => matchesSearch(participantName(otherUser(room, chat.userId)), search));
  return (
    <Stack gap={0} h="100%" data-testid="chat-rooms">
      <Stack p="sm" gap="xs">
        {parentAction && (
          <Button
            variant="light"
            leftSection={<IconMessagePlus size={16} />}
            onClick={parentAction.onClick}
            data-testid="chat-write-parent"
          >
            {parentAction.label}
          </Button>
        )}
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('chat.search')}
          aria-label={t('chat.search')}
          leftSection={<IconSearch size={16} />}
          data-testid="chat-search"
        />
      </Stack>
      {/* Mantine's content box is a table that grows to its widest line: a block keeps a long last message
          truncated, so the time and the unread count stay on screen (issue 30 item 14). */}
      <ScrollArea style={{ flex: 1 }} type="auto" scrollbars="y" styles={{ content: { display: 'block' } }}>
        {chat.roomsLoaded && rooms.length === 0 && (
          <Text size="sm" c="dimmed" p="md" ta="center" data-testid="chat-rooms-empty">
            {search ? t('chat.noMatches') : t('chat.roomsEmpty')}
          </Text>
        )}
        {rooms.map((room) => {
          const other = otherUser(room, chat.userId);
          const unseen = room.unseen[String(chat.userId)] ?? 0;
          const active = room.chat_room_id === chat.activeRoomId;
          return (
            <UnstyledButton
              key={room.chat_room_id}
              onClick={() => void chatClient.openRoom(room.chat_room_id)}
              w="100%"
              px="sm"
              py={10}
              bg={active ? 'var(--mantine-color-medida-light)' : undefined}
              aria-current={active ? 'true' : undefined}
              data-testid="chat-room"
              data-unseen={unseen}
            >
              <Group gap="sm" wrap="nowrap">
                {/* Decorative: the name is beside it. */}
                <Avatar radius="xl" color="medida" src={other?.profile.img_url || null} alt="">
                  {participantInitials(other)}
                </Avatar>
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" gap={4} wrap="nowrap">
                    <Text size="sm" fw={unseen > 0 ? 700 : 500} truncate>
                      {participantName(other)}
                    </Text>
                    {room.lastMessage && (
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {formatChatTime(room.lastMessage.date, i18n.language)}
                      </Text>
                    )}
                  </Group>
                  <Group justify="space-between" gap={4} wrap="nowrap">
                    <Text size="xs" c="dimmed" truncate>
                      {room.lastMessage?.message ?? t('chat.noMessagesYet')}
                    </Text>
                    {unseen > 0 && (
                      <Badge
                        size="sm"
                        color="red"
                        circle={unseen < 10}
                        style={{ flexShrink: 0 }}
                        data-testid="chat-room-unseen"
                      >
                        {unseen}
                      </Badge>
                    )}
                  </Group>
                </Box>
              </Group>
            </UnstyledButton>
          );
        })}
      </ScrollArea>
    </Stack>
  );
}
