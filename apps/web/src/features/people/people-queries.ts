import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionKeys, useProfile, useSessionUser } from '../../lib/session.ts';
import {
  fetchCities,
  fetchClients,
  fetchCompanies,
  fetchEvaluators,
  fetchManagedUser,
  fetchStates,
  type ClientsPageQuery,
} from './people-api.ts';

export const peopleKeys = {
  all: ['people'] as const,
  clients: (q: ClientsPageQuery) => ['people', 'clients', q.parentId, q.limit, q.skip, q.search] as const,
  evaluators: (parentId: number) => ['people', 'evaluators', parentId] as const,
  user: (id: number) => ['people', 'user', id] as const,
};

/** Reference lists behind the location and company pickers (not under `people`: saving a person keeps them). */
const referenceKeys = {
  states: (countryId: number | null) => ['states', countryId] as const,
  cities: (stateId: number | null) => ['cities', stateId] as const,
  companies: ['companies'] as const,
};

/** Reference data hardly changes: fetched once per session. */
const REFERENCE = { staleTime: Infinity, gcTime: 60 * 60_000 } as const;

/** The signed-in professional: id (parent of the people they create), home country and credit balance. */
export function useActingUser() {
  const user = useSessionUser().data;
  const profile = useProfile();
  return {
    id: user?.id,
    paisId: profile.data?.datos.pais_id ?? null,
    creditos: profile.data?.datos.creditos,
    profileLoading: profile.isLoading,
  };
}

export function useClientsPage(q: Omit<ClientsPageQuery, 'parentId'>) {
  const { id } = useActingUser();
  const query = { ...q, parentId: id ?? 0 };
  return useQuery({
    queryKey: peopleKeys.clients(query),
    queryFn: ({ signal }) => fetchClients(query, signal),
    enabled: id !== undefined,
    // Paging and searching keep the previous rows on screen (dimmed) until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useEvaluators() {
  const { id } = useActingUser();
  return useQuery({
    queryKey: peopleKeys.evaluators(id ?? 0),
    queryFn: ({ signal }) => fetchEvaluators(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useManagedUser(id: number | null) {
  return useQuery({
    queryKey: peopleKeys.user(id ?? 0),
    queryFn: ({ signal }) => fetchManagedUser(id ?? 0, signal),
    enabled: id !== null && id > 0,
  });
}

export function useStates(countryId: number | null) {
  return useQuery({
    queryKey: referenceKeys.states(countryId),
    queryFn: ({ signal }) => fetchStates(countryId ?? 0, signal),
    enabled: countryId !== null,
    ...REFERENCE,
  });
}

export function useCities(stateId: number | null) {
  return useQuery({
    queryKey: referenceKeys.cities(stateId),
    queryFn: ({ signal }) => fetchCities(stateId ?? 0, signal),
    enabled: stateId !== null,
    ...REFERENCE,
  });
}

export function useCompanies() {
  return useQuery({ queryKey: referenceKeys.companies, queryFn: ({ signal }) => fetchCompanies(signal), ...REFERENCE });
}

/** After any change to a person: lists, details and the acting user's balance (credits move with deletes too). */
export function useRefreshPeople() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.profiles() }),
    ]);
}
