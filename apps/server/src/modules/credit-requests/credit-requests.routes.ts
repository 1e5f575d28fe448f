import {
  creditRequestResponseSchema,
  errorEnvelopeSchema,
  newCreditRequestBodySchema,
  ownCreditRequestsResponseSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { createCreditRequestsService } from './credit-requests.service.ts';

export const creditRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const requests = createCreditRequestsService(app.deps);

  app.get(
    '/web/credit-requests',
    protectedRoute('professional', {
      tags: ['credits'],
      summary: "The credit packs on offer and the signed-in account's requests to the operator",
      response: { 200: ownCreditRequestsResponseSchema },
    }),
    async (request) => requests.own(authOf(request)),
  );

  app.post(
    '/web/credit-requests',
    protectedRoute('professional', {
      tags: ['credits'],
      summary: 'Ask the operator for credits (the top of an account only); the operator is e-mailed',
      body: newCreditRequestBodySchema,
      response: {
        201: creditRequestResponseSchema,
        404: errorEnvelopeSchema,
        409: errorEnvelopeSchema,
        422: errorEnvelopeSchema,
      },
    }),
    async (request, reply) => reply.code(201).send(await requests.ask(authOf(request), request.body)),
  );
};
