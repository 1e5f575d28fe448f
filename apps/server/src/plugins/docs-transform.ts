import type { SwaggerTransform } from '@fastify/swagger';
import { errorEnvelopeSchema } from '@medida/contracts';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Json = Record<string, unknown>;

/** Statuses that never carry a body (HTTP): the document gives them no content whatever the route's schema says. */
const BODILESS = new Set(['101', '204', '304']);

/**
 * Answers Fastify and the error handler give before a handler runs, in the one error envelope: a body that is
 * not JSON or nests too deep (400), too large (413) or of a type no parser takes (415) on a method that may
 * carry one; 422 wherever params, query or body are validated. The route's own declaration wins.
 */
function frameworkRefusals(method: string | string[], schema: FastifySchema) {
  const methods = [method].flat();
  const bodyless = methods.every((m) => m === 'GET' || m === 'HEAD');
  const validated = schema.params !== undefined || schema.querystring !== undefined || schema.body !== undefined;
  return {
    ...(bodyless ? {} : { 400: errorEnvelopeSchema, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema }),
    ...(validated ? { 422: errorEnvelopeSchema } : {}),
  };
}

/**
 * The zod → OpenAPI transform of every route (fastify-type-provider-zod's), plus what it cannot see
 * (decision 178): `schema.documentedBody` becomes the request body under each media type, bodiless answers
 * lose their content, and the chat's WebSocket route (hidden by @fastify/websocket) is documented.
 */
export const documentTransform: SwaggerTransform = (document) => {
  if (!document.schema) return jsonSchemaTransform(document);
  const { documentedBody, hide, ...schema } = document.schema as FastifySchema & { hide?: boolean };
  const websocket = (document.route as { websocket?: boolean }).websocket === true;
  const response = { ...frameworkRefusals(document.route.method, schema), ...(schema.response as object) };
  const base = jsonSchemaTransform({ ...document, schema: { ...schema, response, ...(websocket ? {} : { hide }) } });
  const out = base.schema as Json;
  if (out.hide) return base;
  if (documentedBody) {
    const content = Object.fromEntries(
      Object.entries(documentedBody).map(([mediaType, body]) => {
        const converted = jsonSchemaTransform({ ...document, schema: { body } }).schema as Json;
        return [mediaType, { schema: converted.body }];
      }),
    );
    out.body = { content };
  }
  const responses = (out.response ?? {}) as Record<string, Json>;
  for (const [status, answer] of Object.entries(responses)) {
    if (BODILESS.has(status) || answer['x-no-content'] === true)
      responses[status] = { type: 'null', description: answer.description ?? 'No content' };
  }
  return base;
};
