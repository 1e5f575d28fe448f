import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { errorEnvelopeSchema } from '@medida/contracts';
import { z } from 'zod';

/**
 * Request generators for the API fuzzing suite (issue 16): values that follow the OpenAPI document's JSON
 * schemas, and hostile values (huge, unicode, SQL metacharacters, wrong types) mixed into them.
 */

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxItems?: number;
  nullable?: boolean;
}

export interface Operation {
  method: string;
  /** The Fastify URL, with `:name` path parameters. */
  url: string;
  parameters: { in: 'query' | 'path'; name: string; required?: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'url' | 'body'> & { requestBody?: unknown }>>;
}

/** Every operation of the OpenAPI document, with its JSON body schema when it declares one. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      url: path.replace(/\{(\w+)\}/g, ':$1'),
      parameters: (op.parameters ?? []) as Operation['parameters'],
      body: (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.[
        'application/json'
      ]?.schema,
      responses: op.responses ?? {},
    })),
  );
}

const SQL = ["' OR '1'='1", "'; DROP TABLE users; --", '1; SELECT pg_sleep(5)', '%', '_', '\\', '"', "1' --", '$1'];
const UNICODE = ['\u0000', '\ud800', '\u202e‮gnp.exe', 'ﷺ'.repeat(50), '👩‍👩‍👧‍👦'.repeat(30), 'İıſK', '\r\n\t'];
const NUMERIC_TEXT = ['-1', '0', '1e309', 'NaN', 'Infinity', '99999999999999999999', '0x10', '1.5', ' 1 ', ''];
const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', '$where', 'id'];

/** Strings an attacker would try: huge, unicode edge cases, SQL metacharacters, numeric lookalikes. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SQL, ...UNICODE, ...NUMERIC_TEXT, ...KEYS),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'A'.repeat(n)),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
);

/** Any JSON value of the wrong kind, including numbers JSON can carry but no field expects. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, -1, 0, 1.5, -0, 2 ** 53 + 1, 1e308, -1e308, 2147483648, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
);

const withNull = (s: JsonSchema, arb: fc.Arbitrary<unknown>) => (s.nullable ? fc.option(arb, { nil: null }) : arb);

/** A value the schema accepts (best effort: an unconstrained field gets any JSON value). */
function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return withNull(schema, fc.constantFrom(...schema.enum));
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map(validValue));
  switch (schema.type) {
    case 'object':
      return withNull(schema, objectOf(schema, validValue));
    case 'array':
      return withNull(
        schema,
        fc.array(validValue(schema.items ?? {}), { maxLength: Math.min(schema.maxItems ?? 5, 5) }),
      );
    case 'string':
      return withNull(schema, stringFor(schema));
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max = schema.maximum ?? Math.max(min, 1000) + 1000;
      return withNull(
        schema,
        schema.type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }),
      );
    }
    case 'boolean':
      return withNull(schema, fc.boolean());
    default:
      return fc.oneof(fc.integer({ min: 1, max: 20 }), fc.jsonValue({ maxDepth: 2 }));
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) });
}

/** An object with the required properties and some optional ones, each value drawn by `value`. */
function objectOf(schema: JsonSchema, value: (s: JsonSchema) => fc.Arbitrary<unknown>) {
  const props = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, value(s)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
}

/** A valid value with one field (at any depth of the top object) replaced by a hostile one, or dropped. */
function mutatedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.tuple(validValue(schema), fc.nat(), hostileValue, fc.boolean()).map(([value, pick, hostile, drop]) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return hostile;
    const keys = [...Object.keys(value), ...KEYS.slice(1)];
    const key = keys[pick % keys.length]!;
    const copy: Record<string, unknown> = { ...value };
    if (drop) delete copy[key];
    else copy[key] = hostile;
    return copy;
  });
}

/** A request body as raw text: schema-shaped, mutated, foreign, deeply nested, prototype-poisoned or not JSON. */
function bodyText(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const shaped = schema ? [validValue(schema), mutatedValue(schema)] : [];
  return fc.oneof(
    ...shaped.map((arb) => ({ arbitrary: arb.map((v) => JSON.stringify(v) ?? 'null'), weight: 4 })),
    { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)), weight: 1 },
    { arbitrary: fc.integer({ min: 100, max: 20_000 }).map((d) => '['.repeat(d) + ']'.repeat(d)), weight: 1 },
    {
      arbitrary: fc
        .constantFrom('__proto__', 'constructor')
        .map((k) => `{"${k}":{"isAdmin":true,"prototype":{"type":1}},"id":1}`),
      weight: 1,
    },
    { arbitrary: hostileString, weight: 1 },
  );
}

