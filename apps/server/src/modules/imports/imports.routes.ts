import multipart from '@fastify/multipart';
import {
  ErrorCode,
  IMPORT_MAX_FILE_BYTES,
  errorEnvelopeSchema,
  importBodies,
  importQuerySchema,
  importResponseSchema,
  importTemplateQuerySchema,
  type ImportKind,
} from '@medida/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { audited, transactionRecorder } from '../../lib/audit-route.ts';
import { binaryAnswer } from '../../lib/openapi.ts';
import { DOWNLOAD_CSP } from '../../lib/response-headers.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { importTemplate } from './import-template.ts';
import { createImportsService, type ImportRecorders } from './imports.service.ts';

const errors = {
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const tags = ['imports'];
const mappingSchema = z.record(z.string().max(1000), z.string().max(100).nullable());

const fileTooLarge = () => new AppError(413, ErrorCode.payloadTooLarge, 'import.errors.fileTooLarge');
const malformedBody = () => new AppError(400, ErrorCode.badRequest, 'errors.malformedBody');

/** The upload's parts: one `file`, an optional `mapping` (JSON) and `attest_consent`; anything else is refused. */
async function readImportForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw fieldError('file', 'validation.required');
  let file: Buffer | undefined;
  const fields = Object.create(null) as Record<string, string>;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw fieldError(part.fieldname, 'validation.unknownField');
        }
        file = await part.toBuffer();
        continue;
      }
      if (!['mapping', 'attest_consent'].includes(part.fieldname) || Object.hasOwn(fields, part.fieldname))
        throw fieldError(part.fieldname, 'validation.unknownField');
      fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 413) throw fileTooLarge();
    if (typeof status === 'number' || (error as { code?: unknown }).code === undefined) throw malformedBody();
    throw error;
  }
  if (!file) throw fieldError('file', 'validation.required');
  let mapping: Record<string, string | null> | undefined;
  if (fields.mapping !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.mapping);
    } catch {
      throw fieldError('mapping', 'validation.invalid');
    }
    const result = mappingSchema.safeParse(parsed);
    if (!result.success) throw fieldError('mapping', 'validation.invalid');
    mapping = result.data;
  }
  const attest = fields.attest_consent;
  if (attest !== undefined && attest !== 'true' && attest !== 'false')
    throw fieldError('attest_consent', 'validation.invalid');
  return { file, mapping, attestConsent: attest === 'true' };
}

/** Importing clients and evaluations from CSV or XLSX (issue 35, decision 228); professionals only. */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6, headerPairs: 200 },
    throwFileSizeLimit: true,
  });
  const imports = createImportsService({ ...app.deps, storage: app.deps.storage });
  const audit = createAuditService(app.deps);

  app.get(
    '/web/import/template',
    protectedRoute('professional', {
      tags,
      summary: 'A template to fill in: the columns the import reads, headers in `lang`, one example row (CSV or XLSX)',
      querystring: importTemplateQuerySchema,
      response: {
        200: binaryAnswer('The template', [
          'text/csv',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ]),
        422: errorEnvelopeSchema,
      },
    }),
    async (request, reply) => {
      const file = await importTemplate({
        kind: request.query.kind,
        lang: request.query.lang ?? request.lang,
        format: request.query.format ?? 'csv',
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.fileName)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', DOWNLOAD_CSP)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  const kinds: { kind: ImportKind; target: 'client' | 'evaluation'; summary: string }[] = [
    {
      kind: 'clients',
      target: 'client',
      summary:
        'Import clients from CSV or XLSX: per row created, updated (matched by e-mail or document), skipped or error; dry_run=true stores nothing',
    },
    {
      kind: 'evaluations',
      target: 'evaluation',
      summary:
        "Import past evaluations from CSV or XLSX: recomputed by the engine; a client's evaluation on the same day by the same method is skipped; each costs IMPORT_CREDIT_COST",
    },
  ];
  for (const { kind, target, summary } of kinds) {
    app.post(
      `/web/import/${kind}`,
      audited(
        protectedRoute('professional', {
          tags,
          summary,
          querystring: importQuerySchema,
          documentedBody: importBodies,
          response: { 200: importResponseSchema, 400: errorEnvelopeSchema, ...errors },
        }),
        { action: 'create', resource: `${target}_import`, inTransaction: true },
      ),
      async (request) => {
        const form = await readImportForm(request);
        const dryRun = request.query.dry_run === 'true';
        const recordIn: ImportRecorders | undefined = dryRun
          ? undefined
          : {
              created: transactionRecorder(request, target, audit.recordInTransaction),
              updated: transactionRecorder(request, target, audit.recordInTransaction, {
                action: 'update',
                resource: `${target}_import`,
              }),
              consentAttested: transactionRecorder(request, 'client', audit.recordInTransaction, {
                action: 'consent_given',
                resource: 'consent_attested',
              }),
            };
        return imports.run({
          actor: authOf(request),
          kind,
          file: form.file,
          mapping: form.mapping,
          dryRun,
          attestConsent: form.attestConsent,
          lang: request.query.lang ?? request.lang,
          ...(recordIn ? { recordIn } : {}),
        });
      },
    );
  }
};
