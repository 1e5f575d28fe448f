import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from '../../components/public-shell.tsx';
import { paths } from '../../config/paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PublicShell title={t('errorPages.notFoundTitle')}>
      <Stack data-testid="not-found">
        <Text size="64px" fw={800} c="medida.2" lh={1} aria-hidden="true">
          404
        </Text>
        <Text>{t('errorPages.notFoundText')}</Text>
        <Button component={Link} to={paths.root} w="fit-content">
          {t('errorPages.goHome')}
        </Button>
      </Stack>
    </PublicShell>
  );
}