/** A query or path parameter value: valid for its schema most of the time, hostile otherwise. */
function parameterValue(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: validValue(schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))), weight: 3 },
    { arbitrary: hostileString, weight: 2 },
  );
}

export interface FuzzRequest {
  method: string;
  url: string;
  payload?: string;
  anonymous: boolean;
}

/** Whole requests for one operation: path and query parameters, a body for the methods that carry one. */
export function requestsFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const path = op.parameters.filter((p) => p.in === 'path');
  const query = op.parameters.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(...path.map((p) => parameterValue(p.schema)));
  const queryArb = fc.tuple(
    ...query.map((p) =>
      p.required ? parameterValue(p.schema) : fc.option(parameterValue(p.schema), { nil: undefined }),
    ),
  );
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const bodyArb = hasBody ? bodyText(op.body) : fc.constant(undefined);
  return fc
    .record({ pathValues: pathArb, queryValues: queryArb, payload: bodyArb, anonymous: fc.nat(9).map((n) => n < 3) })
    .map(({ pathValues, queryValues, payload, anonymous }) => {
      let url = op.url;
      path.forEach((p, i) => (url = url.replace(`:${p.name}`, encodeSegment(pathValues[i]!))));
      const search = new URLSearchParams();
      query.forEach((p, i) => queryValues[i] !== undefined && search.append(p.name, queryValues[i]));
      const qs = search.toString();
      return { method: op.method, url: qs ? `${url}?${qs}` : url, payload, anonymous };
    });
}

/** A path segment; lone surrogates (which encodeURIComponent refuses) become U+FFFD as browsers send them. */
const encodeSegment = (value: string) =>
  encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  ) || '%20';

const STACK = [/\n\s+at [\w.<>]+ \(/, /node_modules/, /\/src\/[\w/-]+\.ts/, /\b\w*Error: .*\n/];
const SQL_TEXT = [
  /syntax error at or near/i,
  /relation "[^"]+" does not exist/i,
  /violates [\w ]*constraint/i,
  /duplicate key value/i,
  /invalid input syntax for/i,
  /column "[^"]+" (of relation|does not exist)/i,
  /\b(select|delete)\b[^"]{0,200}\bfrom\b\s+"?\w+"?\s+(where|limit|order)/i,
  /\binsert into\b/i,
  /kysely|pglite|postgres/i,
];

export type FuzzFinding = 'status >= 500' | 'stack trace' | 'SQL text' | 'response schema' | 'undeclared status';

/** What is wrong with one answer of `op`, if anything. */
export function findingsFor(op: Operation, res: LightMyRequestResponse): FuzzFinding[] {
  const found: FuzzFinding[] = [];
  if (res.statusCode >= 500) found.push('status >= 500');
  if (STACK.some((re) => re.test(res.body))) found.push('stack trace');
  if (res.statusCode >= 400 && SQL_TEXT.some((re) => re.test(res.body))) found.push('SQL text');
  const declared = op.responses[String(res.statusCode)] ?? op.responses.default;
  const schema = declared?.content?.['application/json']?.schema;
  if (res.statusCode === 204) {
    if (res.body !== '') found.push('response schema');
  } else if (!declared) {
    // Framework-level refusals (400 bad JSON, 413, 415, 429) are not declared per route: they must still
    // carry the one error envelope the document announces.
    if (res.statusCode < 400 || !errorEnvelopeSchema.safeParse(parsed(res)).success) found.push('undeclared status');
  } else if (schema && !schemaAccepts(schema, res)) found.push('response schema');
  return found;
}

function parsed(res: LightMyRequestResponse): unknown {
  try {
    return JSON.parse(res.body);
  } catch {
    return undefined;
  }
}

const compiled = new WeakMap<object, z.ZodType>();
function schemaAccepts(schema: JsonSchema, res: LightMyRequestResponse): boolean {
  let zod = compiled.get(schema);
  if (!zod)
    compiled.set(
      schema,
      (zod = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0], { defaultTarget: 'openapi-3.0' })),
    );
  return zod.safeParse(parsed(res)).success;
}
