import {
  creaCuentaBodySchema,
  creaCuentaResponseSchema,
  datosUsuarioQuerySchema,
  datosUsuarioResponseSchema,
  confirmaRegistroResponseSchema,
  errorEnvelopeSchema,
  linkTokenBodySchema,
  messageSchema,
} from '@medida/contracts';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { tooManyRequests } from '../../lib/app-error.ts';
import { MINUTE } from '../../lib/clock.ts';
import { translate } from '../../lib/i18n.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { createUsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUsersService(app.deps);
  await users.workRegistrations();
  const rateLimits = createRateLimitsService(app.deps);
  const { config } = app.deps;
  // Development without SMTP: the register page may say where the link went (never in production).
  const devOutbox = !config.production && !config.smtpUrl ? path.join(config.dataDir, 'outbox') : undefined;

  app.get(
    '/web/datosusuario',
    protectedRoute('any', {
      tags: ['users'],
      summary: "Profile of oneself or of a user in one's account tree",
      querystring: datosUsuarioQuerySchema,
      response: {
        200: datosUsuarioResponseSchema,
        404: errorEnvelopeSchema,
        422: errorEnvelopeSchema,
      },
    }),
    async (request) => users.profile(authOf(request).userId, request.query.id_usuario),
  );

  app.post(
    '/web/creacuenta',
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary:
          'Register a professional account: the same 202 for a new and a taken e-mail; the mailed link confirms it and signs in',
        body: creaCuentaBodySchema,
        response: { 202: creaCuentaResponseSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await users.register(request.body, { ip: request.ip });
      return reply.code(202).send({
        message: translate(request.lang, 'messages.registrationReceived', { email: request.body.email }),
        ...(devOutbox ? { outbox: devOutbox } : {}),
      });
    },
  );

  app.post(
    '/web/confirmaregistro',
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary: 'Open the link mailed at registration: verifies the e-mail and returns a session token',
        body: linkTokenBodySchema,
        response: {
          200: confirmaRegistroResponseSchema,
          // The account is suspended (decision 229): no session is issued.
          403: errorEnvelopeSchema,
          410: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const perIp = await rateLimits.consume('verify-ip', request.ip, [{ limit: 10, windowMs: MINUTE }]);
      if (!perIp.allowed) throw tooManyRequests(perIp.retryAfterSeconds);
      const { token } = await users.confirmRegistration(request.body.token, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return { message: translate(request.lang, 'messages.emailVerified'), token };
    },
  );

  app.post(
    '/web/reenviaconfirmacion',
    protectedRoute('any', {
      tags: ['users'],
      summary: 'Send the registration confirmation link again (3 an hour)',
      response: { 200: messageSchema, 429: errorEnvelopeSchema },
    }),
    async (request) => {
      const { email, sent } = await users.resendVerification(authOf(request).userId);
      return {
        message: translate(request.lang, sent ? 'messages.verificationSent' : 'messages.emailVerified', { email }),
      };
    },
  );
};
