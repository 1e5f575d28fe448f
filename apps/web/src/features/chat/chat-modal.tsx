import { Box, Modal, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessages, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

function Pane({ icon, title, text, testId }: { icon: React.ReactNode; title: string; text: string; testId: string }) {
  return (
    <Box p="lg" data-testid={testId}>
      <Stack align="center" ta="center" gap="xs" py="xl">
        <ThemeIcon size={48} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Box>
  );
}

/** The two-pane chat (spec §2): rooms on the left, the conversation on the right. Empty until chat ships. */
export function ChatModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('chat.title')}
      size="xl"
      attributes={{ content: { 'data-testid': 'chat-modal' } }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing={0}
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Pane
          icon={<IconUsersGroup size={26} />}
          title={t('chat.roomsTitle')}
          text={t('chat.roomsEmpty')}
          testId="chat-rooms"
        />
        <Box style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}>
          <Pane
            icon={<IconMessages size={26} />}
            title={t('chat.conversationTitle')}
            text={t('chat.conversationEmpty')}
            testId="chat-conversation"
          />
        </Box>
      </SimpleGrid>
    </Modal>
  );
}
