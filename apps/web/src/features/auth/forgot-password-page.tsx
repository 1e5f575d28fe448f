import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { emailSchema } from '@medida/contracts';
import { PublicShell } from '../../components/public-shell.tsx';
import { firstFieldErrors, isApiError } from '../../lib/api-error.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { requestPasswordReset } from './auth-api.ts';
import { paths } from '../../config/paths.ts';
import '../../styles/all.css';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    // Spec §5: a valid e-mail is needed for password reset.
    validate: { email: (value) => (emailSchema.safeParse(value).success ? null : t('validation.email')) },
  });
  const mutation = useMutation({
    mutationFn: (email: string) => requestPasswordReset(email),
    onSuccess: (_data, email) => {
      notifySuccess(t('messages.passwordResetTitle'), t('messages.passwordResetText'));
      setSentTo(email);
    },
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors) form.setErrors(firstFieldErrors(error.fieldErrors));
      else notifyApiError(error);
    },
  });

  return (
    <PublicShell title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      {sentTo ? (
        <Stack>
          <Alert
            color="teal"
            variant="light"
            icon={<IconMailCheck />}
            title={t('messages.passwordResetTitle')}
            data-testid="forgot-password-sent"
          >
            {t('auth.forgot.sent', { email: sentTo })}
          </Alert>
          <Anchor component={Link} to={paths.login}>
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      ) : (
        <form
          onSubmit={form.onSubmit(({ email }) => mutation.mutate(email.trim()))}
          noValidate
          data-testid="forgot-password-form"
        >
          <Stack>
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
              data-testid="forgot-password-email"
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={mutation.isPending} data-testid="forgot-password-submit">
              {t('auth.forgot.submit')}
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to={paths.login}>
                {t('auth.backToLogin')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </PublicShell>
  );
}
