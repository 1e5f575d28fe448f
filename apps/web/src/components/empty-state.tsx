import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description: string;
  children?: ReactNode;
}

/** What a screen will hold once its feature ships: honest, no invented data. */
export function EmptyState({ icon, title, description, children }: EmptyStateProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="empty-state">
      <Stack align="center" gap="sm" ta="center" maw={560} mx="auto" py="lg">
        <ThemeIcon size={64} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={3}>{title}</Title>
        <Text c="dimmed">{description}</Text>
        {children}
      </Stack>
    </Paper>
  );
}
