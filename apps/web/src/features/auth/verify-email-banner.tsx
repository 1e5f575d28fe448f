import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { resendVerification } from './auth-api.ts';

/** Until a self-registered account opens its link it cannot create people (decision 017): say so, offer a new link. */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: ({ message }) => notifySuccess(t('auth.verifyBanner.sentTitle'), message),
    onError: notifyApiError,
  });
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailExclamation />}
      title={t('auth.verifyBanner.title')}
      mb="md"
      data-testid="verify-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          {t('auth.verifyBanner.text')}
        </Text>
        <Button
          size="xs"
          variant="light"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
          data-testid="verify-banner-resend"
        >
          {t('auth.verifyBanner.resend')}
        </Button>
      </Group>
    </Alert>
  );
}
