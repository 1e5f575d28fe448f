import { portalInviteResponseSchema, portalStatusResponseSchema } from '@medida/contracts';
import { apiRequest } from '../../lib/api.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';

/** Under the client's own key, so the client page's refresh covers it. */
export const portalStatusKey = (clientId: number) => ['clients', clientId, 'portal'] as const;

export const fetchPortalStatus = (clientId: number, signal?: AbortSignal) =>
  apiRequest(`/web/clients/${clientId}/portal`, { schema: portalStatusResponseSchema, signal }).then(
    (res) => res.portal,
  );

export const inviteToPortal = (clientId: number) => {
  const timeZone = browserTimeZone();
  return apiRequest(`/web/clients/${clientId}/invite`, {
    method: 'POST',
    body: timeZone ? { time_zone: timeZone } : {},
    schema: portalInviteResponseSchema,
  });
};
