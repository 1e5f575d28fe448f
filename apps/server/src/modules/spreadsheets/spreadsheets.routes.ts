import {
  clientListCsvQuerySchema,
  clientListExportQuerySchema,
  errorEnvelopeSchema,
  evaluationListExportQuerySchema,
  USER_TYPE,
} from '@medida/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { audited, auditTargetOf, queryField } from '../../lib/audit-route.ts';
import { binaryAnswer } from '../../lib/openapi.ts';
import { DOWNLOAD_CSP } from '../../lib/response-headers.ts';
import { CONTENT_TYPES } from '../../lib/spreadsheet-write.ts';
import { createListExportService } from './list-export.service.ts';

const tags = ['people'];
const errors = {
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const spreadsheet = (what: string) => binaryAnswer(what, ['text/csv', CONTENT_TYPES.xlsx]);
const clientTarget = auditTargetOf('client');

/** A list's file as a download: never shown inline, never cached, never sniffed. */
function sendFile(reply: FastifyReply, file: { fileName: string; contentType: string; stream: unknown }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', DOWNLOAD_CSP)
    .header('cache-control', 'no-store')
    .send(file.stream);
}

/**
 * The lists as spreadsheets (issue 35 item 5, decision 227): the client list and the evaluation list (its filters,
 * one client's, a client's own in the portal) as CSV or XLSX in the reader's language.
 */
export const spreadsheetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists = createListExportService(app.deps);

  app.get(
    '/web/client-list/export',
    protectedRoute('professional', {
      tags,
      summary:
        "The acting professional's clients (those its list shows, optionally searched) as CSV or XLSX in the reader's language: the import's headers, formula-safe text",
      querystring: clientListExportQuerySchema,
      response: { 200: spreadsheet('The client list'), ...errors },
    }),
    async (request, reply) =>
      sendFile(
        reply,
        await lists.clients({
          actorId: authOf(request).userId,
          lang: request.lang,
          format: request.query.format,
          search: request.query.search,
        }),
      ),
  );

  // The first download of the list (decision 191), kept for links and scripts that use it: the CSV of the above.
  app.get(
    '/web/clients.csv',
    protectedRoute('professional', {
      tags,
      summary: 'The client list as CSV (as GET /web/client-list/export?format=csv)',
      querystring: clientListCsvQuerySchema,
      response: { 200: binaryAnswer('The client list', ['text/csv']), ...errors },
    }),
    async (request, reply) =>
      sendFile(
        reply,
        await lists.clients({
          actorId: authOf(request).userId,
          lang: request.lang,
          format: 'csv',
          search: request.query.search,
        }),
      ),
  );

  app.get(
    '/web/evaluation-list/export',
    audited(
      protectedRoute('any', {
        tags: ['evaluations'],
        summary:
          "The evaluation list with the list's filters (every matching row: date, client, method, inputs, results with units) as CSV or XLSX in the reader's language; one client's with id_evaluado; a client gets its own",
        querystring: evaluationListExportQuerySchema,
        response: { 200: spreadsheet('The evaluation list'), ...errors },
      }),
      // One client's list (or a client's own) is an export of that client's record, like its ZIP; the whole list
      // names no single client and is not a record's event.
      {
        action: 'export',
        resource: 'evaluation_list',
        target: (request) =>
          clientTarget(queryField(request, 'id_evaluado')) ??
          (request.auth?.userType === USER_TYPE.client ? clientTarget(request.auth.userId) : undefined),
      },
    ),
    async (request, reply) => {
      const q = request.query;
      return sendFile(
        reply,
        await lists.evaluations({
          actor: authOf(request),
          lang: request.lang,
          format: q.format,
          scopeUserId: q.id_usuario,
          filters: {
            nombre: q.filter_nombre,
            apellido: q.filter_apellido,
            email: q.filter_email,
            rut: q.filter_rut,
            companyId: q.filter_company,
            clientId: q.id_evaluado,
          },
        }),
      );
    },
  );
};
