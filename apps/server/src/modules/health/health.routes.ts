import { ErrorCode, errorEnvelopeSchema, healthResponseSchema, readyResponseSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { createHealthService } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const health = createHealthService(app.deps);

  app.get(
    '/web/health',
    {
      config: { public: true },
      schema: { tags: ['health'], summary: 'Liveness', response: { 200: healthResponseSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/web/ready',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary:
          'Readiness: the database, the file storage and the work queues answer; 503 (naming the failed checks) ' +
          'while one does not or the server is shutting down',
        response: { 200: readyResponseSchema, 503: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const readiness = await health.readiness(app.lifecycle.draining);
      if (readiness.ready)
        return { status: 'ready' as const, checks: { database: 'ok', storage: 'ok', queue: 'ok' } as const };
      const headers = { 'retry-after': '5' };
      if (readiness.draining)
        throw new AppError(503, ErrorCode.notReady, 'errors.notReady', {
          fields: { server: ['ready.draining'] },
          headers,
        });
      request.log.warn({ failed: readiness.failed, errors: readiness.errors }, 'not ready');
      throw new AppError(503, ErrorCode.notReady, 'errors.notReady', {
        fields: Object.fromEntries(readiness.failed.map((check) => [check, ['ready.checkFailed']])),
        headers,
      });
    },
  );
};
