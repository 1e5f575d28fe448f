import { cambiaEmailBodySchema, errorEnvelopeSchema, linkTokenBodySchema, messageSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../lib/i18n.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { tooManyRequests } from '../../lib/app-error.ts';
import { MINUTE } from '../../lib/clock.ts';
import { createEmailChangeService } from './email-change.service.ts';
import { createOwnEmailChangeService } from './own-email-change.service.ts';
import { authOf, protectedRoute } from '../../lib/access.ts';

export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const emailChange = createEmailChangeService(app.deps);
  const rateLimits = createRateLimitsService(app.deps);
  const ownEmailChange = createOwnEmailChangeService(app.deps);

  app.post(
    '/web/cambiaemail',
    protectedRoute('any', {
      tags: ['users'],
      summary: "Change one's own login e-mail (needs the current password); a link confirms it from the new address",
      body: cambiaEmailBodySchema,
      response: { 200: messageSchema, 401: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema },
    }),
    async (request) => {
      await ownEmailChange.request(authOf(request).userId, request.body);
      return { message: translate(request.lang, 'messages.emailChangePending', { email: request.body.email }) };
    },
  );

  app.post(
    '/web/confirmaemail',
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary: 'Confirm a new login e-mail with the token from the link sent to it',
        body: linkTokenBodySchema,
        response: { 200: messageSchema, 410: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const perIp = await rateLimits.consume('email-confirm-ip', request.ip, [{ limit: 10, windowMs: MINUTE }]);
      if (!perIp.allowed) throw tooManyRequests(perIp.retryAfterSeconds);
      await emailChange.confirm(request.body.token);
      return { message: translate(request.lang, 'messages.emailChanged') };
    },
  );
};
