import { useTranslation } from 'react-i18next';
import { ListPager } from '../../components/list-pager.tsx';

/** The pager under a console list: where we are, rows per page, pages. */
export function OperatorPager(p: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (p.total === 0) return null;
  return (
    <ListPager
      page={p.page}
      pages={Math.max(1, Math.ceil(p.total / p.limit))}
      limit={p.limit}
      total={p.total}
      rangeLabel={(range) => t('people.range', range)}
      pageSizeLabel={t('people.pageSize')}
      onPageChange={p.onPage}
      onLimitChange={p.onLimit}
      testId={p.testId}
    />
  );
}
