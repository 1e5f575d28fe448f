import { listadoPerfilResponseSchema, type IngresoPerfilBody, type UnitSystem } from '@medida/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';

/** GET /web/listadoperfil: the signed-in user's own record, with its language and units. */
export const ownProfileKeys = { own: ['profile', 'own'] as const };

export const fetchOwnProfile = (signal?: AbortSignal) =>
  apiRequest('/web/listadoperfil', { schema: listadoPerfilResponseSchema, signal }).then((r) => r.data);

export const saveOwnProfile = (body: IngresoPerfilBody) =>
  apiRequest('/web/ingresoperfil', { method: 'POST', body, schema: listadoPerfilResponseSchema }).then((r) => r.data);

export function useOwnProfile() {
  return useQuery({ queryKey: ownProfileKeys.own, queryFn: ({ signal }) => fetchOwnProfile(signal) });
}

/** The units the user types weights and lengths in; metric until the profile has loaded. */
export function useMeasurementUnits(): UnitSystem {
  return useOwnProfile().data?.units ?? 'metric';
}
