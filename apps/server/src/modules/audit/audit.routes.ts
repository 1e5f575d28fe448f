import {
  auditTrailQuerySchema,
  auditTrailResponseSchema,
  clientIdParamsSchema,
  errorEnvelopeSchema,
  type AuditEvent,
  USER_TYPE,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { findVisibleClient } from '../../lib/client-scope.ts';
import { createAuditRepository } from './audit.repository.ts';

/** A client's audit trail: its professionals see it on the client page, the client sees who accessed it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAuditRepository(app.deps.db);

  app.get(
    '/web/clients/:id/audit',
    protectedRoute('any', {
      tags: ['people'],
      summary: "A client's audit trail (reads, changes, downloads, e-mails, exports), newest first",
      params: clientIdParamsSchema,
      querystring: auditTrailQuerySchema,
      response: { 200: auditTrailResponseSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
    }),
    async (request) => {
      const viewerId = authOf(request).userId;
      const client = await findVisibleClient(app.deps.db, viewerId, request.params.id);
      const [rows, total] = await Promise.all([
        repo.listForClient(client.id, request.query.limit, request.query.skip),
        repo.countForClient(client.id),
      ]);
      const events: AuditEvent[] = rows.map((row) => ({
        id: row.id,
        occurred_at: row.occurred_at.toISOString(),
        actor:
          row.actor_id === null
            ? null
            : { id: row.actor_id, nombre: row.actor_nombre ?? '', apellido: row.actor_apellido ?? '' },
        actor_role:
          row.actor_type === USER_TYPE.professional
            ? 'professional'
            : row.actor_type === USER_TYPE.client
              ? 'client'
              : null,
        is_self: row.actor_id === viewerId,
        resource_type: row.resource_type,
        resource_id: row.resource_id,
        action: row.action,
        result: row.result === 'denied' ? 'denied' : 'success',
        // Professionals' addresses are theirs, not the client's business.
        ip: client.isSelf ? null : row.ip,
      }));
      return { events, total };
    },
  );
};
