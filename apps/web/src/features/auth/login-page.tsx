import { lazy, Suspense, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isEmail } from '@medida/contracts/constants';
import { PublicShell } from '../../components/public-shell.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { loadAllTexts } from '../../lib/i18n.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { usePrerenderHandoff } from '../../lib/prerender-handoff.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { paths } from '../../config/paths.ts';
import { PasskeyButton } from './passkey-button.tsx';

// The API calls and their response schemas (zod) are fetched once the page shows, not before it (issue 11).
const loadAuthApi = () => import('./auth-api.ts');
// The second step (decision 206) only for a user with a second factor, after the password.
const SecondFactorStep = lazy(() =>
  Promise.all([import('./second-factor-step.tsx'), loadAllTexts()]).then(([m]) => ({ default: m.SecondFactorStep })),
);
type SecondStep = { ticket: string; methods: ('totp' | 'passkey')[] };

type LoginValues = { email: string; password: string };

/**
 * The two fields in plain React state: @mantine/form (the other forms' tool) would add 6 kB of brotli to the
 * first screen for two inputs (issue 11, decision 108). Same props as `labelledField`: label, test id, value,
 * change handler, error; an error clears when its field changes, as Mantine's form does.
 */
function useLoginFields(prefill: string, t: (key: string) => string) {
  const [values, setValues] = useState<LoginValues>({ email: prefill, password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginValues, string>>>({});
  const field = (name: keyof LoginValues) => ({
    name,
    label: t(`fields.${name}`),
    'data-testid': `login-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });
  /** The values when both are valid; otherwise null, with the errors shown. */
  const validate = (): LoginValues | null => {
    const found = {
      email: isEmail(values.email) ? undefined : t('validation.email'),
      password: values.password ? undefined : t('validation.required'),
    };
    setErrors(found);
    return found.email || found.password ? null : values;
  };
  /** What the visitor typed into the prerendered form before the app took over (decision 163). */
  const adopt = (typed: Record<string, string>) =>
    setValues((current) => ({ email: typed.email ?? current.email, password: typed.password ?? current.password }));
  return { field, validate, adopt };
}

/**
 * Login's API module (and the schemas under it) loads when the visitor starts on the form (a focus, a tap) instead of
 * with the page, so a visit that only looks downloads what it shows (decision 215); submit awaits it either way.
 */
const prefetchAuthApi = () => {
  void loadAuthApi().catch(() => undefined); // a failure shows on submit
  void loadAllTexts(); // what comes next (the second step, the server's messages, the dashboard)
};

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const prefill = (location.state as { email?: string } | null)?.email ?? '';
  const { field, validate, adopt } = useLoginFields(prefill, t);
  const form = useRef<HTMLFormElement>(null);
  usePrerenderHandoff(form, adopt);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);

  const mutation = useMutation({
    mutationFn: async (body: { email: string; password: string }) => (await loadAuthApi()).login(body),
    // Storing the token is enough: the guard moves the user on and the session queries start. A user with a second
    // factor gets a ticket instead, and the second step.
    onSuccess: (answer) =>
      'token' in answer ? sessionStore.signIn(answer.token) : setSecondStep(answer.second_factor),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = validate();
    if (values) mutation.mutate({ email: values.email.trim(), password: values.password });
  };

  const error = mutation.error;
  const message =
    isApiError(error) && (error.status === 401 || error.code === 'invalid_credentials')
      ? t('auth.login.invalidCredentials')
      : error
        ? apiErrorMessage(error)
        : null;

  if (secondStep)
    return (
      <PublicShell title={t('auth.secondStep.title')} subtitle={t('auth.secondStep.subtitle')}>
        <Suspense fallback={null}>
          <SecondFactorStep
            ticket={secondStep.ticket}
            methods={secondStep.methods}
            onRestart={() => {
              mutation.reset();
              setSecondStep(null);
            }}
          />
        </Suspense>
      </PublicShell>
    );

  return (
    <PublicShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form
        ref={form}
        onSubmit={submit}
        onFocus={prefetchAuthApi}
        onPointerDown={prefetchAuthApi}
        noValidate
        data-testid="login-form"
        data-handoff
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
          <Button type="submit" size="md" loading={mutation.isPending} data-testid="login-submit" data-handoff>
            {t('auth.login.submit')}
          </Button>
          <Divider label={t('auth.passkey.or')} labelPosition="center" />
          <PasskeyButton
            label={t('auth.passkey.signIn')}
            start={(api) => api.signInWithPasskey()}
            testId="login-passkey"
          />
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
