import { ErrorCode, type ErrorEnvelope, type FieldErrors } from '@medida/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { hasTranslation, languageFromHeader, translate } from '../lib/i18n.ts';
import { DOWNLOAD_CSP, PERMISSIONS_POLICY } from '../lib/response-headers.ts';
import type { Language } from '@medida/contracts';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Maps one zod issue to a translation key: our contracts put keys in messages; zod's defaults get one by issue code. */
function issueKey(issue: ValidationIssue): string {
  if (issue.message && hasTranslation(issue.message)) return issue.message;
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined/.test(issue.message ?? '') ? 'validation.required' : 'validation.invalid';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    case 'too_small':
      return 'validation.tooShort';
    case 'too_big':
      return 'validation.tooLong';
    default:
      return 'validation.invalid';
  }
}

/** `{ field: [translated messages] }` with dotted field names (`profile.nombre`, `files.0.title`). */
export function fieldErrorsFromIssues(
  issues: ValidationIssue[],
  lang: Language,
  context: string | undefined,
): FieldErrors {
  // A Map, not an object literal: an unknown field named "constructor" or "toString" found the inherited
  // function instead of a list and turned the 422 into a 500 (API fuzzing, issue 16).
  const fields = new Map<string, string[]>();
  const add = (field: string, key: string) => {
    const message = translate(lang, key);
    const list = fields.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    fields.set(field, list);
  };
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys as string[]) add(path ? `${path}.${key}` : key, 'validation.unknownField');
      continue;
    }
    add(path || (context === 'querystring' ? 'query' : (context ?? 'body')), issueKey(issue));
  }
  return Object.fromEntries(fields);
}

function envelope(code: string, message: string | FieldErrors, key?: string): ErrorEnvelope {
  return { error: key ? { code, key, message } : { code, message } };
}

const badRequest = { code: ErrorCode.badRequest, key: 'errors.badRequest' };
const clientErrorCodes: Record<number, { code: ErrorCode; key: string }> = {
  400: badRequest,
  401: { code: ErrorCode.unauthenticated, key: 'errors.unauthenticated' },
  403: { code: ErrorCode.forbidden, key: 'errors.forbidden' },
  404: { code: ErrorCode.notFound, key: 'errors.notFound' },
  413: { code: ErrorCode.payloadTooLarge, key: 'errors.payloadTooLarge' },
  415: { code: ErrorCode.unsupportedMedia, key: 'errors.unsupportedMediaType' },
  429: { code: ErrorCode.tooManyRequests, key: 'errors.tooManyRequests' },
};

/**
 * Fastify's `frameworkErrors`: a malformed URL or an over-long path parameter reaches no route, so no hook
 * runs. Fastify's own answer echoed the path in a non-envelope body (API fuzzing, issue 16); this one is the
 * usual 400 with the headers the security plugin would have set (a JSON error may render nothing).
 */
export function frameworkError(_error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const lang = languageFromHeader(request.headers['accept-language']);
  return reply
    .code(400)
    .headers({
      'content-security-policy': DOWNLOAD_CSP,
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'SAMEORIGIN',
      'permissions-policy': PERMISSIONS_POLICY,
      'cache-control': 'no-store',
    })
    .send(envelope(ErrorCode.badRequest, translate(lang, 'errors.badRequest'), 'errors.badRequest'));
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send(envelope(ErrorCode.notFound, translate(request.lang, 'errors.notFound'), 'errors.notFound'));
}

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back whole. */
const TRANSIENT_SQLSTATES = new Set(['40P01', '40001']);
function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT_SQLSTATES.has(code);
}

/** One envelope for every failure (architecture §Conventions 3); 5xx never shows internals. */
async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = request.lang ?? 'es';
    if (error instanceof AppError) {
      if (error.extra.headers) reply.headers(error.extra.headers);
      const fields = error.extra.fields;
      const message = fields
        ? Object.fromEntries(
            Object.entries(fields).map(([field, keys]) => [field, keys.map((k) => translate(lang, k))]),
          )
        : translate(lang, error.key);
      return reply.code(error.statusCode).send(envelope(error.code, message, error.key));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrorsFromIssues(error.validation, lang, error.validationContext);
      return reply.code(422).send(envelope(ErrorCode.validation, fields, 'errors.validation'));
    }
    if (isTransientConflict(error)) {
      // A deadlock or serialization failure rolled the whole transaction back: nothing was written,
      // and the same request can simply be sent again.
      request.log.warn({ code: (error as { code?: string }).code }, 'transaction conflict, rolled back');
      return reply
        .code(503)
        .header('Retry-After', '1')
        .send(envelope(ErrorCode.conflict, translate(lang, 'errors.retry'), 'errors.retry'));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const known = clientErrorCodes[status] ?? badRequest;
      request.log.info({ code: error.code, status }, 'client error');
      return reply.code(status).send(envelope(known.code, translate(lang, known.key), known.key));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelope(ErrorCode.internal, translate(lang, 'errors.internal'), 'errors.internal'));
  });
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
