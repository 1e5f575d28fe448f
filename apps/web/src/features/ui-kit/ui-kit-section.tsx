import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

export function UiKitSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} mb="lg" component="section">
      <Stack gap="md">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
