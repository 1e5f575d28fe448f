import Ajv from 'ajv';

/**
 * Is the document a valid OpenAPI 3.0 document? The parts the server emits are checked against the
 * specification's rules (decision 178): the required fields of the document, operations, responses, media
 * types and parameters (a JSON schema, Ajv), path templates against path parameters, security schemes that
 * exist, unique operation ids, and schema objects that use only OpenAPI 3.0's keywords (3.0 has no `null`
 * type, no `const`, no numeric exclusive bounds: things a JSON Schema generator may write).
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const object = (required: string[], properties: object = {}) => ({ type: 'object', required, properties });

const structure = {
  ...object(['openapi', 'info', 'paths'], {
    openapi: { type: 'string', pattern: '^3\\.0\\.\\d+$' },
    info: object(['title', 'version'], { title: { type: 'string' }, version: { type: 'string' } }),
    paths: {
      type: 'object',
      propertyNames: { pattern: '^/' },
      additionalProperties: {
        type: 'object',
        propertyNames: { enum: METHODS },
        additionalProperties: { $ref: '#/definitions/operation' },
      },
    },
    components: { type: 'object' },
  }),
  definitions: {
    operation: object(['responses'], {
      summary: { type: 'string' },
      description: { type: 'string' },
      operationId: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
      security: { type: 'array', items: { type: 'object', additionalProperties: { type: 'array' } } },
      parameters: { type: 'array', items: { $ref: '#/definitions/parameter' } },
      requestBody: object(['content'], { content: { $ref: '#/definitions/content' }, required: { type: 'boolean' } }),
      responses: {
        type: 'object',
        minProperties: 1,
        propertyNames: { pattern: '^([1-5](\\d\\d|XX)|default)$' },
        additionalProperties: object(['description'], {
          description: { type: 'string' },
          content: { $ref: '#/definitions/content' },
          headers: { type: 'object' },
        }),
      },
    }),
    content: {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: '^[\\w.+-]+/[\\w.+*-]+$' },
      additionalProperties: object(['schema'], { schema: { type: 'object' } }),
    },
    parameter: {
      ...object(['name', 'in', 'schema'], {
        name: { type: 'string' },
        in: { enum: ['query', 'header', 'path', 'cookie'] },
        required: { type: 'boolean' },
        schema: { type: 'object' },
      }),
      if: { properties: { in: { const: 'path' } } },
      then: { required: ['required'], properties: { required: { const: true } } },
    },
  },
};

/** The Schema Object's fields in OpenAPI 3.0.3 (§4.7.24); `x-` extensions are allowed too. */
const SCHEMA_KEYWORDS = new Set(
  (
    'title multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems ' +
    'minItems uniqueItems maxProperties minProperties required enum type allOf oneOf anyOf not items properties ' +
    'additionalProperties description format default nullable discriminator readOnly writeOnly xml externalDocs ' +
    'example deprecated'
  ).split(' '),
);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

function schemaProblems(schema: unknown, at: string): string[] {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return [`${at}: not a schema object`];
  const s = schema as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(s))
    if (!SCHEMA_KEYWORDS.has(key) && !key.startsWith('x-'))
      problems.push(`${at}: "${key}" is not an OpenAPI 3.0 keyword`);
  if (s.type !== undefined && !(typeof s.type === 'string' && TYPES.has(s.type)))
    problems.push(`${at}: type ${JSON.stringify(s.type)} is not an OpenAPI 3.0 type`);
  for (const bound of ['exclusiveMinimum', 'exclusiveMaximum'])
    if (s[bound] !== undefined && typeof s[bound] !== 'boolean') problems.push(`${at}: ${bound} must be a boolean`);
  if (s.required !== undefined && !Array.isArray(s.required)) problems.push(`${at}: required must be a list`);
  const children: [string, unknown][] = [
    ...Object.entries((s.properties as object | undefined) ?? {}).map(([k, v]): [string, unknown] => [
      `properties.${k}`,
      v,
    ]),
    ...(['items', 'not'] as const).filter((k) => s[k] !== undefined).map((k): [string, unknown] => [k, s[k]]),
    ...(typeof s.additionalProperties === 'object'
      ? [['additionalProperties', s.additionalProperties] as [string, unknown]]
      : []),
    ...(['allOf', 'oneOf', 'anyOf'] as const).flatMap((k) =>
      ((s[k] as unknown[] | undefined) ?? []).map((v, i): [string, unknown] => [`${k}.${i}`, v]),
    ),
  ];
  for (const [path, child] of children) problems.push(...schemaProblems(child, `${at}.${path}`));
  return problems;
}

interface Doc {
  paths?: Record<string, Record<string, Op>>;
  components?: { securitySchemes?: Record<string, unknown> };
}
interface Op {
  operationId?: string;
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

/** Everything that makes `doc` an invalid OpenAPI 3.0 document; empty when it is valid. */
export function openApiProblems(doc: unknown): string[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(structure);
  if (!validate(doc)) return (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}`);
  const { paths = {}, components = {} } = doc as Doc;
  const problems: string[] = [];
  const operationIds = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [method, op] of Object.entries(item)) {
      const at = `${method.toUpperCase()} ${path}`;
      const declared = (op.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      if (JSON.stringify(declared) !== JSON.stringify(templated))
        problems.push(`${at}: path parameters ${declared.join(',')} differ from the template's ${templated.join(',')}`);
      if (op.operationId !== undefined) {
        if (operationIds.has(op.operationId)) problems.push(`${at}: operationId ${op.operationId} is not unique`);
        operationIds.add(op.operationId);
      }
      for (const requirement of op.security ?? [])
        for (const name of Object.keys(requirement))
          if (!components.securitySchemes?.[name]) problems.push(`${at}: security scheme ${name} is not declared`);
      for (const p of op.parameters ?? []) problems.push(...schemaProblems(p.schema, `${at} parameter ${p.name}`));
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        problems.push(...schemaProblems(media.schema, `${at} body ${type}`));
      for (const [status, answer] of Object.entries(op.responses ?? {}))
        for (const [type, media] of Object.entries(answer.content ?? {}))
          problems.push(...schemaProblems(media.schema, `${at} ${status} ${type}`));
    }
  }
  return problems;
}
