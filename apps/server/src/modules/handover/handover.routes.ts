import {
  errorEnvelopeSchema,
  handoverBodySchema,
  handoverReceiversResponseSchema,
  handoverResponseSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { translate } from '../../lib/i18n.ts';
import { createHandoverService } from './handover.service.ts';

/** Handing clients and network professionals over to another professional of the account (decision 117). */
export const handoverRoutes: FastifyPluginAsyncZod = async (app) => {
  const handover = createHandoverService(app.deps);

  app.get(
    '/web/handover/receivers',
    protectedRoute('professional', {
      tags: ['people'],
      summary: 'The professionals you may hand clients and network professionals over to',
      response: { 200: handoverReceiversResponseSchema },
    }),
    async (request) => ({ receivers: await handover.receivers(authOf(request).userId) }),
  );

  app.post(
    '/web/handover',
    protectedRoute('professional', {
      tags: ['people'],
      summary:
        'Hand some or all of your clients and network professionals over to a professional of your account; evaluations stay as they are',
      body: handoverBodySchema,
      response: {
        200: handoverResponseSchema,
        409: errorEnvelopeSchema,
        422: errorEnvelopeSchema,
      },
    }),
    async (request) => {
      const { userId } = authOf(request);
      const moved = await handover.handOver(userId, request.body, { requestId: request.id, ip: request.ip });
      request.log.info({ event: 'handover', userId, ...moved }, 'people handed over');
      return {
        message: translate(request.lang, 'messages.handedOver', { clients: moved.clients, network: moved.network }),
        ...moved,
      };
    },
  );
};
