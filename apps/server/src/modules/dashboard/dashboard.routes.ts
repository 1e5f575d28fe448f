import { errorEnvelopeSchema, getDashQuerySchema, getDashResponseSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The professional's home (issue 12); clients (type 2) never reach it (spec §6): 403. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = createDashboardService(app.deps);

  app.get(
    '/web/getdash',
    protectedRoute('professional', {
      tags: ['dashboard'],
      summary:
        "The professional's tree in figures: counts, weekly evaluations, latest, follow-ups, wrong-way changes, credits",
      querystring: getDashQuerySchema,
      response: { 200: getDashResponseSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
    }),
    async (request) => ({
      data: await dashboard.get({ actorId: authOf(request).userId, userId: request.query.id_usuario }),
    }),
  );
};
