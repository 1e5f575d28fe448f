import { errorEnvelopeSchema, getDashQuerySchema, getDashResponseSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDashboardService } from './dashboard.service.ts';

/** The professional's home (issue 12). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = createDashboardService(app.deps);

  app.get(
    '/web/getdash',
    {
      config: { public: false },
      schema: {
        tags: ['dashboard'],
        summary:
          "The professional's tree in figures: counts, weekly evaluations, latest, follow-ups, wrong-way changes, credits (403 for clients)",
        security: [{ bearer: [] }],
        querystring: getDashQuerySchema,
        response: {
          200: getDashResponseSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      data: await dashboard.get({ actorId: request.auth!.userId, userId: request.query.id_usuario }),
    }),
  );
};
