import { describe, expect, it } from 'vitest';
import { createConformance, toJsonSchema, type OpenApiDocument } from './openapi-conformance.ts';
import { openApiProblems } from './openapi-structure.ts';

/** The two checkers fail when they should: on a small document, not only on the real one (which passes). */

const item = {
  type: 'object',
  properties: {
    id: { type: 'integer', minimum: 0, exclusiveMinimum: true },
    note: { type: 'string', nullable: true },
  },
  required: ['id', 'note'],
  additionalProperties: false,
};
const document = {
  openapi: '3.0.3',
  info: { title: 'Test', version: '1' },
  paths: {
    '/web/items/{id}': {
      get: {
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': { description: 'An item', content: { 'application/json': { schema: item } } },
          '404': { description: 'None' },
        },
      },
      delete: {
        parameters: [{ in: 'path', name: 'id', required: true, schema: {} }],
        responses: { '204': { description: 'Gone' } },
      },
    },
  },
};
const doc: OpenApiDocument = document;
const get = { method: 'GET', route: '/web/items/:id', status: 200, contentType: 'application/json; charset=utf-8' };

describe('answers against the document', () => {
  it('accepts an answer the document describes', () => {
    const conformance = createConformance(doc);
    expect(conformance.check({ ...get, body: '{"id":1,"note":null}' })).toEqual([]);
    expect(conformance.check({ ...get, status: 404, contentType: undefined, body: '' })).toEqual([]);
    expect([...conformance.seen.get('GET /web/items/:id')!]).toEqual([200, 404]);
  });

  it('reports a body outside the schema, an undocumented status, media type or operation', () => {
    const { check, violations } = createConformance(doc);
    expect(check({ ...get, body: '{"id":0,"note":null}' })[0]?.problem).toMatch(/body\/id must be > 0/);
    expect(check({ ...get, body: '{"id":1,"note":null,"secret":"x"}' })[0]?.problem).toMatch(/additional properties/);
    expect(check({ ...get, body: 'not json' })[0]?.problem).toBe('the body is not JSON');
    expect(check({ ...get, status: 500, body: '{}' })[0]?.problem).toBe('status 500 is not documented');
    expect(check({ ...get, contentType: 'text/csv', body: 'a,b' })[0]?.problem).toMatch(/text\/csv is not documented/);
    expect(check({ ...get, method: 'PUT', body: '{}' })[0]?.problem).toBe('the operation is not in the document');
    const gone = { method: 'DELETE', route: '/web/items/:id', status: 204, contentType: undefined };
    expect(check({ ...gone, body: 'null' })[0]?.problem).toBe('a body where the document declares none');
    expect(violations).toHaveLength(7);
  });

  it('reads OpenAPI 3.0 bounds and nullable as JSON Schema', () => {
    expect(toJsonSchema({ type: 'integer', minimum: 0, exclusiveMinimum: true })).toEqual({
      type: 'integer',
      exclusiveMinimum: 0,
    });
    expect(toJsonSchema({ type: 'number', maximum: 5, exclusiveMaximum: false })).toEqual({
      type: 'number',
      maximum: 5,
    });
    expect(toJsonSchema({ type: 'string', nullable: true })).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
  });
});

describe('the document against OpenAPI 3.0', () => {
  it('passes a valid document', () => {
    expect(openApiProblems(doc)).toEqual([]);
  });

  it('reports what makes a document invalid', () => {
    expect(openApiProblems({ ...doc, info: undefined })).toEqual([expect.stringMatching(/info/)]);
    const broken = JSON.parse(JSON.stringify(doc)) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const op = broken.paths['/web/items/{id}']!.get!;
    op.parameters = [];
    op.security = [{ cookie: [] }];
    op.responses = {
      '200': {
        description: 'x',
        content: { 'application/json': { schema: { type: 'null', exclusiveMinimum: 1, const: 2 } } },
      },
    };
    expect(openApiProblems(broken)).toEqual([
      "GET /web/items/{id}: path parameters  differ from the template's id",
      'GET /web/items/{id}: security scheme cookie is not declared',
      'GET /web/items/{id} 200 application/json: "const" is not an OpenAPI 3.0 keyword',
      'GET /web/items/{id} 200 application/json: type "null" is not an OpenAPI 3.0 type',
      'GET /web/items/{id} 200 application/json: exclusiveMinimum must be a boolean',
    ]);
    broken.paths['/web/items/{id}']!.get!.responses = { '200': {} };
    expect(openApiProblems(broken)).toEqual([expect.stringMatching(/description/)]);
  });
});
