import { healthResponseSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/web/health',
    {
      config: { public: true },
      schema: { tags: ['health'], summary: 'Liveness', response: { 200: healthResponseSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );
};
