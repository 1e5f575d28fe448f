import { useQuery } from '@tanstack/react-query';
import { countriesResponseSchema } from '@medida/contracts';
import { apiRequest } from './api.ts';

// The country list, shared by registration (public) and the people forms: one call, one cache entry.

export const countryKeys = {
  all: ['countries'] as const,
};

/** GET /web/countries is public, so a 401 here never ends the session. */
export const fetchCountries = (signal?: AbortSignal) =>
  apiRequest('/web/countries', { schema: countriesResponseSchema, signal, endsSessionOnAuthError: false });

/** Reference data hardly changes: fetched once per session. */
export function useCountries() {
  return useQuery({
    queryKey: countryKeys.all,
    queryFn: ({ signal }) => fetchCountries(signal),
    staleTime: Infinity,
    gcTime: 60 * 60_000,
  });
}
