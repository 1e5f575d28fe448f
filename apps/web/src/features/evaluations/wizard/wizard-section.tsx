import type { ReactNode } from 'react';
import { Fieldset, Text } from '@mantine/core';

/** One titled block of step 2 (measurements, lifestyle, Rockport, clinical data, exams). */
export function WizardSection({
  legend,
  hint,
  children,
  testId,
}: {
  legend: string;
  hint?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Fieldset legend={legend} radius="md" data-testid={testId}>
      {hint && (
        <Text size="xs" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      {children}
    </Fieldset>
  );
}
