import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Checks real answers against the OpenAPI document (issue 29 item 4, decision 178): each answer's status must be
 * documented for its operation, its media type must be one the document names for that status (none for a
 * bodiless one), and a JSON body must match the documented schema. Ajv validates, independently of the zod
 * schemas the document was generated from.
 */

type JsonSchema = Record<string, unknown>;
interface MediaType {
  schema?: JsonSchema;
}
interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** One answer as the server sent it. `body` is undefined when it was a stream (bytes not read). */
interface Answer {
  method: string;
  /** The Fastify route (`/web/sessions/:id`). */
  route: string;
  status: number;
  contentType: string | undefined;
  body: string | Buffer | undefined;
}

interface Violation {
  operation: string;
  status: number;
  problem: string;
}

/** `/web/sessions/:id` → `/web/sessions/{id}`. */
const documentPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');
export const operationName = (method: string, route: string) => `${method.toUpperCase()} ${route}`;

/** One line per operation answered, with the statuses it gave: what a conformance test prints. */
export const answeredStatuses = (seen: Conformance['seen']) =>
  [...seen].map(([operation, statuses]) => `${operation}: ${[...statuses].sort().join(' ')}`).join('\n');

/**
 * The document's schemas are OpenAPI 3.0 (draft-04 style bounds, `nullable`); Ajv reads JSON Schema draft-07:
 * boolean exclusive bounds become numbers, `nullable` becomes a union with null.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === 'properties' && value && typeof value === 'object')
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, toJsonSchema(s)]));
    else if (['items', 'additionalProperties', 'not', 'anyOf', 'oneOf', 'allOf'].includes(key))
      out[key] = toJsonSchema(value);
    else out[key] = value;
  }
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (typeof out[exclusive] !== 'boolean') continue;
    if (out[exclusive]) out[exclusive] = out[bound];
    else delete out[exclusive];
    if (out[exclusive] !== undefined) delete out[bound];
  }
  if (out.nullable === true) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  delete out.nullable;
  return out;
}

const isBinary = (schema: JsonSchema | undefined) => schema?.type === 'string' && schema.format === 'binary';
const isEmpty = (body: Answer['body']) => body === undefined || body.length === 0;

export interface Conformance {
  /** Checks one answer; its problems are also kept in `violations`. */
  check(answer: Answer): Violation[];
  readonly violations: Violation[];
  /** Every status each operation answered (`GET /web/sessions/:id` → {204, 404}). */
  readonly seen: Map<string, Set<number>>;
}

export function createConformance(doc: OpenApiDocument): Conformance {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  const compiled = new WeakMap<JsonSchema, ValidateFunction>();
  const validatorOf = (schema: JsonSchema) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(toJsonSchema(schema) as JsonSchema)));
    return validate;
  };
  const violations: Violation[] = [];
  const seen = new Map<string, Set<number>>();

  function problemsOf(answer: Answer): string[] {
    const operation = doc.paths[documentPath(answer.route)]?.[answer.method.toLowerCase()];
    if (!operation) return ['the operation is not in the document'];
    const response = operation.responses?.[String(answer.status)];
    if (!response) return [`status ${answer.status} is not documented`];
    const mediaType = answer.contentType?.split(';')[0]?.trim().toLowerCase();
    if (!response.content) return isEmpty(answer.body) ? [] : ['a body where the document declares none'];
    const documented = Object.keys(response.content);
    if (!mediaType) return [`no media type where the document declares ${documented.join(', ')}`];
    const media = response.content[mediaType];
    if (!media) return [`media type ${mediaType} is not documented (documented: ${documented.join(', ')})`];
    if (isBinary(media.schema)) return isEmpty(answer.body) && answer.body !== undefined ? ['an empty file'] : [];
    if (!mediaType.endsWith('json') || !media.schema) return [];
    let value: unknown;
    try {
      value = JSON.parse(String(answer.body));
    } catch {
      return ['the body is not JSON'];
    }
    const validate = validatorOf(media.schema);
    if (validate(value)) return [];
    return [`body: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`];
  }

  return {
    violations,
    seen,
    check(answer) {
      const operation = operationName(answer.method, answer.route);
      let statuses = seen.get(operation);
      if (!statuses) seen.set(operation, (statuses = new Set()));
      statuses.add(answer.status);
      const found = problemsOf(answer).map((problem) => ({ operation, status: answer.status, problem }));
      violations.push(...found);
      return found;
    },
  };
}

/** API routes only: the docs UI and the web app's files are not operations of the document. */
const isApiRoute = (route: string) => route.startsWith('/web') && !route.startsWith('/web/docs');

/**
 * Checks every answer the app sends from now on (an onSend hook added before `ready()`): test apps only.
 * Requests that match no route (404 from the not-found handler) are not operations and are skipped.
 */
export function checkAnswers(app: FastifyInstance): { conformance: () => Conformance } {
  let conformance: Conformance | undefined;
  const current = () => (conformance ??= createConformance(app.swagger() as OpenApiDocument));
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route || !isApiRoute(route)) return payload;
    const status = reply.statusCode;
    const encoded = reply.getHeader('content-encoding') !== undefined;
    const bytes = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined;
    // Fastify sends no body with a 1xx, 204 or 304, whatever the serializer wrote: what is sent is checked.
    const bodiless = status < 200 || status === 204 || status === 304;
    current().check({
      method: request.method,
      route,
      status,
      contentType: reply.getHeader('content-type') as string | undefined,
      body: bodiless ? '' : encoded ? undefined : (bytes ?? (payload == null ? '' : undefined)),
    });
    return payload;
  });
  return { conformance: current };
}
