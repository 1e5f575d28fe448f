import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description: string;
  children?: ReactNode;
  /** Off when the state sits inside a card that already has a border. */
  withBorder?: boolean;
}

/** What a screen will hold once its feature ships: honest, no invented data. */
export function EmptyState({ icon, title, description, children, withBorder = true }: EmptyStateProps) {
  return (
    <Paper withBorder={withBorder} radius="lg" p={withBorder ? { base: 'lg', sm: 'xl' } : 0} data-testid="empty-state">
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
