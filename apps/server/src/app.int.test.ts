import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { ErrorCode } from '@medida/contracts';
import { sql } from '@medida/db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { loggerOptions } from './app.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from './plugins/auth.ts';
import { bearer, insertUser, login } from './test/factories.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('default deny', () => {
  it('declares every /web route as public or not, and answers 401 to anonymous calls on every non-public one', async () => {
    const apiRoutes = ctx.app.routeAccess.filter((r) => r.url.startsWith('/web') && r.method !== 'HEAD');
    const privateRoutes = apiRoutes.filter((r) => !r.public);
    expect(privateRoutes.length).toBeGreaterThanOrEqual(4);
    for (const route of privateRoutes) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, '1'),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: ErrorCode.unauthenticated } });
    }
    expect(apiRoutes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /web/authenticate',
        'GET /web/health',
        'GET /web/countries',
        'POST /web/creacuenta',
        'POST /web/reestablecepass',
        'POST /web/reestablecepass/confirm',
      ]),
    );
  });

  it('refuses to boot when a /web route does not declare config.public', async () => {
    const app = Fastify({ logger: false });
    await app.register(auth, { authenticate: async () => null });
    expect(() => app.get('/web/forgotten', async () => ({ ok: true }))).toThrow(
      /GET \/web\/forgotten must declare config.public/,
    );
    await app.close();
  });
});

describe('error envelope', () => {
  const postJson = (url: string, body: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, body, headers: { 'content-type': 'application/json', ...headers } });

  it('answers malformed JSON with 400 bad_request', async () => {
    const res = await postJson('/web/authenticate', '{"email": "a@b.cl", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: ErrorCode.badRequest, key: 'errors.badRequest' } });
  });

  it('answers __proto__ and constructor.prototype keys with 400', async () => {
    for (const body of [
      '{"__proto__":{"isAdmin":true},"email":"a@b.cl","password":"x"}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await postJson('/web/authenticate', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(ErrorCode.badRequest);
    }
  });

  it('answers schema failures with 422 and a field map translated by Accept-Language (es fallback)', async () => {
    const body = JSON.stringify({ email: 'nope', password: 123 });
    const es = await postJson('/web/authenticate', body, { 'accept-language': 'de-DE, fr;q=0.8' });
    const en = await postJson('/web/authenticate', body, { 'accept-language': 'en-US,en;q=0.9' });
    const pt = await postJson('/web/authenticate', body, { 'accept-language': 'pt-BR' });
    expect(es.statusCode).toBe(422);
    expect(es.json()).toEqual({
      error: {
        code: ErrorCode.validation,
        key: 'errors.validation',
        message: { email: ['Ingresa un correo electrónico válido.'], password: ['Valor no válido.'] },
      },
    });
    expect(en.json().error.message.email).toEqual(['Enter a valid e-mail address.']);
    expect(pt.json().error.message.email).toEqual(['Informe um e-mail válido.']);
  });

  it('reports missing fields as required and a missing body under "body"', async () => {
    const missing = await postJson('/web/authenticate', '{}', { 'accept-language': 'en' });
    expect(missing.json().error.message).toEqual({
      email: ['This field is required.'],
      password: ['This field is required.'],
    });
    const noBody = await ctx.app.inject({ method: 'POST', url: '/web/authenticate' });
    expect(noBody.statusCode).toBe(422);
    expect(Object.keys(noBody.json().error.message)).toEqual(['body']);
  });

  it('answers a body over the JSON limit with 413 and a non-JSON content type with 415', async () => {
    const big = await postJson('/web/creacuenta', JSON.stringify({ nombre: 'x'.repeat(70 * 1024) }));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe(ErrorCode.payloadTooLarge);
    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/web/authenticate',
      body: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe(ErrorCode.unsupportedMedia);
  });

  it('answers unknown /web routes with a 404 envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await ctx.app.inject({ method, url: '/web/no-such-thing', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: ErrorCode.notFound } });
    }
  });
});

