import { Group, Text } from '@mantine/core';

/** The wordmark: a drawn "M" (a measuring tape's zig-zag) and the product name. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap" role="img" aria-label="Medida">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-medida-7)" />
        <path
          d="M8 22V10l8 7 8-7v12"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text fw={700} fz={size * 0.7} c="medida.8" aria-hidden="true">
        Medida
      </Text>
    </Group>
  );
}
