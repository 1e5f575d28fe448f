import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PublicShell } from '../../components/public-shell.tsx';
import { apiErrorMessage } from '../../lib/notify.ts';
import { paths } from '../../config/paths.ts';
import { confirmEmailChange } from './auth-api.ts';
import { tokenFromHash } from './reset-token.ts';
import '../../styles/all.css';

function ToLogin() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={paths.login} variant="light" data-testid="confirm-email-login">
      {t('auth.confirmEmail.toLogin')}
    </Button>
  );
}

/**
 * Target of the link mailed to a new login address (issue 10 item 3): confirms the change once, then
 * sends the user to log in with the new address. The token travels in the fragment, never in a URL the
 * server logs, and is wiped from the address bar as soon as it has been read.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash, pathname, search } = useLocation();
  // Read once: the hash is cleared right after, and the token must survive that re-render.
  const [token] = useState(() => tokenFromHash(hash));
  const sent = useRef(false);
  const mutation = useMutation({ mutationFn: confirmEmailChange });
  const { mutate } = mutation;

  useEffect(() => {
    if (hash) void navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);

  useEffect(() => {
    // A token is single-use: one request even when effects run twice (React StrictMode).
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <PublicShell title={t('auth.confirmEmail.title')}>
      <Stack data-testid="confirm-email">
        {!token ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconLinkOff />}
            title={t('auth.confirmEmail.failedTitle')}
            data-testid="confirm-email-error"
            role="alert"
          >
            {t('auth.confirmEmail.noToken')}
          </Alert>
        ) : mutation.isSuccess ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck />}
            title={t('auth.confirmEmail.successTitle')}
            data-testid="confirm-email-success"
            role="status"
          >
            {t('auth.confirmEmail.successText')}
          </Alert>
        ) : mutation.isError ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconLinkOff />}
            title={t('auth.confirmEmail.failedTitle')}
            data-testid="confirm-email-error"
            role="alert"
          >
            {apiErrorMessage(mutation.error)}
          </Alert>
        ) : (
          <Group gap="sm" data-testid="confirm-email-loading" role="status" aria-live="polite">
            <Loader size="sm" />
            <Text>{t('auth.confirmEmail.loading')}</Text>
          </Group>
        )}
        <ToLogin />
      </Stack>
    </PublicShell>
  );
}
