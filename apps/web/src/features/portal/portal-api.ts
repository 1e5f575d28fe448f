import {
  portalEvaluationsResponseSchema,
  portalInviteResponseSchema,
  portalProfessionalResponseSchema,
  portalStatusResponseSchema,
} from '@medida/contracts';
import { apiRequest } from '../../lib/api.ts';

export const portalKeys = {
  evaluations: ['portal', 'evaluations'] as const,
  professional: ['portal', 'professional'] as const,
  /** Under the client's own key, so the client page's refresh covers it. */
  status: (clientId: number) => ['clients', clientId, 'portal'] as const,
};

export const fetchPortalEvaluations = (signal?: AbortSignal) =>
  apiRequest('/web/portal/evaluations', { schema: portalEvaluationsResponseSchema, signal }).then(
    (res) => res.evaluations,
  );

export const fetchMyProfessional = (signal?: AbortSignal) =>
  apiRequest('/web/portal/professional', { schema: portalProfessionalResponseSchema, signal }).then(
    (res) => res.professional,
  );

export const fetchPortalStatus = (clientId: number, signal?: AbortSignal) =>
  apiRequest(`/web/clients/${clientId}/portal`, { schema: portalStatusResponseSchema, signal }).then(
    (res) => res.portal,
  );

/** The browser's IANA zone: the invitation e-mail gives the link's expiry in it (decision 132). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export const inviteToPortal = (clientId: number) => {
  const timeZone = browserTimeZone();
  return apiRequest(`/web/clients/${clientId}/invite`, {
    method: 'POST',
    body: timeZone ? { time_zone: timeZone } : {},
    schema: portalInviteResponseSchema,
  });
};
