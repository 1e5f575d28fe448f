import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import { paths } from '../config/paths.ts';

interface PublicShellProps {
  title: string;
  subtitle?: ReactNode;
  /** Wider pages (registration, policies) use 'md'. */
  size?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

/** The frame of the public pages: logo, language switcher, one card, footer links. */
export function PublicShell({ title, subtitle, size = 'xs', children }: PublicShellProps) {
  const { t } = useTranslation();
  const width = { xs: 440, sm: 560, md: 760 }[size];
  return (
    <Box
      mih="100vh"
      py={{ base: 'md', sm: 40 }}
      px="md"
      style={{ background: 'linear-gradient(160deg, var(--mantine-color-medida-0), var(--mantine-color-gray-0) 55%)' }}
    >
      <Container size={width} p={0}>
        <Group justify="space-between" mb="lg">
          <Anchor component={Link} to={paths.login} underline="never" aria-label={t('nav.home')}>
            <Logo />
          </Anchor>
          <LanguageSwitcher />
        </Group>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }} component="main">
          <Stack gap={4} mb="lg">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          {children}
        </Paper>
        <Group justify="center" gap="lg" mt="lg">
          <Anchor component={Link} to={paths.politicas} size="sm" c="dimmed">
            {t('legal.linkText')}
          </Anchor>
          <Text size="sm" c="dimmed">
            © Medida
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
