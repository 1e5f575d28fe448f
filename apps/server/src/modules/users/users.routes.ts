import {
  creaCuentaBodySchema,
  creaCuentaResponseSchema,
  datosUsuarioQuerySchema,
  datosUsuarioResponseSchema,
  errorEnvelopeSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { translate } from '../../lib/i18n.ts';
import { createUsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUsersService(app.deps);

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
        summary: 'Register a professional account',
        body: creaCuentaBodySchema,
        response: { 201: creaCuentaResponseSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { id, token } = await users.register(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.code(201).send({ message: translate(request.lang, 'messages.accountCreated'), user: { id }, token });
    },
  );
};
