import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog whose form sends an e-mail: the form (`children`) until it is sent, then what was sent and Close.
 * It opens above another dialog (the profile, a person's edit). The caller resets its form in `onClose`.
 */
export function MailSentModal({
  opened,
  onClose,
  title,
  testId,
  sentTestId,
  sent,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  sentTestId: string;
  /** What was sent, once it was; null shows the form. */
  sent: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      zIndex={300}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      attributes={{ content: { 'data-testid': testId } }}
    >
      {sent === null ? (
        children
      ) : (
        <Stack>
          <Alert color="teal" icon={<IconMailForward size={18} />} data-testid={sentTestId}>
            {sent}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('common.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
