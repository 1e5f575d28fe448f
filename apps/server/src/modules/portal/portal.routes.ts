import {
  clientIdParamsSchema,
  errorEnvelopeSchema,
  portalInviteBodySchema,
  portalInviteResponseSchema,
  portalEvaluationsResponseSchema,
  portalProfessionalResponseSchema,
  USER_TYPE,
  portalStatusResponseSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { forbidden } from '../../lib/app-error.ts';
import { audited, auditTargetOf, paramField } from '../../lib/audit-route.ts';
import { translate } from '../../lib/i18n.ts';
import { createPortalService } from './portal.service.ts';

const tags = ['people'];
const errors = { 404: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema };

/** The client portal: the invitation (professionals) and the client's view of its professional (decision 132). */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  const portal = createPortalService(app.deps);

  app.post(
    '/web/clients/:id/invite',
    audited(
      protectedRoute('professional', {
        tags,
        summary:
          'E-mail the client an invitation to the client portal: a one-time link (7 days) to choose its password; replaces earlier links',
        params: clientIdParamsSchema,
        body: portalInviteBodySchema,
        response: { 200: portalInviteResponseSchema, ...errors },
      }),
      { action: 'email', resource: 'portal_invitation', target: (r) => auditTargetOf('client')(paramField(r, 'id')) },
    ),
    async (request) => ({
      message: translate(request.lang, 'messages.portalInvited'),
      data: await portal.invite({
        actorId: authOf(request).userId,
        clientId: request.params.id,
        timeZone: request.body.time_zone,
      }),
    }),
  );

  app.get(
    '/web/clients/:id/portal',
    protectedRoute('professional', {
      tags,
      summary: "The client's portal access: never invited, invited (with the link's expiry) or active",
      params: clientIdParamsSchema,
      response: { 200: portalStatusResponseSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
    }),
    async (request) => ({ portal: await portal.status(authOf(request).userId, request.params.id) }),
  );

  app.get(
    '/web/portal/professional',
    protectedRoute(
      'any',
      {
        tags,
        summary: "The signed-in user's own professional (its parent account): name and contact, or null",
        response: { 200: portalProfessionalResponseSchema },
      },
      // Users only, tracked by the account data version (decision 218).
      { responseCache: true },
    ),
    async (request) => ({ professional: await portal.professionalOf(authOf(request).userId) }),
  );

  app.get(
    '/web/portal/evaluations',
    audited(
      protectedRoute(
        'any',
        {
          tags,
          summary: "The signed-in client's own evaluations as timeline cards (clients only; professionals 403)",
          response: { 200: portalEvaluationsResponseSchema, 403: errorEnvelopeSchema },
        },
        // Evaluations, their versions and users, tracked by the account data version (decision 218).
        { responseCache: true },
      ),
      // Like one client's evaluation list on the professional side: a read of the client's record.
      { action: 'read', resource: 'evaluation_list', target: (r) => auditTargetOf('client')(r.auth?.userId) },
    ),
    async (request) => {
      const { userId, userType } = authOf(request);
      if (userType !== USER_TYPE.client) throw forbidden();
      return { evaluations: await portal.ownEvaluations(userId) };
    },
  );
};