describe('HTTP headers', () => {
  it('sets CSP, nosniff, HSTS, a referrer policy and no-store on API answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/web/health' });
    expect(res.json()).toEqual({ status: 'ok' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['strict-transport-security'])).toContain('max-age=31536000');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends no CORS headers to an origin that is not allowed', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/web/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('public reference data and docs', () => {
  it('GET /web/countries lists countries with id, name, phonecode and iso2', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/web/countries' });
    expect(res.statusCode).toBe(200);
    const { countries } = res.json<{
      countries: Array<{ id: number; name: string; phonecode: string; iso2: string }>;
    }>();
    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual(expect.objectContaining({ name: 'Chile', iso2: 'CL', phonecode: '56' }));
  });

  it('serves the OpenAPI document and the browsable reference', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/web/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/web/authenticate',
        '/web/datosusuario',
        '/web/creacuenta',
        '/web/reestablecepass/confirm',
      ]),
    );
    // No secrets in URLs (security.md R13).
    expect(JSON.stringify(doc)).not.toMatch(/"in":"query","name":"(token|password|email)"/);
    const ui = await ctx.app.inject({ method: 'GET', url: '/web/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('web app hosting', () => {
  const BIG_ASSET = `export const big = '${'x'.repeat(4000)}';`;
  let web: TestContext;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'medida-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Medida</title>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets/small-AbCd1234.js'), 'export const small = 1;');
    writeFileSync(path.join(dist, 'assets/big-AbCd1234.js'), BIG_ASSET);
    writeFileSync(path.join(dist, 'assets/big-AbCd1234.js.br'), brotliCompressSync(BIG_ASSET));
    web = await createTestApp({ WEB_DIST_DIR: dist, CORS_ORIGINS: 'http://localhost:5173' });
  });
  afterAll(() => web?.close());

  it('answers HTML navigations outside /web with index.html (history mode)', async () => {
    for (const url of ['/', '/dashboard', '/users/12', '/pages/reset-password']) {
      const res = await web.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Medida</title>');
    }
  });

  it('keeps API 404s as JSON and missing assets as 404', async () => {
    const api = await web.app.inject({ method: 'GET', url: '/web/nothing-here', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe(ErrorCode.notFound);
    const asset = await web.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
  });

  it('answers 404 for a missing asset whatever the accepted encodings and methods (never 500, never the HTML)', async () => {
    for (const encoding of ['br', 'gzip', 'br, gzip, deflate', 'br;q=0, gzip', 'identity', ''])
      for (const url of ['/assets/missing-AbCd1234.js', '/assets/missing.css', '/missing.svg', '/assets/'])
        for (const accept of ['*/*', 'text/html'])
          for (const method of ['GET', 'HEAD'] as const) {
            const res = await web.app.inject({ method, url, headers: { accept, 'accept-encoding': encoding } });
            const what = `${method} ${url} (${encoding}, ${accept})`;
            if (url === '/missing.svg' && accept === 'text/html') {
              expect(res.statusCode, what).toBe(200); // a page address: the app shows its own 404 page
              continue;
            }
            expect(res.statusCode, what).toBe(404);
            if (method === 'GET') expect(res.json().error.code, what).toBe(ErrorCode.notFound);
          }
  });

  it('answers the 404 envelope while the build is being replaced (index.html missing)', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'medida-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Medida</title>');
    const replaced = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      rmSync(path.join(dist, 'index.html'));
      for (const encoding of ['br', '']) {
        const res = await replaced.app.inject({
          method: 'GET',
          url: '/dashboard',
          headers: { accept: 'text/html', 'accept-encoding': encoding },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe(ErrorCode.notFound);
      }
    } finally {
      await replaced.close();
    }
  });

  it('sends the asset itself when its precompressed copy is missing, and the copy when it exists', async () => {
    const plain = await web.app.inject({
      method: 'GET',
      url: '/assets/small-AbCd1234.js',
      headers: { accept: '*/*', 'accept-encoding': 'br, gzip' },
    });
    // Under 1 kB the build writes no .br: the file itself is sent (compressed on the fly by @fastify/compress).
    expect(plain.statusCode).toBe(200);
    const body = plain.headers['content-encoding'] === 'br' ? brotliDecompressSync(plain.rawPayload) : plain.rawPayload;
    expect(body.toString()).toBe('export const small = 1;');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await web.app.inject({
      method: 'GET',
      url: '/assets/big-AbCd1234.js',
      headers: { accept: '*/*', 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_ASSET);
  });

  it("allows index.html's inline script by its hash in the CSP, and no other inline script", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'medida-dist-'));
    const inline = "(function(){document.title='x'})()";
    writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Medida</title><script>${inline}</script>`);
    const withScript = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const res = await withScript.app.inject({ method: 'GET', url: '/pages/login', headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1];
      const hash = createHash('sha256').update(inline).digest('base64');
      expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    } finally {
      await withScript.close();
    }
    const plain = await web.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(/script-src ([^;]+)/.exec(String(plain.headers['content-security-policy']))?.[1]).toBe("'self'");
  });

  it("sends Login prerendered in the visitor's language: the app's cookie, then Accept-Language, then Spanish (decision 163)", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'medida-dist-'));
    const indexScript = "(function(){document.title='index'})()";
    const loginScript = "(function(){document.title='login'})()";
    writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>index</title><script>${indexScript}</script>`);
    mkdirSync(path.join(dist, 'prerendered'));
    for (const lang of ['es', 'en', 'pt'])
      writeFileSync(
        path.join(dist, 'prerendered', `login-${lang}.html`),
        `<!doctype html><html data-prerendered="${lang}"><script>${loginScript}</script>`,
      );
    const app = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const get = (url: string, headers: Record<string, string> = {}) =>
        app.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
      const variant = (body: string) => /data-prerendered="(\w+)"/.exec(body)?.[1] ?? 'index';
      expect(variant((await get('/pages/login')).body)).toBe('es');
      expect(variant((await get('/pages/login', { 'accept-language': 'de-DE, pt-BR;q=0.9, en;q=0.8' })).body)).toBe(
        'pt',
      );
      const chosen = await get('/Pages/Login/?next=1', { 'accept-language': 'pt-BR', cookie: 'x=1; medida_lang=en' });
      expect(variant(chosen.body)).toBe('en');
      expect(chosen.headers.vary).toContain('Cookie');
      expect(chosen.headers['cache-control']).toBe('no-cache');
      // A cookie that names no language of ours is ignored; other addresses get index.html.
      expect(variant((await get('/pages/login', { cookie: 'medida_lang=fr', 'accept-language': 'en' })).body)).toBe(
        'en',
      );
      expect(variant((await get('/pages/register', { cookie: 'medida_lang=en' })).body)).toBe('index');
      expect(variant((await get('/dashboard')).body)).toBe('index');
      // Both inline scripts are allowed by their hash, each once.
      const scriptSrc = /script-src ([^;]+)/.exec(String(chosen.headers['content-security-policy']))?.[1];
      const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
      expect(scriptSrc).toBe(`'self' ${hash(indexScript)} ${hash(loginScript)}`);
      // A prerendered file rewritten under the running server carries a script its CSP does not know: index.html.
      writeFileSync(path.join(dist, 'prerendered', 'login-en.html'), '<!doctype html><html data-prerendered="en">');
      const later = new Date(Date.now() + 5000);
      utimesSync(path.join(dist, 'prerendered', 'login-en.html'), later, later);
      expect(variant((await get('/pages/login', { cookie: 'medida_lang=en' })).body)).toBe('index');
      expect(variant((await get('/pages/login', { cookie: 'medida_lang=pt' })).body)).toBe('pt');
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('allows the configured CORS origin with the X-Requested-With header', async () => {
    const res = await web.app.inject({
      method: 'OPTIONS',
      url: '/web/authenticate',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(res.headers['access-control-allow-headers'])).toContain('X-Requested-With');
  });
});

