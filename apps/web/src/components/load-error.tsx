import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A query that failed: say so and offer to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle />}
      title={t('messages.errorTitle')}
      role="alert"
      maw={560}
      mx="auto"
      mt="xl"
    >
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry} w="fit-content">
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
