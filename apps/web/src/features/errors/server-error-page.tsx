import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from '../../components/public-shell.tsx';
import { paths } from '../../config/paths.ts';

/** /pages/500, and what a crashed screen falls back to. */
export function ServerErrorPage({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <PublicShell title={t('errorPages.serverErrorTitle')}>
      <Stack data-testid="server-error">
        <Text size="64px" fw={800} c="orange.3" lh={1} aria-hidden="true">
          500
        </Text>
        <Text>{t('errorPages.serverErrorText')}</Text>
        <Group>
          <Button onClick={onRetry ?? (() => window.location.reload())}>{t('common.retry')}</Button>
          <Button component={Link} to={paths.root} variant="default">
            {t('errorPages.goHome')}
          </Button>
        </Group>
      </Stack>
    </PublicShell>
  );
}
