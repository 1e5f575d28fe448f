import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertUser, login } from '../test/factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/**
 * security.md R31 on every route the server declares, API and web app alike, answered anonymously
 * and with a live token, whatever the status: the headers come from hooks, not from each handler.
 */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'medida-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Medida</title>');
  ctx = await createTestApp({ WEB_DIST_DIR: dist });
  token = await login(ctx.app, await insertUser(ctx));
});
afterAll(() => ctx?.close());

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  const csp = String(res.headers['content-security-policy']);
  // File downloads replace the page policy by a sandbox that allows nothing at all.
  if (csp.startsWith('sandbox')) expect(csp, label).toContain("default-src 'none'");
  else for (const directive of PAGE_CSP) expect(csp, label).toContain(directive);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(String(res.headers['strict-transport-security']), label).toMatch(/max-age=31536000; includeSubDomains/);
  expect(res.headers['referrer-policy'], label).toBe('no-referrer');
  expect(res.headers['x-frame-options'], label).toBe('SAMEORIGIN');
  expect(res.headers['x-powered-by'], label).toBeUndefined();
  expect(String(res.headers['permissions-policy']), label).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
}

describe('security headers on every route', () => {
  it('every API route, anonymous and authenticated: CSP, nosniff, HSTS, referrer policy and Cache-Control: no-store', async () => {
    const routes = ctx.app.routeAccess.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const api = routes.filter((r) => r.url.startsWith('/web/') && !r.url.startsWith('/web/docs'));
    expect(api.length).toBeGreaterThan(20);
    let checked = 0;
    for (const route of api) {
      for (const headers of [{}, bearer(token)]) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:(\w+)/g, '1'),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
        });
        const label = `${route.method} ${route.url} → ${res.statusCode}`;
        expect(res.statusCode, label).toBeLessThan(500);
        expectSecurityHeaders(res, label);
        expect(res.headers['cache-control'], label).toBe('no-store');
        checked++;
      }
    }
    expect(checked).toBe(api.length * 2);
  });

  it('web app pages, static assets, unknown API paths and the API reference carry the same headers', async () => {
    const urls = ['/', '/dashboard', '/users/12', '/pages/login', '/assets/missing.js', '/web/nothing', '/web/docs/'];
    for (const url of urls) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expectSecurityHeaders(res, `GET ${url} → ${res.statusCode}`);
    }
    const unknownApi = await ctx.app.inject({ method: 'GET', url: '/web/nothing', headers: bearer(token) });
    expect(unknownApi.headers['cache-control']).toBe('no-store');
  });
});
