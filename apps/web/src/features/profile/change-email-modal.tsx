import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { MailSentModal } from '../../components/mail-sent-modal.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../lib/notify.ts';
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
    onError: (error) => showFormError(form.setErrors, error),
  });
  const close = () => {
    setSentTo(null);
    form.reset();
    onClose();
  };
  return (
    <MailSentModal
      opened={opened}
      onClose={close}
      title={t('profile.changeEmail.title')}
      testId="change-email-modal"
      sentTestId="change-email-sent"
      sent={sentTo === null ? null : t('profile.changeEmail.sent', { email: sentTo })}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => mutation.mutate({ email: values.email.trim(), password: values.password }))}
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
    </MailSentModal>
  );
}
