import {
  changeCreditsBodySchema,
  changeCreditsResponseSchema,
  creditsSummaryResponseSchema,
  errorEnvelopeSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { translate } from '../../lib/i18n.ts';
import { createCreditsService } from './credits.service.ts';

export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  const credits = createCreditsService(app.deps);

  app.get(
    '/web/creditos',
    protectedRoute('professional', {
      tags: ['credits'],
      summary: "The signed-in professional's balance and the credits a new evaluation costs",
      response: { 200: creditsSummaryResponseSchema },
    }),
    async (request) =>
      credits.summary(authOf(request).userId, app.deps.config.evaluationCreditCost, app.deps.config.supportEmail),
  );

  app.post(
    '/web/cambiacreditosnew',
    protectedRoute('professional', {
      tags: ['credits'],
      summary: "Set a direct child's balance; the difference moves from or back to the acting parent",
      body: changeCreditsBodySchema,
      response: {
        200: changeCreditsResponseSchema,
        404: errorEnvelopeSchema,
        409: errorEnvelopeSchema,
        422: errorEnvelopeSchema,
      },
    }),
    async (request) => {
      const b = request.body;
      const result = await credits.setBalance({
        actorId: authOf(request).userId,
        claimedActorId: b.id_usuario,
        userId: b.user_id,
        creditos: b.creditos,
      });
      return { message: translate(request.lang, 'messages.creditsLoaded'), ...result };
    },
  );
};
