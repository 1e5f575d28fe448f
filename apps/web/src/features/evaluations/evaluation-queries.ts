import type { ListEvaluationsResponse } from '@medida/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionKeys, useSessionUser } from '../../lib/session.ts';
import { creditsSummaryKey } from '../credits/index.ts';
import { dashboardKeys } from '../dashboard/index.ts';
import {
  fetchEvaluation,
  fetchEvaluations,
  searchEvaluationClients,
  type EvaluationListFilters,
} from './evaluations-api.ts';

export const evaluationKeys = {
  all: ['evaluations'] as const,
  list: (userId: number, page: number, limit: number, filters: EvaluationListFilters) =>
    ['evaluations', 'list', userId, page, limit, filters] as const,
  /** One client's evaluations (the client section of the client page). */
  clientList: (userId: number, clientId: number, limit: number) =>
    ['evaluations', 'list', userId, 1, limit, 'client', clientId] as const,
  detail: (id: number) => ['evaluations', 'detail', id] as const,
  version: (id: number, version: number) => ['evaluations', 'detail', id, 'version', version] as const,
  clientSearch: (parentId: number, search: string) => ['evaluations', 'client-search', parentId, search] as const,
};

export function useEvaluationsList(page: number, limit: number, filters: EvaluationListFilters) {
  const user = useSessionUser().data;
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: evaluationKeys.list(user?.id ?? 0, page, limit, filters),
    queryFn: ({ signal }) => {
      // The next page continues from the previous one's cursor when we have it (keyset: as fast at page 500 as at 1).
      const previous =
        page > 1
          ? queryClient.getQueryData<ListEvaluationsResponse>(evaluationKeys.list(user!.id, page - 1, limit, filters))
          : undefined;
      return fetchEvaluations(
        {
          userId: user!.id,
          userType: user!.type,
          page,
          limit,
          filters,
          cursor: previous?.next_cursor ?? undefined,
        },
        signal,
      );
    },
    enabled: user !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useEvaluation(id: number | null) {
  return useQuery({
    queryKey: evaluationKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchEvaluation(id ?? 0, signal),
    enabled: id !== null && id > 0,
  });
}

/** One earlier version of an evaluation (versions never change: cached for good). */
export function useEvaluationVersion(id: number, version: number | null) {
  return useQuery({
    queryKey: evaluationKeys.version(id, version ?? 0),
    queryFn: ({ signal }) => fetchEvaluation(id, signal, version ?? undefined),
    enabled: id > 0 && version !== null && version > 0,
    staleTime: Infinity,
  });
}

/** The wizard's client search; `search` is already debounced by the caller (800 ms, spec §7). */
export function useClientSearch(search: string, enabled: boolean) {
  const user = useSessionUser().data;
  return useQuery({
    queryKey: evaluationKeys.clientSearch(user?.id ?? 0, search.trim()),
    queryFn: ({ signal }) => searchEvaluationClients(user!.id, search, signal),
    enabled: enabled && user !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** After a create, delete or send: lists, details and the evaluator's credit balance. */
export function useRefreshEvaluations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.profiles() }),
      queryClient.invalidateQueries({ queryKey: creditsSummaryKey }),
      // The dashboard's figures come from the evaluations too.
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    ]);
}
