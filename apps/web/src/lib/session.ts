import { useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { sessionStore } from './session-store.ts';

// The signed-in session, shared by every feature: who is signed in, their profile, and signing out.
// The shell imports this module, so the response schemas (and zod) load with the first signed-in request
// instead of with the login page (issue 11).
const authContracts = () => import('@medida/contracts/auth');
const errorContracts = () => import('@medida/contracts/errors');

// Signed in at start-up: fetch the schemas while the language loads, not after (one round trip less).
if (sessionStore.getToken()) void authContracts().catch(() => undefined); // a failure shows on the query

const fetchSessionUser = async (signal?: AbortSignal) =>
  apiRequest('/web/authenticate/user', { schema: (await authContracts()).authenticatedUserResponseSchema, signal });

const fetchProfile = async (idUsuario: number, signal?: AbortSignal) =>
  apiRequest('/web/datosusuario', {
    query: { id_usuario: idUsuario },
    schema: (await authContracts()).datosUsuarioResponseSchema,
    signal,
  });

const logout = async () =>
  apiRequest('/web/logout', {
    method: 'POST',
    body: {},
    schema: (await errorContracts()).okSchema,
    endsSessionOnAuthError: false,
  });

export const sessionKeys = {
  users: () => ['session', 'user'] as const,
  user: (token: string | null) => [...sessionKeys.users(), token] as const,
  profiles: () => ['session', 'profile'] as const,
  profile: (id: number | undefined) => [...sessionKeys.profiles(), id] as const,
};

/** The stored token, re-rendering when it changes (login, logout, a 401, another tab). */
export function useToken(): string | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getToken, () => null);
}

/** GET /web/authenticate/user: id, type and cambia_pass of the signed-in user. */
export function useSessionUser() {
  const token = useToken();
  return useQuery({
    queryKey: sessionKeys.user(token),
    queryFn: ({ signal }) => fetchSessionUser(signal).then((res) => res.user),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

/** GET /web/datosusuario: the profile record, country name and account level. */
export function useProfile() {
  const user = useSessionUser().data;
  return useQuery({
    queryKey: sessionKeys.profile(user?.id),
    queryFn: ({ signal }) => fetchProfile(user?.id ?? 0, signal),
    // With a temporary password the server answers only the change (403 otherwise, issue 10 item 9).
    // Nor before a second factor its account requires is set up (decision 208).
    enabled: user !== undefined && user.cambia_pass !== 1 && !user.second_factor_required,
    staleTime: 5 * 60_000,
  });
}

/** POST /web/logout, then forget the token whatever the answer (the user asked to leave). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      sessionStore.signOut();
      queryClient.clear();
    },
  });
}
