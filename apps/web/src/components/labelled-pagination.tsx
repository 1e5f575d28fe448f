import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's pagination with a name on every control (issue 15, accessibility): the arrows are icons only,
 * so a screen reader would announce "button" without saying where it goes.
 */
export function LabelledPagination(props: PaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      getControlProps={(control) => ({ 'aria-label': t(`common.pagination.${control}`) })}
      getItemProps={(page) => ({ 'aria-label': t('common.pagination.page', { page }) })}
      {...props}
    />
  );
}
