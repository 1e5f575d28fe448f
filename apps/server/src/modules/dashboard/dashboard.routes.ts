import {
  dashboardSettingsResponseSchema,
  dashboardSettingsSchema,
  errorEnvelopeSchema,
  getDashQuerySchema,
  getDashResponseSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The professional's home (issue 12); clients (type 2) never reach it (spec §6): 403. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = createDashboardService(app.deps);

  app.get(
    '/web/getdash',
    protectedRoute(
      'professional',
      {
        tags: ['dashboard'],
        summary:
          "The professional's tree in figures: counts, weekly evaluations, latest, follow-ups, wrong-way changes, credits",
        querystring: getDashQuerySchema,
        response: { 200: getDashResponseSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
      // Its tables are all tracked by the account data version (migrations 0023 and 0033, decision 218).
      { responseCache: true },
    ),
    async (request) => ({
      data: await dashboard.get({ actorId: authOf(request).userId, userId: request.query.id_usuario }),
    }),
  );

  app.get(
    '/web/dashboard/settings',
    protectedRoute('professional', {
      tags: ['dashboard'],
      summary: "The dashboard's cards in order and the follow-up interval (widgets page)",
      response: { 200: dashboardSettingsResponseSchema },
    }),
    async (request) => ({ settings: await dashboard.settings(authOf(request).userId) }),
  );

  app.put(
    '/web/dashboard/settings',
    protectedRoute('professional', {
      tags: ['dashboard'],
      summary: 'Choose which dashboard cards show and in what order, and the follow-up interval in weeks (1–104)',
      body: dashboardSettingsSchema,
      response: { 200: dashboardSettingsResponseSchema, 422: errorEnvelopeSchema },
    }),
    async (request) => ({ settings: await dashboard.saveSettings(authOf(request).userId, request.body) }),
  );
};
