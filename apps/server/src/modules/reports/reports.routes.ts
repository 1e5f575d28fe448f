import {
  errorEnvelopeSchema,
  evaluationReportParamsSchema,
  evaluationReportQuerySchema,
  sendEvaluationBodySchema,
  sendEvaluationResponseSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { translate } from '../../lib/i18n.ts';
import { binaryAnswer } from '../../lib/openapi.ts';
import { DOWNLOAD_CSP } from '../../lib/response-headers.ts';
import type { ReportRenderer } from './report-renderer.ts';
import { createReportsService } from './reports.service.ts';
import { audited, auditTargetOf, bodyField, paramField } from '../../lib/audit-route.ts';

const evaluationTarget = auditTargetOf('evaluation');

const errors = {
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

/** The evaluation's PDF report: download (detail page) and e-mail to the client (spec §7 enviarevalua). */
export const reportsRoutes: FastifyPluginAsyncZod<{ renderer: ReportRenderer }> = async (app, { renderer }) => {
  const reports = createReportsService({ ...app.deps, ...renderer });

  app.get(
    '/web/evaluations/:id/report.pdf',
    audited(
      protectedRoute('any', {
        tags: ['evaluations'],
        summary: "The evaluation report as PDF, in the client's language unless `lang` asks for another",
        params: evaluationReportParamsSchema,
        querystring: evaluationReportQuerySchema,
        response: { 200: binaryAnswer('The report', ['application/pdf']), ...errors },
      }),
      { action: 'download', resource: 'report', target: (request) => evaluationTarget(paramField(request, 'id')) },
    ),
    async (request, reply) => {
      const { fileName, pdf } = await reports.download({
        actor: authOf(request),
        evaluationId: request.params.id,
        version: request.query.version,
        lang: request.query.lang,
      });
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          // Like attachments: should a browser render it anyway, the PDF runs in a sandbox that allows nothing.
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', DOWNLOAD_CSP)
          .header('cache-control', 'no-store')
          .send(pdf)
      );
    },
  );

  app.post(
    '/web/enviarevalua',
    audited(
      protectedRoute('professional', {
        tags: ['evaluations'],
        summary:
          "E-mails the report (encrypted PDF attached, no health values in the body) to the client's address or `to`, with an optional personal message; Reply-To the professional",
        body: sendEvaluationBodySchema,
        response: { 200: sendEvaluationResponseSchema, ...errors },
      }),
      {
        action: 'email',
        resource: 'report',
        target: (request) => evaluationTarget(bodyField(request, 'evaluationID')),
      },
    ),
    async (request) => {
      const { evaluationID, to, message, lang } = request.body;
      const sent = await reports.send({ actor: authOf(request), evaluationId: evaluationID, to, message, lang });
      return {
        message: translate(request.lang, 'messages.evaluationSent', { email: sent.to }),
        to: sent.to,
        pdf_password: sent.password,
      };
    },
  );
};
