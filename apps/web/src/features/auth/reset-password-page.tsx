import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLinkOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorCode } from '@medida/contracts';
import { PublicShell } from '../../components/public-shell.tsx';
import { firstFieldErrors, isApiError } from '../../lib/api-error.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { confirmPasswordReset } from './auth-api.ts';
import { NewPasswordFields, newPasswordValidation } from './new-password-fields.tsx';
import { isInvitationHash, tokenFromHash } from './reset-token.ts';
import { paths } from '../../config/paths.ts';
import { sessionStore } from '../../lib/session-store.ts';
import '../../styles/all.css';

function InvalidLink({ invitation }: { invitation: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert
        color="orange"
        variant="light"
        icon={<IconLinkOff />}
        title={t('auth.reset.invalidTitle')}
        data-testid="reset-password-invalid"
        role="alert"
      >
        {t(invitation ? 'portal.setPassword.invalidText' : 'auth.reset.invalidText')}
      </Alert>
      <Button component={Link} to={paths.forgotPassword} variant="light" data-testid="reset-password-request-new">
        {t('auth.reset.requestNew')}
      </Button>
    </Stack>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const token = tokenFromHash(hash);
  // A portal invitation's link (decision 132): the client's first password, not a reset.
  const invitation = isInvitationHash(hash);
  const [expired, setExpired] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: newPasswordValidation(t),
  });
  const mutation = useMutation({
    mutationFn: (password: string) => confirmPasswordReset({ token: token ?? '', password }),
    onSuccess: ({ token: session }) => {
      // An accepted invitation signs in, as registration's link does (decision 186); a reset goes to Login.
      if (session) {
        notifySuccess(t('portal.setPassword.welcomeTitle'), t('portal.setPassword.welcomeText'));
        sessionStore.signIn(session);
        return void navigate(paths.dashboard, { replace: true });
      }
      notifySuccess(t('messages.okChangePassTitle'), t('messages.okChangePassText'));
      void navigate(paths.login, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && (error.code === ErrorCode.resetTokenInvalid || error.status === 410))
        return setExpired(true);
      if (isApiError(error) && error.fieldErrors) {
        const errors = firstFieldErrors(error.fieldErrors);
        if (errors.token) return setExpired(true);
        return form.setErrors(errors);
      }
      notifyApiError(error);
    },
  });

  return (
    <PublicShell
      title={t(invitation ? 'portal.setPassword.title' : 'auth.reset.title')}
      subtitle={token && !expired ? t(invitation ? 'portal.setPassword.subtitle' : 'auth.reset.subtitle') : undefined}
    >
      {!token || expired ? (
        <InvalidLink invitation={invitation} />
      ) : (
        <form
          onSubmit={form.onSubmit(({ password }) => mutation.mutate(password))}
          noValidate
          data-testid="reset-password-form"
        >
          <Stack>
            <NewPasswordFields form={form} testId="reset-password" />
            <Button type="submit" loading={mutation.isPending} data-testid="reset-password-submit">
              {t(invitation ? 'portal.setPassword.submit' : 'auth.reset.submit')}
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
