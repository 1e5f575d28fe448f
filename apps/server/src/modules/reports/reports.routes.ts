import {
  errorEnvelopeSchema,
  evaluationIdBodySchema,
  evaluationReportParamsSchema,
  evaluationReportQuerySchema,
  sendEvaluationResponseSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../lib/i18n.ts';
import { createReportsService } from './reports.service.ts';

const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/** The evaluation's PDF report: download (detail page) and e-mail to the client (spec §7 enviarevalua). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = createReportsService(app.deps);

  app.get(
    '/web/evaluations/:id/report.pdf',
    {
      config: { public: false },
      schema: {
        tags: ['evaluations'],
        summary: "The evaluation report as PDF, in the client's language",
        security: [{ bearer: [] }],
        params: evaluationReportParamsSchema,
        querystring: evaluationReportQuerySchema,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await reports.download({
        actorId: request.auth!.userId,
        evaluationId: request.params.id,
        version: request.query.version,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/web/enviarevalua',
    {
      config: { public: false },
      // Before body validation: a client gets 403 whatever it sends.
      preValidation: async (request) => {
        await reports.requireProfessional(request.auth!.userId);
      },
      schema: {
        tags: ['evaluations'],
        summary: "E-mails the report (encrypted PDF attached, no health values in the body) to the client's address",
        security: [{ bearer: [] }],
        body: evaluationIdBodySchema,
        response: { 200: sendEvaluationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const sent = await reports.send({ actorId: request.auth!.userId, evaluationId: request.body.evaluationID });
      return {
        message: translate(request.lang, 'messages.evaluationSent', { email: sent.to }),
        to: sent.to,
        pdf_password: sent.password,
      };
    },
  );
};