/** An app whose log lines (with the product's logger options at `level`) are collected as written. */
async function appWithLogLines(level: string) {
  const lines: string[] = [];
  const logged = await createTestApp(
    {},
    {
      logger: {
        ...(loggerOptions(level) as object),
        stream: { write: (line: string) => lines.push(line) },
      } as FastifyServerOptions['logger'],
    },
  );
  return { logged, lines };
}

describe('logging', () => {
  it('never writes passwords, tokens, the Authorization header or query strings, even at trace level', async () => {
    const { logged, lines } = await appWithLogLines('trace');
    try {
      const user = await insertUser(logged, { password: 'canary-password-7d1f' });
      const token = await login(logged.app, user);
      await logged.app.inject({ method: 'GET', url: '/web/authenticate/user', headers: bearer(token) });
      await logged.app.inject({
        method: 'POST',
        url: '/web/authenticate',
        payload: { email: user.email, password: 'canary-wrong-9c2e' },
      });
      await logged.app.inject({
        method: 'POST',
        url: '/web/reestablecepass/confirm',
        payload: { token: 'canary-reset-token-4b8a-xxxxxxxxxxxx', password: 'canary-new-3a5d' },
      });
      // Issue 10 item 14: searches and filters carry personal data; query strings never reach the logs.
      for (const url of [
        '/web/listaevaluaciones?filter_email=canary-mail%40example.com&filter_rut=canary-rut-8841&filter_nombre=canary-name',
        '/web/getMyClients?type=2&parent_user_id=1&search=canary-search-5520',
        '/web/evaluationListing?type=2&parent_user_id=1&search=canary-listing-7731',
      ])
        await logged.app.inject({ method: 'GET', url, headers: bearer(token) });
      const output = lines.join('');
      expect(output.length).toBeGreaterThan(0);
      expect(output).toContain('/web/listaevaluaciones?[redacted]');
      for (const canary of ['canary-mail', 'canary-rut-8841', 'canary-name', 'canary-search-5520', 'canary-listing'])
        expect(output).not.toContain(canary);
      for (const canary of [
        'canary-password-7d1f',
        'canary-wrong-9c2e',
        'canary-reset-token-4b8a',
        'canary-new-3a5d',
        token,
      ])
        expect(output).not.toContain(canary);
    } finally {
      await logged.close();
    }
  });
  it('writes one compact line per request, with its status and time, and none for a passing health check', async () => {
    const { logged, lines } = await appWithLogLines('info');
    try {
      lines.length = 0;
      await logged.app.inject({ method: 'GET', url: '/web/health' });
      await logged.app.inject({ method: 'GET', url: '/web/countries?lang=es' });
      await logged.app.inject({ method: 'GET', url: '/web/authenticate/user' });
      const access = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l.msg === 'request');
      expect(access.map((l) => [l.method, l.url, l.status])).toEqual([
        ['GET', '/web/countries?[redacted]', 200],
        ['GET', '/web/authenticate/user', 401],
      ]);
      expect(typeof access[0]!.ms).toBe('number');
      // Fastify's own two lines per request are off: one line, well under the ~370 bytes they took together.
      expect(lines.filter((l) => /incoming request|request completed/.test(l))).toEqual([]);
      for (const line of lines.filter((l) => l.includes('"msg":"request"'))) expect(line.length).toBeLessThan(220);
    } finally {
      await logged.close();
    }
  });
});

describe('failures inside the server', () => {
  it('answer 500 with a generic message, never internals', async () => {
    const broken = await createTestApp();
    const user = await insertUser(broken);
    const token = await login(broken.app, user);
    await sql`ALTER TABLE sessions RENAME TO sessions_gone`.execute(broken.db); // the schema breaks under the app
    const res = await broken.app.inject({ method: 'GET', url: '/web/authenticate/user', headers: bearer(token) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: ErrorCode.internal, key: 'errors.internal', message: expect.any(String) },
    });
    expect(res.body).not.toMatch(/select|sessions|stack|at /i);
    await broken.close();
  });
});
