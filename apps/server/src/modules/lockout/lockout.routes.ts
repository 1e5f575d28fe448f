import { errorEnvelopeSchema, linkTokenBodySchema, messageSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooManyRequests } from '../../lib/app-error.ts';
import { MINUTE } from '../../lib/clock.ts';
import { translate } from '../../lib/i18n.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { createLockoutService } from './lockout.service.ts';

export const lockoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const lockout = createLockoutService(app.deps);
  const rateLimits = createRateLimitsService(app.deps);

  app.post(
    '/web/desbloquea',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Lift the sign-in back-off with the one-time link e-mailed to the owner on a lockout',
        body: linkTokenBodySchema,
        response: { 200: messageSchema, 410: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const perIp = await rateLimits.consume('unlock-ip', request.ip, [{ limit: 10, windowMs: MINUTE }]);
      if (!perIp.allowed) throw tooManyRequests(perIp.retryAfterSeconds);
      await lockout.unlock(request.body.token);
      return { message: translate(request.lang, 'messages.unlocked') };
    },
  );
};
