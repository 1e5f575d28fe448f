import {
  endOtherSessionsResponseSchema,
  errorEnvelopeSchema,
  sessionParamsSchema,
  sessionsResponseSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { createSessionsService } from './sessions.service.ts';

/** One's own sessions: list them, end one, end all the others (security.md R12, decision 140). */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessions = createSessionsService(app.deps);

  app.get(
    '/web/sessions',
    protectedRoute('any', {
      tags: ['auth'],
      summary: "The signed-in user's live sessions (device, address, last use)",
      response: { 200: sessionsResponseSchema },
    }),
    async (request) => {
      const { userId, sessionId } = authOf(request);
      return { sessions: await sessions.listLive(userId, sessionId) };
    },
  );

  app.delete(
    '/web/sessions/:id',
    protectedRoute('any', {
      tags: ['auth'],
      summary: 'End one of your own sessions (ending the current one logs out)',
      params: sessionParamsSchema,
      response: { 204: z.null().describe('Session ended'), 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
    }),
    async (request, reply) => {
      const { userId } = authOf(request);
      await sessions.endOwn(userId, request.params.id);
      request.log.info({ event: 'session_ended', userId }, 'session ended');
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/web/sessions',
    protectedRoute('any', {
      tags: ['auth'],
      summary: 'End every session except the current one',
      response: { 200: endOtherSessionsResponseSchema },
    }),
    async (request) => {
      const { userId, sessionId } = authOf(request);
      const ended = await sessions.revokeAllForUser(userId, { except: sessionId });
      request.log.info({ event: 'sessions_ended', userId, ended }, 'other sessions ended');
      return { ended };
    },
  );
};
