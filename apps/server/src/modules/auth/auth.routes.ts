import {
  authenticateBodySchema,
  authenticateResponseSchema,
  authenticatedUserResponseSchema,
  errorEnvelopeSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { deviceCookie, deviceTokenFrom } from '../../lib/device-cookie.ts';
import { KNOWN_DEVICE_DAYS } from '../known-devices/known-devices.service.ts';
import { z } from 'zod';
import { createAuthService } from './auth.service.ts';

// 403: the account is suspended (decision 229): no session is issued, whichever way one signs in.
const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app.deps);
  const secure = app.deps.config.publicBaseUrl.startsWith('https:');

  app.post(
    '/web/authenticate',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'Log in: returns an opaque bearer token, or for a user with a second factor a ticket for its second step',
        body: authenticateBodySchema,
        response: { 200: authenticateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await auth.login({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        deviceToken: deviceTokenFrom(request.headers.cookie),
      });
      if ('secondFactor' in result) {
        request.log.info({ event: 'login_second_step', userId: result.userId }, 'login: second factor asked');
        return { second_factor: result.secondFactor };
      }
      request.log.info({ event: 'login_succeeded', userId: result.userId }, 'login');
      reply.header('set-cookie', deviceCookie(result.deviceToken, { secure, maxAgeDays: KNOWN_DEVICE_DAYS }));
      return { token: result.token };
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
      { duringPasswordChange: true, duringSecondFactorEnrolment: true },
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
      { duringPasswordChange: true, duringSecondFactorEnrolment: true },
    ),
    async (request, reply) => {
      await auth.logout(authOf(request).sessionId);
      return reply.code(204).send(null);
    },
  );
};
