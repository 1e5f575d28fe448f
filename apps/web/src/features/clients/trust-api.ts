import { auditTrailResponseSchema, consentResponseSchema } from '@medida/contracts';
import { apiRequest } from '../../lib/api.ts';

export const trustKeys = {
  /** Everything the client page reads about one client's consent and audit trail. */
  client: (clientId: number) => ['clients', clientId] as const,
  consent: (clientId: number) => [...trustKeys.client(clientId), 'consent'] as const,
  audit: (clientId: number) => [...trustKeys.client(clientId), 'audit'] as const,
};

export const fetchConsent = (clientId: number, signal?: AbortSignal) =>
  apiRequest(`/web/clients/${clientId}/consent`, { schema: consentResponseSchema, signal });

export const withdrawConsent = (clientId: number) =>
  apiRequest(`/web/clients/${clientId}/consent/withdraw`, { method: 'POST', schema: consentResponseSchema });

export const fetchAuditTrail = (clientId: number, skip: number, signal?: AbortSignal) =>
  apiRequest(`/web/clients/${clientId}/audit`, {
    query: { limit: 20, skip },
    schema: auditTrailResponseSchema,
    signal,
  });
