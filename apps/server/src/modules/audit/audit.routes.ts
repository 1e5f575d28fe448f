import {
  auditTrailQuerySchema,
  auditTrailResponseSchema,
  clientIdParamsSchema,
  errorEnvelopeSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { createAuditService } from './audit.service.ts';

/** A client's audit trail: its professionals see it on the client page, the client sees who accessed it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = createAuditService(app.deps);

  app.get(
    '/web/clients/:id/audit',
    protectedRoute('any', {
      tags: ['people'],
      summary: "A client's audit trail (reads, changes, downloads, e-mails, exports), newest first",
      params: clientIdParamsSchema,
      querystring: auditTrailQuerySchema,
      response: { 200: auditTrailResponseSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
    }),
    async (request) =>
      audit.page(authOf(request).userId, request.params.id, { limit: request.query.limit, offset: request.query.skip }),
  );
};
