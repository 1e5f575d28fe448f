import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

/** A read-only field: small caps label over its value, a dash when empty. */
export function LabeledValue({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </Stack>
  );
}
