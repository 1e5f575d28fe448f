import {
  actualizaPassBodySchema,
  confirmResetBodySchema,
  confirmResetResponseSchema,
  errorEnvelopeSchema,
  messageSchema,
  reestablecePassBodySchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { translate } from '../../lib/i18n.ts';
import { createPasswordService } from './password.service.ts';

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const passwords = createPasswordService(app.deps);

  app.post(
    '/web/actualizapass',
    protectedRoute(
      'any',
      {
        tags: ['password'],
        summary: "Change one's own password (needs the current one); ends the other sessions",
        body: actualizaPassBodySchema,
        response: {
          200: messageSchema,
          403: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
      { duringPasswordChange: true },
    ),
    async (request) => {
      await passwords.change({
        actor: authOf(request),
        userId: request.body.id_usuario,
        currentPassword: request.body.current_password,
        newPassword: request.body.password,
      });
      return { message: translate(request.lang, 'messages.passwordChanged') };
    },
  );

  app.post(
    '/web/reestablecepass',
    {
      config: { public: true },
      schema: {
        tags: ['password'],
        summary: 'E-mail a single-use password reset link (same answer for unknown e-mails)',
        body: reestablecePassBodySchema,
        response: { 200: messageSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await passwords.requestReset({ email: request.body.email, ip: request.ip });
      return { message: translate(request.lang, 'messages.passwordResetRequested') };
    },
  );

  app.post(
    '/web/reestablecepass/confirm',
    {
      config: { public: true },
      schema: {
        tags: ['password'],
        summary:
          "Set a new password with the token from the reset e-mail; an invitation's link (no password yet) also signs in",
        body: confirmResetBodySchema,
        response: {
          200: confirmResetResponseSchema,
          // An invitation's link of a suspended account (decision 229): no session is issued.
          403: errorEnvelopeSchema,
          410: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { sessionToken } = await passwords.confirmReset({
        token: request.body.token,
        newPassword: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      if (sessionToken === null) return { message: translate(request.lang, 'messages.passwordResetDone') };
      return { message: translate(request.lang, 'messages.invitationAccepted'), token: sessionToken };
    },
  );
};
