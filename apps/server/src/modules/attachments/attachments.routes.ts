import { ATTACHMENT_MIME_TYPES, errorEnvelopeSchema, queryIdSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { z } from 'zod';
import { contentDisposition } from '../../lib/file-type.ts';
import { binaryAnswer } from '../../lib/openapi.ts';
import { createAttachmentsService } from './attachments.service.ts';
import { audited, auditTargetOf, paramField } from '../../lib/audit-route.ts';

const attachmentTarget = auditTargetOf('attachment');

export const attachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.deps;
  const attachments = createAttachmentsService({ db: app.deps.db, storage, config: app.deps.config });

  app.get(
    '/web/attachments/:id/download',
    audited(
      protectedRoute('any', {
        tags: ['people'],
        summary: 'Download an attachment (the client itself and its account tree only); integrity-checked',
        params: z.strictObject({ id: queryIdSchema }),
        response: {
          200: binaryAnswer('The file, with the type its bytes were judged to be', ATTACHMENT_MIME_TYPES),
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      }),
      { action: 'download', resource: 'attachment', target: (request) => attachmentTarget(paramField(request, 'id')) },
    ),
    async (request, reply) => {
      const file = await attachments.download(authOf(request).userId, request.params.id);
      // Served as an inert download: exact type, no sniffing, and a sandbox should a browser render it anyway.
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.data.length))
        .header('content-disposition', contentDisposition(file.fileName, file.mimeType))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'no-store')
        .send(file.data);
    },
  );
};
