import { Anchor, Box, Group, Loader, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatChatTime } from './chat-format.ts';
import { chatClient, type UiMessage } from './chat-client.ts';
import { linkify } from './linkify.ts';

/** One message, as text (never HTML); links open in a new tab without access to this one. */
export function MessageBubble({ message, own }: { message: UiMessage; own: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} data-testid="chat-message" data-status={message.status}>
      <Box maw="80%">
        <Paper
          px="sm"
          py={6}
          radius="lg"
          bg={own ? 'var(--mantine-color-medida-filled)' : 'var(--mantine-color-gray-1)'}
          c={own ? 'white' : undefined}
          style={{ opacity: message.status === 'sending' ? 0.7 : 1 }}
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="chat-message-text">
            {linkify(message.message).map((part, i) =>
              part.kind === 'link' ? (
                <Anchor
                  key={i}
                  href={part.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  c="inherit"
                  underline="always"
                >
                  {part.text}
                </Anchor>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </Text>
        </Paper>
        <Group gap={4} justify={own ? 'flex-end' : 'flex-start'} mt={2}>
          {message.status === 'sending' && (
            <>
              <Loader size={10} />
              <Text size="xs" c="dimmed">
                {t('chat.sending')}
              </Text>
            </>
          )}
          {message.status === 'failed' && message.client_id && (
            <UnstyledButton
              onClick={() => chatClient.retry(message.room_id, message.client_id!)}
              data-testid="chat-retry"
              aria-label={t('chat.retry')}
            >
              <Group gap={4}>
                <IconAlertCircle size={14} color="var(--mantine-color-red-6)" />
                <Text size="xs" c="red">
                  {message.error || t('chat.failed')} · {t('chat.retry')}
                </Text>
                <IconRefresh size={12} color="var(--mantine-color-red-6)" />
              </Group>
            </UnstyledButton>
          )}
          {message.status === 'sent' && (
            <Text size="xs" c="dimmed">
              {formatChatTime(message.date, i18n.language)}
            </Text>
          )}
        </Group>
      </Box>
    </Group>
  );
}
