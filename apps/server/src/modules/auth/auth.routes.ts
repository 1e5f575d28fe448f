import {
  authenticateBodySchema,
  authenticateResponseSchema,
  authenticatedUserResponseSchema,
  errorEnvelopeSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { z } from 'zod';
import { createAuthService } from './auth.service.ts';

const errors = { 401: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app.deps);

  app.post(
    '/web/authenticate',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Log in: returns an opaque bearer token',
        body: authenticateBodySchema,
        response: { 200: authenticateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { token, userId } = await auth.login({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      request.log.info({ event: 'login_succeeded', userId }, 'login');
      return { token };
    },
  );

  app.get(
    '/web/authenticate/user',
    protectedRoute(
      'any',
      {
        tags: ['auth'],
        summary: 'The session user',
        response: { 200: authenticatedUserResponseSchema },
      },
      { duringPasswordChange: true },
    ),
    async (request) => ({ user: auth.sessionUser(authOf(request)) }),
  );

  app.post(
    '/web/logout',
    protectedRoute(
      'any',
      {
        tags: ['auth'],
        summary: 'Revoke the current token',
        response: { 204: z.null().describe('Logged out') },
      },
      { duringPasswordChange: true },
    ),
    async (request, reply) => {
      await auth.logout(authOf(request).sessionId);
      return reply.code(204).send(null);
    },
  );
};
