import { Skeleton, Stack } from '@mantine/core';

/** Row-sized placeholders while a list's first page loads. */
export function ListSkeleton({ testId, rows = 5 }: { testId: string; rows?: number }) {
  return (
    <Stack gap="sm" data-testid={testId} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={52} radius="md" />
      ))}
    </Stack>
  );
}
