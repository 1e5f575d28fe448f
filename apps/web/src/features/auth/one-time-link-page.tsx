import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PublicShell } from '../../components/public-shell.tsx';
import { apiErrorMessage } from '../../lib/notify.ts';
import { paths } from '../../config/paths.ts';
import { tokenFromHash } from './reset-token.ts';
import '../../styles/all.css';

/**
 * The page a one-time link mailed by the server opens (new e-mail confirmation, unlock after a lockout,
 * account verification). The token travels in the fragment, never in a URL the server logs; it is read
 * once, wiped from the address bar, and posted exactly once without any button: the link itself is the
 * user's action, and a second automatic post (React StrictMode) would turn a success into a refusal.
 * Texts come from `<i18nKey>.{title,loading,successTitle,successText,failedTitle,noToken,toLogin}`.
 */
export function OneTimeLinkPage<T>(props: {
  i18nKey: string;
  testId: string;
  post: (token: string) => Promise<T>;
  onSuccess?: (result: T) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash, pathname, search } = useLocation();
  // Read once: the hash is cleared right after, and the token must survive that re-render.
  const [token] = useState(() => tokenFromHash(hash));
  const sent = useRef(false);
  const mutation = useMutation({ mutationFn: props.post, onSuccess: props.onSuccess });
  const { mutate } = mutation;
  const { i18nKey, testId } = props;

  useEffect(() => {
    if (hash) void navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const failed = (text: string) => (
    <Alert
      color="orange"
      variant="light"
      icon={<IconLinkOff />}
      title={t(`${i18nKey}.failedTitle`)}
      data-testid={`${testId}-error`}
      role="alert"
    >
      {text}
    </Alert>
  );

  return (
    <PublicShell title={t(`${i18nKey}.title`)}>
      <Stack data-testid={testId}>
        {!token ? (
          failed(t(`${i18nKey}.noToken`))
        ) : mutation.isSuccess ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck />}
            title={t(`${i18nKey}.successTitle`)}
            data-testid={`${testId}-success`}
            role="status"
          >
            {t(`${i18nKey}.successText`)}
          </Alert>
        ) : mutation.isError ? (
          failed(apiErrorMessage(mutation.error))
        ) : (
          <Group gap="sm" data-testid={`${testId}-loading`} role="status" aria-live="polite">
            <Loader size="sm" />
            <Text>{t(`${i18nKey}.loading`)}</Text>
          </Group>
        )}
        <Button component={Link} to={paths.login} variant="light" data-testid={`${testId}-login`}>
          {t(`${i18nKey}.toLogin`)}
        </Button>
      </Stack>
    </PublicShell>
  );
}
