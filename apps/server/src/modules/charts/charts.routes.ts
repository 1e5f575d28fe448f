import { chartsQuerySchema, chartsResponseSchema, errorEnvelopeSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { createChartsService } from './charts.service.ts';

/** Analytics over the professional's own evaluations (issue 12, decision 115). */
export const chartsRoutes: FastifyPluginAsyncZod = async (app) => {
  const charts = createChartsService(app.deps);

  app.get(
    '/web/charts',
    protectedRoute('professional', {
      tags: ['dashboard'],
      summary:
        "BMI and body-fat category distribution, monthly averages and the share of clients improving over the professional's tree; filters company, date range, sex",
      querystring: chartsQuerySchema,
      response: { 200: chartsResponseSchema, 422: errorEnvelopeSchema },
    }),
    async (request) => {
      const q = request.query;
      return {
        data: await charts.get({
          actorId: authOf(request).userId,
          companyId: q.company,
          from: q.from,
          to: q.to,
          sexo: q.sexo,
        }),
      };
    },
  );
};
