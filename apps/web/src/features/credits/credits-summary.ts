import { useQuery } from '@tanstack/react-query';
import type { CreditsSummary } from '@medida/contracts';
import { fetchCreditsSummary } from './credits-api.ts';

export const creditsSummaryKey = ['credits', 'summary'] as const;

/**
 * GET /web/creditos: the professional's balance and what a new evaluation costs (read fresh on every mount,
 * unless `refetchOnMount` is false: a part of a screen that already asked, the dashboard's counts card).
 */
export function useCreditsSummary(enabled = true, refetchOnMount = true) {
  return useQuery({
    queryKey: creditsSummaryKey,
    queryFn: ({ signal }) => fetchCreditsSummary(signal),
    enabled,
    staleTime: 0,
    refetchOnMount,
  });
}

/** The wizard refuses to start when an evaluation costs more than the balance (charging off: never). */
export function canAffordEvaluation(summary: Pick<CreditsSummary, 'creditos' | 'evaluation_cost'>): boolean {
  return summary.evaluation_cost === 0 || summary.creditos >= summary.evaluation_cost;
}
