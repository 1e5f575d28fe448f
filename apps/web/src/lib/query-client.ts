import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

/**
 * Queries retry only transient failures (network, timeout, 5xx) once; a 4xx will not change on retry.
 * `onQueryError` is wired by the app to show the translated toast.
 */
export function createQueryClient(onQueryError: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onQueryError }),
    mutationCache: new MutationCache(),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (!isApiError(error)) return false;
          const transient = error.kind === 'network' || error.status >= 500;
          return transient && failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
