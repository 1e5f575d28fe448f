import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SecondFactorMethod } from '@medida/contracts/auth';
import { isApiError } from '../../lib/api-error.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { signInWithCode } from './auth-api.ts';
import { PasskeyButton } from './passkey-button.tsx';

/** The second step answered with one of the user's passkeys (decision 209). */
function PasskeyStepButton({ ticket }: { ticket: string }) {
  const { t } = useTranslation();
  return (
    <PasskeyButton
      label={t('auth.passkey.useInStep')}
      start={(api) => api.secondStepWithPasskey(ticket)}
      testId="second-factor-passkey"
    />
  );
}

export interface SecondFactorStepProps {
  /** The ticket the password step answered (5 minutes, single use; decision 206). */
  ticket: string;
  methods: SecondFactorMethod[];
  /** Back to the e-mail and password (an expired ticket, or "not you?"). */
  onRestart: () => void;
}

/**
 * The sign-in's second step: the authenticator's 6-digit code, or one of the recovery codes. Loaded only when a
 * password step answers `second_factor`, so the login's first screen does not grow (decision 108).
 *
 * A user with passkeys may answer with one instead (decision 209); a user whose only factor is a passkey sees only
 * that button.
 */
export function SecondFactorStep({ ticket, methods, onRestart }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(!methods.includes('totp'));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: signInWithCode,
    onSuccess: ({ token }) => sessionStore.signIn(token),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    const valid = recovery ? /^[0-9a-z-\s]{6,24}$/i.test(value) : /^\d{6}$/.test(value.replace(/\s/g, ''));
    if (!valid) {
      setFieldError(t(recovery ? 'auth.secondStep.recoveryInvalid' : 'auth.secondStep.codeInvalid'));
      return;
    }
    mutation.mutate({ ticket, code: recovery ? value : value.replace(/\s/g, '') });
  };

  const error = mutation.error;
  // Both are 401: the message key tells an expired ticket (start again) from a wrong code (type another).
  const message = !error
    ? null
    : isApiError(error) && error.status === 401
      ? t(error.key === 'errors.signInTicketInvalid' ? 'auth.secondStep.expired' : 'auth.secondStep.wrongCode')
      : apiErrorMessage(error);

  // A user whose only factor is a passkey has no code to type (recovery codes come with an authenticator app).
  if (!methods.includes('totp'))
    return (
      <Stack>
        <Text size="sm">{t('auth.passkey.stepHelp')}</Text>
        <PasskeyStepButton ticket={ticket} />
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onRestart} data-testid="second-factor-restart">
            {t('auth.secondStep.restart')}
          </Anchor>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={submit} noValidate data-testid="second-factor-form">
      <Stack>
        <Text size="sm">{t(recovery ? 'auth.secondStep.recoveryHelp' : 'auth.secondStep.codeHelp')}</Text>
        {message && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="second-factor-error">
            {message}
          </Alert>
        )}
        {methods.includes('totp') || recovery ? (
          <TextInput
            label={t(recovery ? 'auth.secondStep.recoveryLabel' : 'auth.secondStep.codeLabel')}
            value={code}
            error={fieldError}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setFieldError(undefined);
            }}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            maxLength={recovery ? 24 : 7}
            autoFocus
            required
            data-testid="second-factor-code"
          />
        ) : null}
        <Button type="submit" size="md" loading={mutation.isPending} data-testid="second-factor-submit">
          {t('auth.secondStep.submit')}
        </Button>
        {methods.includes('passkey') && <PasskeyStepButton ticket={ticket} />}
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery((r) => !r);
              setCode('');
              setFieldError(undefined);
              mutation.reset();
            }}
            data-testid="second-factor-toggle-recovery"
          >
            {t(recovery ? 'auth.secondStep.useCode' : 'auth.secondStep.useRecovery')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onRestart} data-testid="second-factor-restart">
            {t('auth.secondStep.restart')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
