import { Group, Select, Text } from '@mantine/core';
import { LabelledPagination } from './labelled-pagination.tsx';

const PAGE_SIZES = ['10', '20', '50'];

interface ListPagerProps {
  page: number;
  pages: number;
  limit: number;
  total: number;
  /** The "from–to of total" line. */
  rangeLabel: (range: { from: number; to: number; total: number }) => string;
  pageSizeLabel: string;
  onPageChange: (page: number) => void;
  /** A new page size; the pager then goes back to page 1. */
  onLimitChange: (limit: number) => void;
  disabled?: boolean;
  /** Prefix of the test ids: `<testId>-range`, `<testId>-page-size`, `<testId>-pagination`. */
  testId: string;
}

/** Under a paged list: where we are, the page size (10, 20, 50) and the page buttons. */
export function ListPager({
  page,
  pages,
  limit,
  total,
  rangeLabel,
  pageSizeLabel,
  onPageChange,
  onLimitChange,
  disabled,
  testId,
}: ListPagerProps) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" data-testid={`${testId}-range`}>
        {rangeLabel({ from: (page - 1) * limit + 1, to: Math.min(page * limit, total), total })}
      </Text>
      <Group gap="sm">
        <Select
          data={PAGE_SIZES}
          value={String(limit)}
          onChange={(value) => {
            onLimitChange(Number(value ?? 20));
            onPageChange(1);
          }}
          allowDeselect={false}
          disabled={disabled}
          w={80}
          aria-label={pageSizeLabel}
          data-testid={`${testId}-page-size`}
        />
        <LabelledPagination
          total={pages}
          value={page}
          onChange={onPageChange}
          disabled={disabled}
          size="sm"
          data-testid={`${testId}-pagination`}
        />
      </Group>
    </Group>
  );
}
