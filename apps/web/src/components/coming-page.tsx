import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { PageHeader } from './page-header.tsx';

interface ComingPageProps {
  title: string;
  description: string;
  icon: ReactNode;
  emptyTitle: string;
  emptyText: string;
  children?: ReactNode;
}

/** A screen whose feature ships in a later issue: the real frame and what will be there. */
export function ComingPage({ title, description, icon, emptyTitle, emptyText, children }: ComingPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState icon={icon} title={emptyTitle} description={emptyText}>
        {children}
      </EmptyState>
    </>
  );
}
