import { portalEvaluationsResponseSchema, portalProfessionalResponseSchema } from '@medida/contracts';
import { apiRequest } from '../../lib/api.ts';

export const portalKeys = {
  evaluations: ['portal', 'evaluations'] as const,
  professional: ['portal', 'professional'] as const,
};

export const fetchPortalEvaluations = (signal?: AbortSignal) =>
  apiRequest('/web/portal/evaluations', { schema: portalEvaluationsResponseSchema, signal }).then(
    (res) => res.evaluations,
  );

export const fetchMyProfessional = (signal?: AbortSignal) =>
  apiRequest('/web/portal/professional', { schema: portalProfessionalResponseSchema, signal }).then(
    (res) => res.professional,
  );
