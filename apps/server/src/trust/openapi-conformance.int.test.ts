import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsiders, type Outsiders } from '../test/access-matrix.ts';
import { freshIp, insertUser, registrationBody } from '../test/factories.ts';
import {
  answeredStatuses,
  createConformance,
  operationName,
  type OpenApiDocument,
} from '../test/openapi-conformance.ts';
import { openApiProblems } from '../test/openapi-structure.ts';
import { chileIds, loggedIn, multipartPayload, sampleFiles } from '../test/people-factories.ts';
import { enrolledTotp, totpCode } from '../test/second-factor-factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/**
 * The OpenAPI document against real answers (issue 29 item 4, decision 178). Every route is driven: each public
 * one and the refusals before any handler here; each authenticated one by the access matrix
 * (access-matrix.int.test.ts), whose app checks all its answers, every actor's, against the document. The test app
 * checks every answer (status, media type, JSON body) against the document.
 */

let ctx: TestContext;
let others: Outsiders;
beforeAll(async () => {
  ctx = await createTestApp({}, { conformance: true });
  others = await outsiders(ctx);
});
afterAll(() => ctx?.close());

const conformance = () => ctx.conformance!();
const BOGUS_TOKEN = 'x'.repeat(43);
const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload });

/** The operator suspends the user's account (decision 229): signing in is refused with 403. */
async function suspend(userId: number) {
  const res = await ctx.app.inject({
    ...post(`/web/operator/accounts/${userId}/suspend`, {}),
    headers: others.operator.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function suspendedUser() {
  const user = await insertUser(ctx);
  await suspend(user.id);
  return user;
}

/** A user with an enrolled authenticator, past the password: its second step's ticket and a valid code. */
async function secondStep() {
  const user = await loggedIn(ctx);
  const { secret } = await enrolledTotp(ctx.app, user.headers);
  const step = await ctx.app.inject({
    ...post('/web/authenticate', { email: user.email, password: user.password }),
    remoteAddress: freshIp(),
  });
  const { ticket } = step.json<{ second_factor: { ticket: string } }>().second_factor;
  return { user, body: { ticket, code: totpCode(ctx.app, secret) } };
}

/** One request for each public route (and an answer it may give: what reaches the handler). */
const publicCases: { route: string; request: () => Promise<InjectOptions> | InjectOptions; status: number }[] = [
  { route: 'GET /web/health', request: () => ({ method: 'GET', url: '/web/health' }), status: 200 },
  { route: 'GET /web/ready', request: () => ({ method: 'GET', url: '/web/ready' }), status: 200 },
  { route: 'GET /web/countries', request: () => ({ method: 'GET', url: '/web/countries' }), status: 200 },
  {
    route: 'GET /web/states',
    request: async () => ({ method: 'GET', url: `/web/states?country_id=${(await chileIds(ctx.db)).pais_id}` }),
    status: 200,
  },
  {
    route: 'GET /web/cities',
    request: async () => ({ method: 'GET', url: `/web/cities?state_id=${(await chileIds(ctx.db)).region_id}` }),
    status: 200,
  },
  {
    route: 'POST /web/authenticate',
    request: async () => {
      const user = await insertUser(ctx);
      return post('/web/authenticate', { email: user.email, password: user.password });
    },
    status: 200,
  },
  {
    route: 'POST /web/authenticate',
    request: async () => post('/web/authenticate', { email: (await insertUser(ctx)).email, password: 'wrong one' }),
    status: 401,
  },
  {
    route: 'POST /web/authenticate/second-factor',
    request: async () => post('/web/authenticate/second-factor', (await secondStep()).body),
    status: 200,
  },
  {
    route: 'POST /web/authenticate/second-factor',
    request: () => post('/web/authenticate/second-factor', { ticket: BOGUS_TOKEN, code: '123456' }),
    status: 401,
  },
  {
    route: 'POST /web/authenticate',
    request: async () => {
      const user = await suspendedUser();
      return post('/web/authenticate', { email: user.email, password: user.password });
    },
    status: 403,
  },
  {
    route: 'POST /web/authenticate/second-factor',
    request: async () => {
      const { user, body } = await secondStep();
      await suspend(user.id);
      return post('/web/authenticate/second-factor', body);
    },
    status: 403,
  },
  { route: 'POST /web/creacuenta', request: () => post('/web/creacuenta', registrationBody()), status: 202 },
  { route: 'POST /web/creacuenta', request: () => post('/web/creacuenta', { nombre: '' }), status: 422 },
  {
    route: 'POST /web/confirmaregistro',
    request: () => post('/web/confirmaregistro', { token: BOGUS_TOKEN }),
    status: 410,
  },
  {
    route: 'POST /web/reestablecepass',
    request: async () => post('/web/reestablecepass', { email: (await insertUser(ctx)).email }),
    status: 200,
  },
  {
    route: 'POST /web/reestablecepass/confirm',
    request: () => post('/web/reestablecepass/confirm', { token: BOGUS_TOKEN, password: 'una clave bastante larga' }),
    status: 410,
  },
  { route: 'POST /web/confirmaemail', request: () => post('/web/confirmaemail', { token: BOGUS_TOKEN }), status: 410 },
  { route: 'POST /web/desbloquea', request: () => post('/web/desbloquea', { token: BOGUS_TOKEN }), status: 410 },
  {
    route: 'GET /web/avatars/:key',
    request: async () => {
      const me = await loggedIn(ctx);
      const { payload, headers } = await multipartPayload({}, [{ name: 'me.png', data: sampleFiles.png() }], 'files');
      const saved = await ctx.app.inject({
        method: 'POST',
        url: '/web/avatar',
        payload,
        headers: { ...headers, ...me.headers },
      });
      return { method: 'GET', url: saved.json<{ data: { img_url: string } }>().data.img_url };
    },
    status: 200,
  },
  {
    route: 'GET /web/avatars/:key',
    request: () => ({ method: 'GET', url: '/web/avatars/00000000-0000-4000-8000-000000000000' }),
    status: 404,
  },
];

/** Refusals before any handler runs, which every route of their kind may give (they are documented too). */
const refusalCases: { name: string; request: () => Promise<InjectOptions>; status: number }[] = [
  {
    name: 'a temporary password opens only its change',
    request: async () => ({
      method: 'GET',
      url: '/web/sessions',
      headers: (await loggedIn(ctx, { cambia_pass: 1 })).headers,
    }),
    status: 403,
  },
  {
    name: 'a session without the second factor its account requires opens only its enrolment',
    request: async () => ({
      method: 'GET',
      url: '/web/sessions',
      headers: (await loggedIn(ctx, { network_requires_second_factor: true })).headers,
    }),
    status: 403,
  },
  {
    name: 'a body that is not JSON',
    request: async () => ({
      ...post('/web/companies', {}),
      payload: '{"name":',
      headers: { ...(await loggedIn(ctx)).headers, 'content-type': 'application/json' },
    }),
    status: 400,
  },
  {
    name: 'a body over the limit',
    request: async () => ({
      ...post('/web/companies', { name: 'x'.repeat(70_000) }),
      headers: (await loggedIn(ctx)).headers,
    }),
    status: 413,
  },
  {
    name: 'a body no parser takes',
    request: async () => ({
      ...post('/web/companies', {}),
      payload: '<name/>',
      headers: { ...(await loggedIn(ctx)).headers, 'content-type': 'application/xml' },
    }),
    status: 415,
  },
  {
    name: 'a path id that is not one',
    request: async () => ({ method: 'GET', url: '/web/clients/abc/portal', headers: (await loggedIn(ctx)).headers }),
    status: 422,
  },
];

describe('the OpenAPI document', () => {
  let doc: OpenApiDocument;
  beforeAll(() => {
    doc = ctx.app.swagger() as OpenApiDocument;
  });

  it('is a valid OpenAPI 3.0 document', () => {
    expect(openApiProblems(doc)).toEqual([]);
  });

  it('has every API route the server registers, and nothing else', () => {
    const registered = ctx.app.routeAccess
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/web/docs') && r.url.startsWith('/web'))
      .map((r) => operationName(r.method, r.url))
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => operationName(m, path.replace(/\{(\w+)\}/g, ':$1'))))
      .sort();
    expect(documented).toEqual(registered);
  });

  it('reports answers outside the document (the check can fail)', () => {
    const check = createConformance(doc).check;
    const health = { method: 'GET', route: '/web/health', contentType: 'application/json' };
    expect(check({ ...health, status: 200, body: '{"status":1}' })[0]?.problem).toMatch(/^body: /);
    expect(check({ ...health, status: 418, body: '{}' })[0]?.problem).toBe('status 418 is not documented');
    expect(check({ ...health, status: 200, contentType: 'text/html', body: '<p>' })[0]?.problem).toMatch(
      /media type text\/html is not documented/,
    );
    const logout = { method: 'POST', route: '/web/logout', status: 204, contentType: undefined };
    expect(check({ ...logout, body: '{"ok":true}' })[0]?.problem).toBe('a body where the document declares none');
    expect(check({ ...logout, body: '' })).toEqual([]);
    const report = { method: 'GET', route: '/web/evaluations/:id/report.pdf', status: 200, body: Buffer.from('%PDF') };
    expect(check({ ...report, contentType: 'application/pdf' })).toEqual([]);
    expect(check({ ...report, contentType: 'application/json' })).toHaveLength(1);
  });
});

describe('real answers match the document', () => {
  it.each(publicCases)('$route → $status', async ({ request, status }) => {
    const options = await request();
    const res = await ctx.app.inject({ remoteAddress: freshIp(), ...options });
    expect(res.statusCode, res.body).toBe(status);
  });

  it.each(refusalCases)('$name → $status', async ({ request, status }) => {
    const res = await ctx.app.inject({ remoteAddress: freshIp(), ...(await request()) });
    expect(res.statusCode, res.body).toBe(status);
  });

  it('every public route answered, and every answer is in the document', () => {
    const seen = conformance().seen;
    expect(publicCases.map((c) => c.route).filter((route) => !seen.has(route))).toEqual([]);
    console.log(`OpenAPI conformance: ${seen.size} operations answered\n${answeredStatuses(seen)}`);
    expect(conformance().violations).toEqual([]);
  });
});
