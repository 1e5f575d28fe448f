import { useEffect } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isEmail } from '@medida/contracts/constants';
import { PublicShell } from '../../components/public-shell.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { paths } from '../../config/paths.ts';
import { labelledField } from '../../lib/form-field.ts';

// The API calls and their response schemas (zod) are fetched once the page shows, not before it (issue 11).
const loadAuthApi = () => import('./auth-api.ts');

export function LoginPage() {
  useEffect(() => void loadAuthApi().catch(() => undefined), []); // a failure shows on submit
  const { t } = useTranslation();
  const location = useLocation();
  const prefill = (location.state as { email?: string } | null)?.email ?? '';
  const form = useForm({
    initialValues: { email: prefill, password: '' },
    validate: {
      email: (value) => (isEmail(value) ? null : t('validation.email')),
      password: (value) => (value ? null : t('validation.required')),
    },
  });
  const field = labelledField(form, 'login', t);

  const mutation = useMutation({
    mutationFn: async (body: { email: string; password: string }) => (await loadAuthApi()).login(body),
    // Storing the token is enough: the guard moves the user on and the session queries start.
    onSuccess: ({ token }) => sessionStore.signIn(token),
  });

  const error = mutation.error;
  const message =
    isApiError(error) && (error.status === 401 || error.code === 'invalid_credentials')
      ? t('auth.login.invalidCredentials')
      : error
        ? apiErrorMessage(error)
        : null;

  return (
    <PublicShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form
        onSubmit={form.onSubmit((values) => mutation.mutate({ email: values.email.trim(), password: values.password }))}
        noValidate
        data-testid="login-form"
      >
        <Stack>
          {message && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="login-error">
              {message}
            </Alert>
          )}
          <TextInput {...field('email')} type="email" autoComplete="username" required />
          <PasswordInput {...field('password')} autoComplete="current-password" required />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm" data-testid="forgot-password-link">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" loading={mutation.isPending} data-testid="login-submit">
            {t('auth.login.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.login.noAccount')}{' '}
            <Anchor component={Link} to={paths.register} data-testid="register-link">
              {t('auth.login.register')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </PublicShell>
  );
}
