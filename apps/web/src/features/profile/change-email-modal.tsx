import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../components/password-field.tsx';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { firstFieldErrors, isApiError } from '../../lib/api-error.ts';
import { notifyApiError } from '../../lib/notify.ts';
import { changeOwnEmail } from './account-api.ts';

/**
 * "Change e-mail" from the profile (issue 12, decision 018): the new address and the current password.
 * Nothing changes yet: a link goes to the new address and the login moves when it is opened.
 */
export function ChangeEmailModal({
  opened,
  onClose,
  currentEmail,
}: {
  opened: boolean;
  onClose: () => void;
  currentEmail: string;
}) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t('validation.email')),
      password: (v) => (v === '' ? t('validation.required') : null),
    },
  });
  const mutation = useMutation({
    mutationFn: changeOwnEmail,
    onSuccess: (_data, body) => {
      setSentTo(body.email.trim());
      form.reset();
    },
    onError: (error) => {
      const fields = isApiError(error) ? firstFieldErrors(error.fieldErrors) : {};
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else notifyApiError(error);
    },
  });
  const close = () => {
    setSentTo(null);
    form.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('profile.changeEmail.title')}
      zIndex={300}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      attributes={{ content: { 'data-testid': 'change-email-modal' } }}
    >
      {sentTo ? (
        <Stack>
          <Alert color="teal" icon={<IconMailForward size={18} />} data-testid="change-email-sent">
            {t('profile.changeEmail.sent', { email: sentTo })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            mutation.mutate({ email: values.email.trim(), password: values.password }),
          )}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              {t('profile.changeEmail.intro', { email: currentEmail })}
            </Text>
            <TextInput
              type="email"
              label={t('profile.changeEmail.newEmail')}
              autoComplete="email"
              data-testid="change-email-new"
              {...form.getInputProps('email')}
            />
            <PasswordField
              label={t('profile.changeEmail.password')}
              autoComplete="current-password"
              data-testid="change-email-password"
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending} data-testid="change-email-submit">
                {t('profile.changeEmail.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
